import { printSummary } from './benchSummary';

/** `npm run bench [name…]`: every benchmark (or the named ones), one after another (they share the CPU, so never in parallel). */
const benches: Record<string, () => Promise<void>> = {
  parser: async () => (await import('./parserBench')).runParserBench(),
  context: async () => (await import('./contextBench')).runContextBench(),
  store: async () => (await import('./storeBench')).runStoreBench(),
  host: async () => (await import('./hostStreamBench')).runHostStreamBench(),
  webview: async () => (await import('./webviewBench')).runWebviewBench(),
  scale: async () => (await import('./scaleBench')).runScaleBench(),
  security: async () => (await import('./securityBench')).runSecurityBench(),
  faults: async () => (await import('./faultsBench')).runFaultsBench(),
  vscode: async () => (await import('./vscodeBench')).runVsCodeBench(),
  mcp: async () => (await import('./mcpBench')).runMcpBench(),
  language: async () => (await import('./languageBench')).runLanguageBench(),
  images: async () => (await import('./imageBench')).runImageBench(),
  inlineReview: async () => (await import('./inlineReviewBench')).runInlineReviewBench(),
  sandbox: async () => (await import('./sandboxBench')).runSandboxBench(),
  messages: async () => (await import('./messagesCacheBench')).runMessagesCacheBench(),
  web: async () => (await import('./webBench')).runWebBench(),
  commands: async () => (await import('./commandsBench')).runCommandsBench(),
  vscodeLm: async () => (await import('./vscodeLmBench')).runVscodeLmBench(),
};

async function runAll(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !(name in benches));
  if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  for (const [name, run] of Object.entries(benches)) if (!names.length || names.includes(name)) await run();
  printSummary();
}

runAll(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
