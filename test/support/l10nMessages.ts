import * as fs from 'node:fs';
import * as path from 'node:path';
import { panelStrings } from '../../src/protocol/panelStrings';

export const repoRoot = path.resolve(__dirname, '../..');

/** Every `l10n.t('…')` / `vscode.l10n.t('…')` message of the host's sources (src/vscode, src/extension.ts). */
export function hostMessages(): string[] {
  return messagesOf([path.join(repoRoot, 'src/extension.ts'), ...sourceFiles(path.join(repoRoot, 'src/vscode'))]);
}

/**
 * Every `l10n.t('…')` message of src/core and src/node: what they word for the user through the Translator port
 * (src/core/ports/translator.ts), which the host implements with vscode.l10n.t.
 */
export function coreMessages(): string[] {
  return messagesOf([...sourceFiles(path.join(repoRoot, 'src/core')), ...sourceFiles(path.join(repoRoot, 'src/node'))]);
}

/**
 * The calls `l10n.t(` whose message is not a single-quoted literal: the bundles cannot hold them. The host's
 * Translator itself (extension.ts hands `message` on to vscode.l10n.t) is the one call that passes a variable.
 */
export function nonLiteralMessages(): Array<{ file: string; call: string }> {
  const files = [path.join(repoRoot, 'src/extension.ts'), ...['src/vscode', 'src/core', 'src/node'].flatMap((dir) => sourceFiles(path.join(repoRoot, dir)))];
  return files.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/\bl10n\.t\((?!\s*')[^\n]{0,60}/g)]
    .map((match) => ({ file: path.relative(repoRoot, file), call: match[0] })))
    .filter(({ file, call }) => !(file === path.join('src', 'extension.ts') && call.startsWith('l10n.t(message, ...args)')));
}

/** The `l10n.t('…')` messages of the given source files (relative to the repository). */
export function messagesIn(files: readonly string[]): string[] {
  return messagesOf(files.map((file) => path.join(repoRoot, file)));
}

function messagesOf(files: readonly string[]): string[] {
  const messages = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bl10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)) messages.add(match[1]!.replace(/\\(.)/g, '$1'));
  }
  return [...messages];
}

/** The English messages of l10n/bundle.l10n.json: the host's, core's and the panel's (src/protocol/panelStrings.ts). */
export function englishMessages(): string[] {
  return [...new Set([...hostMessages(), ...coreMessages(), ...Object.values(panelStrings)])].sort();
}

export function readJson(relative: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, relative), 'utf8')) as Record<string, unknown>;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}
