// Builds for production and packages out/codeagent.vsix with @vscode/vsce, then prints its size.
import { execFileSync } from 'node:child_process';
import { statSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'out', 'codeagent.vsix');
mkdirSync(path.dirname(out), { recursive: true });

const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
run(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--production']);
// Dependencies are bundled into dist/, so node_modules stays out of the vsix.
run(process.execPath, [path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--allow-missing-repository',   // The README's relative links (docs/…) need a base to resolve against inside the vsix.
  '--baseContentUrl', 'https://example.invalid/codeagent/blob/main', '--baseImagesUrl', 'https://example.invalid/codeagent/raw/main',
  '--out', out]);
const bytes = statSync(out).size;
console.log(`vsix: ${path.relative(root, out)} ${(bytes / 1024).toFixed(1)} KiB`);
