// esbuild's text loader (esbuild.mjs `loader: { '.md': 'text' }`): a Markdown file imported as its text.
declare module '*.md' {
  const text: string;
  export default text;
}
