import type { MemoryItem, MemoryStore } from '../ports/memoryStore';
import { ToolFailure } from '../tools/toolResults';
import { memoryPathText, memoryScopes, type MemoryPath } from './memoryPaths';

/** Anthropic's memory tool reads files of up to this many lines. */
const maxLines = 999_999;

/** `view` of a folder: what it holds two levels deep, each with its size (the memory tool's listing). */
export async function viewDirectory(store: MemoryStore, path: MemoryPath): Promise<string> {
  const shown = memoryPathText(path);
  const items: MemoryItem[] = [];
  if (path.kind === 'root') {
    for (const scope of memoryScopes) {
      const inside = await store.list(scope, '', 1);
      items.push({ path: `${scope}/`, type: 'directory', size: inside.reduce((sum, item) => sum + item.size, 0) }, ...inside.map((item) => ({ ...item, path: `${scope}/${item.path}` })));
    }
  } else {
    items.push(...(await store.list(path.scope, path.rel, 2)));
  }
  const total = items.filter((item) => item.type === 'file').reduce((sum, item) => sum + item.size, 0);
  const header = `Here're the files and directories up to 2 levels deep in ${shown}, excluding hidden items and node_modules:`;
  return [header, `${fileSize(total)}\t${shown}`, ...items.map((item) => `${fileSize(item.size)}\t${shown}/${item.path}`)].join('\n');
}

/** `view` of a file: its lines numbered, or those of `view_range` ([start, end], end -1 for the last line). */
export function viewFile(shown: string, text: string, range: readonly number[] | undefined): string {
  const lines = text.split('\n');
  if (lines.length > maxLines) throw new ToolFailure('too_large', `File ${shown} has too many lines (${lines.length}). Maximum is ${maxLines} lines.`);
  let first = 1;
  let shownLines = lines;
  if (range && range.length === 2) {
    const [start, end] = range as [number, number];
    first = Math.max(1, start);
    shownLines = lines.slice(first - 1, end === -1 ? lines.length : end);
  }
  const numbered = shownLines.map((line, i) => `${String(i + first).padStart(6)}\t${line}`);
  return `Here's the content of ${shown} with line numbers:\n${numbered.join('\n')}`;
}

/** 0B, 512B, 1.5K, 2M: the memory tool's sizes. */
export function fileSize(bytes: number): string {
  if (bytes === 0) return '0B';
  const units = ['B', 'K', 'M', 'G'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const size = bytes / 1024 ** i;
  return (size % 1 === 0 ? String(size) : size.toFixed(1)) + units[i];
}
