import { parse } from 'yaml';

export type FrontMatter =
  /** `data` is undefined when the file has no front matter. */
  | { ok: true; data: unknown; body: string }
  | { ok: false; error: string };

const opening = /^---[ \t]*\r?\n/;
const closing = /^(?:---|\.\.\.)[ \t]*$/m;

/** Splits a Markdown file into its YAML front matter (`---` … `---` at the very top) and its body. */
export function splitFrontMatter(text: string): FrontMatter {
  const source = text.replace(/^\uFEFF/, '');
  const open = opening.exec(source);
  if (!open) return { ok: true, data: undefined, body: source };
  const rest = source.slice(open[0].length);
  const close = closing.exec(rest);
  if (!close) return { ok: false, error: "the front matter opened by '---' on the first line is never closed by another '---' line" };
  const afterClose = rest.slice(close.index + close[0].length).replace(/^\r?\n/, '');
  try {
    return { ok: true, data: parse(rest.slice(0, close.index)) ?? {}, body: afterClose };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `invalid YAML: ${message.split('\n')[0]}` };
  }
}
