// The built-in extensions a test window loads: the ones the tests touch, not VS Code's ~100. Each window's
// workbench and extension host registered and started all of them (git, GitHub, emmet, the JavaScript
// debugger, some 40 language packs…), about 0.9 CPU-s and 0.4 s per window that no test looks at.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runRoot } from './runRoot';

/** The default theme and the languages (grammars, file associations) of the files the tests write and open. */
export const TEST_BUILTIN_EXTENSIONS = [
  'theme-defaults',
  'typescript-basics',
  'javascript',
  'json',
  'markdown-basics',
  'python',
  'shellscript',
  'node_modules',
  'package.json',
];

/**
 * The language services the product asks after an edit (problems, usages, symbols, rename, format on save), for
 * the files that test what they answer (`languageServers: true`). Elsewhere a window without them is a folder no
 * server checks, as a user's plain project is: TypeScript's server made every edit of the fixture's `.ts` files wait
 * for its problems, and three review files took 61 s with it and 43 s without (docs/benchmarks.md).
 * `node_modules` holds what they share (TypeScript's own library among it).
 */
export const LANGUAGE_SERVER_EXTENSIONS = ['typescript-language-features', 'json-language-features', 'markdown-language-features'];

const made = new Map<string, string>();

/** A folder (once per process and kind) of links to the built-in extensions a window loads in code-server's own. */
export function testBuiltinExtensionsDir(packageDir: string, languageServers = false, testExtensions: string[] = []): string {
  const key = `${packageDir}\n${languageServers}\n${testExtensions.join('\n')}`;
  let dir = made.get(key);
  if (dir) return dir;
  const all = path.join(packageDir, 'lib', 'vscode', 'extensions');
  dir = path.join(runRoot(), `builtin-extensions-${made.size + 1}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const name of [...TEST_BUILTIN_EXTENSIONS, ...(languageServers ? LANGUAGE_SERVER_EXTENSIONS : [])]) {
    const target = path.join(all, name);
    if (!fs.existsSync(target)) throw new Error(`code-server has no built-in ${name} at ${target}`);
    fs.symlinkSync(target, path.join(dir, name));
  }
  // A built-in folder is scanned as it is: no install, no extensions.json.
  for (const folder of testExtensions) fs.symlinkSync(folder, path.join(dir, path.basename(folder)));
  made.set(key, dir);
  return dir;
}
