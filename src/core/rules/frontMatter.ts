import { parse } from 'yaml';
import { errorMessage } from '../errorMessage';
import type { UserText } from '../ports/translator';

export type FrontMatter =
  /** `data` is undefined when the file has no front matter. `error`: in the user's words (spec §20), English by `english`. */
  | { ok: true; data: unknown; body: string }
  | { ok: false; error: UserText };

const opening = /^---[ \t]*\r?\n/;
/** Real front matter is a few lines; a huge block (10,000 keys) costs seconds to parse at every context build. */
export const maxFrontMatterChars = 64 * 1024;
const closing = /^(?:---|\.\.\.)[ \t]*$/m;

/** Splits a Markdown file into its YAML front matter (`---` … `---` at the very top) and its body. */
export function splitFrontMatter(text: string): FrontMatter {
  const source = text.replace(/^\uFEFF/, '');
  const open = opening.exec(source);
  if (!open) return { ok: true, data: undefined, body: source };
  const rest = source.slice(open[0].length);
  const close = closing.exec(rest);
  if (!close) return { ok: false, error: (l10n) => l10n.t('the front matter opened by \'---\' on the first line is never closed by another \'---\' line') };
  const afterClose = rest.slice(close.index + close[0].length).replace(/^\r?\n/, '');
  const length = close.index;
  if (length > maxFrontMatterChars) return { ok: false, error: (l10n) => l10n.t('the front matter is {0} characters long; at most {1} are read', length, maxFrontMatterChars) };
  try {
    // logLevel 'error': an unknown tag (!!js/function) is an error here, not a process warning.
    return { ok: true, data: parse(rest.slice(0, close.index), { logLevel: 'error' }) ?? {}, body: afterClose };
  } catch (error) {
    const message = errorMessage(error).split('\n')[0]!;
    return { ok: false, error: (l10n) => l10n.t('invalid YAML: {0}', message) };
  }
}
