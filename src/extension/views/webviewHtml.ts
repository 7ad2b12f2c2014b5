// The HTML shell of every Waypoint webview: a strict CSP with a per-load nonce, scripts and styles
// only from the extension's dist/webview and media folders, no inline handlers.
import * as vscode from 'vscode';
import { webviewCsp } from './webviewCsp';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function nonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let value = '';
  for (let index = 0; index < 32; index++) value += alphabet.charAt(Math.floor(Math.random() * alphabet.length));
  return value;
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    retainContextWhenHidden: false,
    localResourceRoots: [
      vscode.Uri.joinPath(extensionUri, 'dist', 'webview'),
      vscode.Uri.joinPath(extensionUri, 'media'),
    ],
  };
}

/** `data` becomes data-* attributes of #app (values escaped), for URLs the app needs at start-up. */
export function webviewHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  scriptName: string,
  title: string,
  data: Record<string, string> = {},
): string {
  const scriptNonce = nonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', scriptName));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview.css'));
  const csp = webviewCsp(webview.cspSource, scriptNonce);
  // 'unsafe-inline' styles are needed by the lit-based @vscode-elements components (constructable
  // stylesheets fall back to <style> tags in some hosts); scripts stay nonce-only.
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>${title}</title>
</head>
<body>
<div id="app"${Object.entries(data)
    .map(([key, value]) => ` data-${key}="${escapeAttribute(value)}"`)
    .join('')}></div>
<script nonce="${scriptNonce}" src="${script}"></script>
</body>
</html>`;
}
