import type { ToolResult } from './toolTypes';
import { countOf } from '../plural';

/**
 * The string a tool leaves in history (seed 001 §C1, §E1): compact JSON with the status, the
 * compressed data and, on error, the full error; the observation text is dropped.
 */
export function historyRecord(result: ToolResult, compressedData: unknown): string {
  const record: Record<string, unknown> = { status: result.status };
  if (compressedData !== undefined) record.data = compressedData;
  if (result.status === 'error' && result.error) record.error = { code: result.error.code, message: result.error.message };
  return JSON.stringify(record);
}

/** The first `n` items and how many were left out. */
export function firstItems<T>(items: readonly T[], n: number): { items: T[]; more?: number } {
  return items.length > n ? { items: items.slice(0, n), more: items.length - n } : { items: [...items] };
}

/** At most `n` leading lines of a text, marking what was cut. */
export function headLines(text: string, n: number): string {
  const lines = text.split('\n');
  return lines.length > n ? `${lines.slice(0, n).join('\n')}\n… (${countOf(lines.length - n, 'more line', 'more lines')})` : text;
}

/** At most `n` trailing lines of a text (trailing blank lines ignored), marking what was cut. */
export function tailLines(text: string, n: number): string {
  const lines = text.replace(/\s+$/, '').split('\n');
  return lines.length > n ? `… (${lines.length - n} earlier lines)\n${lines.slice(-n).join('\n')}` : lines.join('\n');
}

/** The data object of a result, when it is one. */
export function dataOf<T extends object>(result: ToolResult): Partial<T> {
  return typeof result.data === 'object' && result.data !== null ? (result.data as Partial<T>) : {};
}
