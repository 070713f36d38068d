import type { FileStat, WorkspaceFs } from '../ports/workspaceFs';
import { baseName, parentPath } from './pathConfinement';
import { similarNames } from './similarText';
import { ToolFailure } from './toolResults';

const maxReadableBytes = 20 * 1024 * 1024;

/** "File not found", with look-alike names from the same directory when there are some. */
export async function fileNotFound(fs: WorkspaceFs, path: string): Promise<ToolFailure> {
  const dir = parentPath(path);
  const entries = await fs.readDir(dir).catch(() => undefined);
  let hint = '';
  if (!entries) hint = ` The directory '${dir}' does not exist either.`;
  else {
    const near = similarNames(baseName(path), entries.map((e) => e.name));
    if (near.length > 0) hint = ` Did you mean: ${near.map((n) => (dir === '.' ? n : `${dir}/${n}`)).join(', ')}?`;
  }
  return new ToolFailure('file_not_found', `File '${path}' does not exist.${hint}`);
}

export interface TextFile {
  raw: string;
  stat: FileStat;
}

/** A text file's content and stat, or a ToolFailure the model can act on. */
export async function readTextFile(fs: WorkspaceFs, path: string): Promise<TextFile> {
  const stat = await fs.stat(path);
  if (!stat) throw await fileNotFound(fs, path);
  if (stat.type === 'directory') throw new ToolFailure('is_directory', `'${path}' is a directory, not a file. Use LS to list it.`);
  if (stat.size > maxReadableBytes) {
    throw new ToolFailure('file_too_large', `'${path}' is ${Math.round(stat.size / 1024 / 1024)} MB; files over ${maxReadableBytes / 1024 / 1024} MB are not read. Use Grep to find the relevant lines.`);
  }
  const raw = await fs.readFile(path);
  if (raw.slice(0, 8000).includes('\u0000')) {
    throw new ToolFailure('binary_file', `'${path}' is a binary file; only text files can be read or edited.`);
  }
  return { raw, stat };
}
