// The Content-Security-Policy of every Waypoint webview, apart from webviewHtml.ts so that the
// browser tests hold the webview bundles to the very policy VS Code serves them with.

/**
 * Scripts only with the page's nonce; styles, fonts and images from the extension; `connect-src`
 * lets the maze view fetch its ELK worker script, which it starts from a blob URL (`worker-src blob:`,
 * as a webview cannot start a worker from its resource origin).
 */
export function webviewCsp(cspSource: string, scriptNonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource} 'unsafe-inline'`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `script-src 'nonce-${scriptNonce}'`,
    `connect-src ${cspSource}`,
    'worker-src blob:',
  ].join('; ');
}
