import * as fs from 'node:fs';
import * as path from 'node:path';
import { panelStrings } from '../../src/protocol/panelStrings';

export const repoRoot = path.resolve(__dirname, '../..');

/** Every `l10n.t('…')` / `vscode.l10n.t('…')` message of the host's sources (src/vscode, src/extension.ts). */
export function hostMessages(): string[] {
  const files = [path.join(repoRoot, 'src/extension.ts'), ...sourceFiles(path.join(repoRoot, 'src/vscode'))];
  const messages = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bl10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)) messages.add(match[1]!.replace(/\\(.)/g, '$1'));
  }
  return [...messages];
}

/** The English messages of l10n/bundle.l10n.json: the host's and the panel's (src/protocol/panelStrings.ts). */
export function englishMessages(): string[] {
  return [...new Set([...hostMessages(), ...Object.values(panelStrings)])].sort();
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
