import { MemoryPathRefusal, type MemoryStore } from '../ports/memoryStore';
import { secretInText } from '../tools/secretText';
import { ToolFailure } from '../tools/toolResults';
import { memoryChange, type FileWrite, type MemoryChange } from './memoryChange';
import { byteLength, maxMemoryFileBytes, memoryPathText, parseMemoryPath, type MemoryPath } from './memoryPaths';
import { viewDirectory, viewFile } from './memoryView';

export interface MemoryParams {
  command: 'view' | 'create' | 'str_replace' | 'insert' | 'delete' | 'rename';
  path?: string;
  file_text?: string;
  old_str?: string;
  new_str?: string;
  insert_line?: number;
  insert_text?: string;
  old_path?: string;
  new_path?: string;
  view_range?: number[];
}

export interface MemoryOutcome {
  /** What the model reads (the result texts of Anthropic's memory tool). */
  text: string;
  /** A write's diff and undo steps; none for `view`. */
  change?: MemoryChange;
}

type Scoped = Extract<MemoryPath, { kind: 'scoped' }>;

/** Most files a folder's delete or rename keeps for `Undo`. */
const maxUndoFiles = 200;

/** Spec §21: the Memory tool's commands over the two memory folders. Failures are ToolFailures the model reads. */
export async function runMemoryCommand(store: MemoryStore, params: MemoryParams): Promise<MemoryOutcome> {
  try {
    return await dispatch(store, params);
  } catch (error) {
    if (error instanceof MemoryPathRefusal) throw new ToolFailure('outside_memory', error.message);
    throw error;
  }
}

async function dispatch(store: MemoryStore, params: MemoryParams): Promise<MemoryOutcome> {
  switch (params.command) {
    case 'view': {
      const path = checked(required(params.path, 'path'));
      if (path.kind === 'root') return { text: await viewDirectory(store, path) };
      const stat = path.rel === '' ? { type: 'directory' as const } : await store.stat(path.scope, path.rel);
      if (!stat) throw missing(path);
      if (stat.type === 'directory') return { text: await viewDirectory(store, path) };
      return { text: viewFile(memoryPathText(path), (await store.read(path.scope, path.rel)) ?? '', params.view_range) };
    }
    case 'create': {
      const path = fileIn(checked(required(params.path, 'path')));
      const text = required(params.file_text, 'file_text');
      const before = await readFile(store, path, false);
      await write(store, path, text, text);
      return { text: `File created successfully at: ${memoryPathText(path)}`, change: memoryChange([{ path: memoryPathText(path), before, after: text }]) };
    }
    case 'str_replace': {
      const path = fileIn(checked(required(params.path, 'path')));
      const oldStr = required(params.old_str, 'old_str');
      const newStr = params.new_str ?? '';
      const before = (await readFile(store, path, true))!;
      const at = occurrences(before, oldStr);
      if (at.length === 0) throw new ToolFailure('no_match', `No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${memoryPathText(path)}.`);
      if (at.length > 1) throw new ToolFailure('ambiguous', `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines: ${at.map((i) => lineAt(before, i)).join(', ')}. Please ensure it is unique`);
      const after = before.slice(0, at[0]) + newStr + before.slice(at[0]! + oldStr.length);
      await write(store, path, after, newStr);
      return { text: `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${snippet(after, lineAt(before, at[0]!))}`, change: memoryChange([{ path: memoryPathText(path), before, after }]) };
    }
    case 'insert': {
      const path = fileIn(checked(required(params.path, 'path')));
      const line = required(params.insert_line, 'insert_line');
      const inserted = required(params.insert_text, 'insert_text');
      const before = (await readFile(store, path, true))!;
      const lines = before.split('\n');
      if (line < 0 || line > lines.length) throw new ToolFailure('invalid_params', `Invalid \`insert_line\` parameter: ${line}. It should be within the range of lines of the file: [0, ${lines.length}]`);
      lines.splice(line, 0, inserted.replace(/\n$/, ''));
      const after = lines.join('\n');
      await write(store, path, after, inserted);
      return { text: `The file ${memoryPathText(path)} has been edited.`, change: memoryChange([{ path: memoryPathText(path), before, after }]) };
    }
    case 'delete': {
      const path = checked(required(params.path, 'path'));
      if (path.kind === 'root' || path.rel === '') throw new ToolFailure('invalid_params', `Cannot delete ${memoryPathText(path)} itself; delete the files in it.`);
      const files = await filesUnder(store, path);
      await store.remove(path.scope, path.rel);
      return { text: `Successfully deleted ${memoryPathText(path)}`, change: memoryChange(files.map((file) => ({ path: file.path, before: file.text, after: undefined }))) };
    }
    case 'rename': {
      const from = checked(required(params.old_path, 'old_path'));
      const to = checked(required(params.new_path, 'new_path'));
      if (from.kind === 'root' || from.rel === '' || to.kind === 'root' || to.rel === '') throw new ToolFailure('invalid_params', 'Cannot rename /memories, /memories/user or /memories/project themselves; rename the files in them.');
      if (await store.stat(to.scope, to.rel)) throw new ToolFailure('already_exists', `The destination ${memoryPathText(to)} already exists`);
      const files = await filesUnder(store, from);
      if (from.scope === to.scope) await store.rename(from.scope, from.rel, to.rel);
      else await moveAcross(store, files, from, to);
      const moved = (file: { path: string }) => memoryPathText(to) + file.path.slice(memoryPathText(from).length);
      const writes: FileWrite[] = files.flatMap((file) => [{ path: file.path, before: file.text, after: undefined }, { path: moved(file), before: undefined, after: file.text }]);
      const change = memoryChange(writes);
      return { text: `Successfully renamed ${memoryPathText(from)} to ${memoryPathText(to)}`, change: { ...change, diff: `rename from ${memoryPathText(from)}\nrename to ${memoryPathText(to)}`, added: 0, removed: 0 } };
    }
  }
}

function checked(raw: string): MemoryPath {
  const parsed = parseMemoryPath(raw);
  if (!parsed.ok) throw new ToolFailure('outside_memory', parsed.message);
  return parsed.path;
}

function fileIn(path: MemoryPath): Scoped {
  if (path.kind === 'root' || path.rel === '') throw new ToolFailure('is_directory', `${memoryPathText(path)} is a directory; give a file path such as /memories/project/notes.md.`);
  return path;
}

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new ToolFailure('invalid_params', `This command needs \`${name}\`.`);
  return value;
}

function missing(path: MemoryPath): ToolFailure {
  return new ToolFailure('file_not_found', `The path ${memoryPathText(path)} does not exist. Please provide a valid path.`);
}

async function readFile(store: MemoryStore, path: Scoped, mustExist: boolean): Promise<string | undefined> {
  const stat = await store.stat(path.scope, path.rel);
  if (stat?.type === 'directory') throw new ToolFailure('is_directory', `The path ${memoryPathText(path)} is not a file.`);
  if (!stat) {
    if (mustExist) throw missing(path);
    return undefined;
  }
  return (await store.read(path.scope, path.rel)) ?? '';
}

/** Spec §21: a file over 100 KB, or a write holding something shaped like a secret, is refused before anything is written. */
async function write(store: MemoryStore, path: Scoped, after: string, written: string): Promise<void> {
  const secret = secretInText(written);
  if (secret) {
    throw new ToolFailure('secret_refused', `Refused: the text to write to ${memoryPathText(path)} holds something shaped like a secret (${secret}). Memory never keeps secrets; nothing was written. Leave the value out (you may note where it is kept, such as "the token is in .env as API_TOKEN").`);
  }
  const bytes = byteLength(after);
  if (bytes > maxMemoryFileBytes) {
    throw new ToolFailure('too_large', `Refused: ${memoryPathText(path)} would be ${Math.ceil(bytes / 1024)} KB, over the ${maxMemoryFileBytes / 1024} KB limit of a memory file; nothing was written. Keep notes short, or split the topic into several files.`);
  }
  await store.write(path.scope, path.rel, after);
}

/** The files a delete or rename takes away, with their text, for `Undo` (a folder's up to maxUndoFiles). */
async function filesUnder(store: MemoryStore, path: Scoped): Promise<{ path: string; rel: string; text: string }[]> {
  const stat = await store.stat(path.scope, path.rel);
  if (!stat) throw new ToolFailure('file_not_found', `The path ${memoryPathText(path)} does not exist`);
  const rels = stat.type === 'file' ? [path.rel] : (await store.list(path.scope, path.rel, 32)).filter((item) => item.type === 'file').map((item) => `${path.rel}/${item.path}`);
  if (rels.length > maxUndoFiles) throw new ToolFailure('too_large', `${memoryPathText(path)} holds ${rels.length} files, more than ${maxUndoFiles}; delete or move them in smaller folders.`);
  return Promise.all(rels.map(async (rel) => ({ path: memoryPathText({ kind: 'scoped', scope: path.scope, rel }), rel, text: (await store.read(path.scope, rel)) ?? '' })));
}

async function moveAcross(store: MemoryStore, files: readonly { rel: string; text: string }[], from: Scoped, to: Scoped): Promise<void> {
  for (const file of files) await store.write(to.scope, to.rel + file.rel.slice(from.rel.length), file.text);
  await store.remove(from.scope, from.rel);
}

function occurrences(text: string, search: string): number[] {
  const found: number[] = [];
  if (search === '') return found;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) found.push(at);
  return found;
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

function snippet(text: string, line: number): string {
  const lines = text.split('\n');
  const start = Math.max(0, line - 3);
  return lines.slice(start, Math.min(lines.length, line + 2)).map((l, i) => `${String(start + i + 1).padStart(6)}\t${l}`).join('\n');
}

