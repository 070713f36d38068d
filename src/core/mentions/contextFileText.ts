import { leadingLinesWithin, normalizeText, splitLines } from '../tools/textLines';
import { utf8Length, utf8Prefix } from './utf8Length';

/** Seed 000 §2.1: per-file bounds for `@file:` content. */
export const maxContextFileLines = 1000;
export const maxContextFileBytes = 200 * 1024;

export interface ContextFileText {
  text: string;
  /** Set when the text was cut: what is shown and how to get the rest, for the model. */
  truncation?: string;
}

/** A file's text (BOM dropped, '\n' line ends) within the line and byte bounds, whole lines where possible. */
export function boundedContextText(raw: string): ContextFileText {
  const { text } = normalizeText(raw);
  const lines = splitLines(text);
  if (lines.length <= maxContextFileLines && utf8Length(text) <= maxContextFileBytes) return { text };

  const kept = leadingLinesWithin(lines, maxContextFileLines, maxContextFileBytes, utf8Length);
  const limits = `limit ${maxContextFileLines} lines / ${maxContextFileBytes / 1024} KB`;
  if (kept.length === 0) {
    return {
      text: utf8Prefix(lines[0]!, maxContextFileBytes),
      truncation: `Showing the first ${maxContextFileBytes / 1024} KB of line 1 of ${lines.length} (${limits}); use the Read tool for the rest.`,
    };
  }
  return {
    text: kept.join('\n') + '\n',
    truncation: `Showing lines 1-${kept.length} of ${lines.length} (${limits}); use the Read tool with offset ${kept.length + 1} for the rest.`,
  };
}
