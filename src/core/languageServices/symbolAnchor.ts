import type { WorkspaceFs } from '../ports/workspaceFs';
import type { SourcePosition } from '../ports/languageServices';
import { readTextFile } from '../tools/fileAccess';
import { resolveWorkspacePath } from '../tools/pathConfinement';
import { splitLines } from '../tools/textLines';
import { ToolFailure } from '../tools/toolResults';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `symbol` stands as a whole word in `line`, or -1. */
function wordIndex(line: string, symbol: string): number {
  const word = /^\w/.test(symbol) && /\w$/.test(symbol);
  const pattern = word ? new RegExp(`(?<![\\w$])${escapeRegExp(symbol)}(?![\\w$])`) : new RegExp(escapeRegExp(symbol));
  return pattern.exec(line)?.index ?? -1;
}

/**
 * The position of `symbol` in a file, found from text the model has seen (spec §13: never a guessed line
 * or column): the first line containing `lineContent` (whitespace at its ends ignored) that holds the
 * symbol, or without it the symbol's first occurrence in the file.
 */
export async function anchorSymbol(fs: WorkspaceFs, pathInput: string, symbol: string, lineContent?: string): Promise<SourcePosition> {
  const path = await resolveWorkspacePath(fs, pathInput);
  const lines = splitLines((await readTextFile(fs, path)).raw.replace(/^\uFEFF/, ''));
  const wanted = lineContent?.trim();
  if (wanted) {
    const candidates = lines.map((text, line) => ({ text, line })).filter(({ text }) => text.includes(wanted));
    if (candidates.length === 0) throw new ToolFailure('line_not_found', `No line of '${path}' contains the line_content given. Copy it exactly from a Read or Grep result.`);
    for (const { text, line } of candidates) {
      const character = wordIndex(text, symbol);
      if (character >= 0) return { path, line, character };
    }
    throw new ToolFailure('symbol_not_found', `'${symbol}' does not appear in the line of '${path}' that contains the line_content given.`);
  }
  for (const [line, text] of lines.entries()) {
    const character = wordIndex(text, symbol);
    if (character >= 0) return { path, line, character };
  }
  throw new ToolFailure('symbol_not_found', `'${symbol}' does not appear in '${path}'. Give the file where it appears.`);
}
