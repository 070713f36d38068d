// The built-in extensions a test window loads: the ones the tests touch, not VS Code's ~100. Each window's
// workbench and extension host registered and started all of them (git, GitHub, emmet, the JavaScript
// debugger, some 40 language packs…), about 0.9 CPU-s and 0.4 s per window that no test looks at.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runRoot } from './runRoot';

/**
 * The default theme, the languages of the files the tests write and open, and the language services the
 * product asks after every edit (problems, usages, symbols, rename, format on save). `node_modules` holds
 * what they share (TypeScript's own library among it).
 */
export const TEST_BUILTIN_EXTENSIONS = [
  'theme-defaults',
  'typescript-basics',
  'typescript-language-features',
  'javascript',
  'json',
  'json-language-features',
  'markdown-basics',
  'markdown-language-features',
  'python',
  'shellscript',
  'node_modules',
  'package.json',
];

const made = new Map<string, string>();

/** A folder (once per process) of links to `TEST_BUILTIN_EXTENSIONS` in code-server's built-in extensions. */
export function testBuiltinExtensionsDir(packageDir: string): string {
  let dir = made.get(packageDir);
  if (dir) return dir;
  const all = path.join(packageDir, 'lib', 'vscode', 'extensions');
  dir = path.join(runRoot(), `builtin-extensions-${made.size + 1}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const name of TEST_BUILTIN_EXTENSIONS) {
    const target = path.join(all, name);
    if (!fs.existsSync(target)) throw new Error(`code-server has no built-in ${name} at ${target}`);
    fs.symlinkSync(target, path.join(dir, name));
  }
  made.set(packageDir, dir);
  return dir;
}
