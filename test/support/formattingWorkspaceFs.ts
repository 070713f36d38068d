import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { NodeWorkspaceFs } from '../../src/node/nodeWorkspaceFs';

/**
 * A formatter as an editor's save participants run it: `.json` files are re-indented with two spaces,
 * every other text loses trailing spaces and gets a final newline; '\r\n' files keep their line endings.
 */
export function formatOnSave(rel: string, text: string): string {
  if (rel.endsWith('.json')) {
    try {
      return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
    } catch {
      return text;
    }
  }
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const body = text.split(/\r?\n/).map((line) => line.replace(/[ \t]+$/, '')).join(eol);
  return body.endsWith(eol) ? body : body + eol;
}

/**
 * The real node file system whose writes are "saved" like VS Code saves an open document with
 * `editor.formatOnSave`: what lands on disk is the formatted text, written a moment later (a newer mtime).
 */
export class FormattingWorkspaceFs extends NodeWorkspaceFs {
  formats = 0;

  constructor(root: string, private readonly format: (rel: string, text: string) => string = formatOnSave) {
    super(root);
  }

  override async writeFile(rel: string, content: string): Promise<void> {
    await super.writeFile(rel, content);
    const formatted = this.format(rel, content);
    if (formatted === content) return;
    this.formats++;
    await super.writeFile(rel, formatted);
    const later = new Date(Date.now() + 3000);
    await fsp.utimes(path.join(this.root, rel), later, later);
  }
}
