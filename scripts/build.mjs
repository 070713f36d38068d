// Bundles the extension host (CommonJS, `vscode` external) and the webview (browser IIFE + CSS) with esbuild.
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
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
};

const webview = {
  ...common,
  entryPoints: { webview: 'webview-ui/main.ts' },
  outdir: 'dist',
  platform: 'browser',
  target: 'chrome120',
  format: 'iife',
  loader: { ...common.loader, '.css': 'css', '.ttf': 'file' },
};

if (watch) {
  const contexts = await Promise.all([esbuild.context(host), esbuild.context(webview)]);
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('watching for changes…');
} else {
  await Promise.all([esbuild.build(host), esbuild.build(webview)]);
}
