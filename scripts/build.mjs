// Bundles the extension host (CommonJS, `vscode` external) and the webview (browser IIFE + CSS) with esbuild.
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  absWorkingDir: root,
  loader: { '.md': 'text' },
};

const host = {
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['vscode'],
  // The sandbox runtime (ESM) finds its seccomp helpers next to its own file through import.meta.url: in this CommonJS
  // bundle that is dist/extension.js, and copySeccompHelpers puts them at dist/vendor/seccomp/<arch>/.
  // VS Code's extension host on Node ≥ 21 logs a PendingMigrationError, as the extension's, whenever code reads the
  // `navigator` global (VS Code 1.139: zod did at every activation); the libraries bundled here only ask whether it
  // exists to tell a browser from Node, and this is Node.
  define: { 'import.meta.url': '__codeagentModuleUrl', navigator: 'undefined', 'globalThis.navigator': 'undefined' },
  banner: { js: 'var __codeagentModuleUrl = require("url").pathToFileURL(__filename).href;' },
};

/** The sandbox runtime's prebuilt seccomp helpers (Linux x64 and arm64), beside the bundle that loads it. */
function copySeccompHelpers() {
  const from = path.join(root, 'node_modules', '@anthropic-ai', 'sandbox-runtime', 'vendor', 'seccomp');
  for (const arch of ['x64', 'arm64']) {
    const dir = path.join(root, 'dist', 'vendor', 'seccomp', arch);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(from, arch, 'apply-seccomp'), path.join(dir, 'apply-seccomp'));
    fs.chmodSync(path.join(dir, 'apply-seccomp'), 0o755);
  }
}

/** Spec §23's shell parser: web-tree-sitter's runtime and tree-sitter-bash's grammar, loaded from dist/ (bashParser.ts). */
function copyParserWasm() {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(root, 'node_modules', 'web-tree-sitter', 'web-tree-sitter.wasm'), path.join(root, 'dist', 'web-tree-sitter.wasm'));
  fs.copyFileSync(path.join(root, 'node_modules', 'tree-sitter-bash', 'tree-sitter-bash.wasm'), path.join(root, 'dist', 'tree-sitter-bash.wasm'));
}

const webview = {
  ...common,
  entryPoints: { webview: 'webview-ui/main.ts' },
  outdir: 'dist',
  platform: 'browser',
  target: 'chrome120',
  format: 'iife',
  loader: { ...common.loader, '.css': 'css', '.ttf': 'file' },
};

copySeccompHelpers();
copyParserWasm();
if (watch) {
  const contexts = await Promise.all([esbuild.context(host), esbuild.context(webview)]);
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('watching for changes…');
} else {
  await Promise.all([esbuild.build(host), esbuild.build(webview)]);
}
