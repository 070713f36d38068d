import { createTwoFilesPatch } from 'diff';
import type { GitCli } from '../ports/git';
import type { LocalFiles } from '../ports/localFiles';
import type { WorkspaceFs } from '../ports/workspaceFs';
import { errorMessage } from '../errorMessage';
import { mergeFile, sameBytes, textOrUndefined } from './mergeFile';
import { blobContent, changedEntries, isAbsent, isRegularFile, snapshotTree, type ChangedEntry } from './worktreeChanges';
import type { WorktreeRecord } from './worktreeRecord';

/** A file Apply changed in the user's tree; texts are absent for a binary file (and a side that is absent). */
export interface AppliedFile {
  path: string;
  kind: 'created' | 'modified' | 'deleted';
  before?: string;
  after?: string;
  binary?: true;
  /** Written with conflict markers around the regions both sides changed (it is also listed in `conflicts`). */
  conflict?: true;
}

/**
 * Why a file was not applied cleanly. `content`: both changed the same lines (written with markers, both sides
 * kept); the others leave the user's file as it was, the worktree keeping its version.
 */
export type ConflictReason = 'content' | 'binary' | 'deletedInWorktree' | 'deletedInWorkspace' | 'unsupported';

export interface ConflictFile {
  path: string;
  reason: ConflictReason;
  /** The worktree's change of the file as a unified diff (base → worktree); undefined for a binary file. */
  diff?: string;
}

export interface ApplyOutcome {
  applied: AppliedFile[];
  conflicts: ConflictFile[];
  /** Changed in the worktree and already the same in the user's tree (applied before). */
  unchanged: string[];
  failed: { path: string; message: string }[];
}

export interface ApplyOptions {
  git: GitCli;
  files: LocalFiles;
  worktree: WorktreeRecord;
  /** The user's working tree (rooted at worktree.repoRoot): text files are written through it. */
  target: WorkspaceFs;
}

/**
 * Spec §19 `Apply to workspace`: every change of the worktree since its base — committed or not, untracked files
 * included — brought into the user's working tree as unstaged changes by a three-way merge per file (base, the
 * user's file, the worktree's file). The user's index and HEAD are never touched. Nothing is lost: a conflicting
 * text file gets both sides inside conflict markers; any other conflict leaves the user's file as it is.
 */
export async function applyWorktree(options: ApplyOptions): Promise<ApplyOutcome> {
  const { git, worktree } = options;
  const tree = await snapshotTree(git, options.files, worktree.path);
  const entries = await changedEntries(git, worktree.repoRoot, worktree.base, tree);
  const outcome: ApplyOutcome = { applied: [], conflicts: [], unchanged: [], failed: [] };
  for (const entry of entries) {
    try {
      await applyEntry(options, entry, outcome);
    } catch (error) {
      outcome.failed.push({ path: entry.path, message: errorMessage(error) });
    }
  }
  return outcome;
}

async function applyEntry(options: ApplyOptions, entry: ChangedEntry, outcome: ApplyOutcome): Promise<void> {
  const { git, worktree } = options;
  const { path } = entry;
  const read = (mode: string, blob: string) => (isAbsent(mode) ? Promise.resolve(undefined) : blobContent(git, worktree.repoRoot, blob, path));
  const base = await read(entry.baseMode, entry.baseBlob);
  const theirs = await read(entry.worktreeMode, entry.worktreeBlob);
  const diff = worktreeDiff(path, base, theirs);
  if ((!isAbsent(entry.baseMode) && !isRegularFile(entry.baseMode)) || (!isAbsent(entry.worktreeMode) && !isRegularFile(entry.worktreeMode))) {
    return void outcome.conflicts.push({ path, reason: 'unsupported', diff });
  }
  const absolute = `${worktree.repoRoot.replace(/[\\/]+$/, '')}/${path}`;
  const ours = await options.files.readBytes(absolute);
  if (sameBytes(ours, theirs)) return void outcome.unchanged.push(path);
  if (sameBytes(ours, base)) return void outcome.applied.push(await write(options, path, absolute, ours, theirs, entry.worktreeMode === '100755'));
  if (theirs === undefined) return void outcome.conflicts.push({ path, reason: 'deletedInWorktree', diff });
  if (ours === undefined) return void outcome.conflicts.push({ path, reason: 'deletedInWorkspace', diff });
  const texts = [ours, base ?? new Uint8Array(), theirs].map(textOrUndefined);
  if (texts.some((text) => text === undefined)) return void outcome.conflicts.push({ path, reason: 'binary' });
  // Markers of an earlier Apply the user has not resolved yet: merging again would nest them.
  if (texts[0]!.split(/\r?\n/).includes(`>>>>>>> ${worktree.branch}`)) return void outcome.conflicts.push({ path, reason: 'content', diff });
  const merged = await mergeFile(git, options.files, { ours, base: base ?? new Uint8Array(), theirs }, { ours: 'workspace', base: worktree.base.slice(0, 7), theirs: worktree.branch });
  if ('failed' in merged) return void outcome.conflicts.push({ path, reason: 'binary' });
  // Applied before (and merged with the user's own changes then): nothing new.
  if (merged.conflicts === 0 && sameBytes(merged.merged, ours)) return void outcome.unchanged.push(path);
  const file = await write(options, path, absolute, ours, merged.merged, false);
  if (merged.conflicts === 0) return void outcome.applied.push(file);
  outcome.applied.push({ ...file, conflict: true });
  outcome.conflicts.push({ path, reason: 'content', diff });
}

/** Writes `after` (or deletes the file): text through the target (editor buffers, review marks), other bytes as they are. */
async function write(options: ApplyOptions, path: string, absolute: string, before: Uint8Array | undefined, after: Uint8Array | undefined, executable: boolean): Promise<AppliedFile> {
  const kind = before === undefined ? 'created' : after === undefined ? 'deleted' : 'modified';
  if (after === undefined) {
    await options.target.deleteFile(path);
    const text = textOrUndefined(before!);
    return text === undefined ? { path, kind, binary: true } : { path, kind, before: text };
  }
  const beforeText = before === undefined ? undefined : textOrUndefined(before);
  const afterText = textOrUndefined(after);
  const binary = afterText === undefined || (before !== undefined && beforeText === undefined);
  if (binary || (executable && before === undefined)) await options.files.writeBytes(absolute, after, { executable });
  else await options.target.writeFile(path, afterText!);
  if (binary) return { path, kind, binary: true };
  return { path, kind, ...(beforeText !== undefined ? { before: beforeText } : {}), after: afterText };
}

/** The worktree's change of one file as a unified diff, or undefined when either side is not text. */
function worktreeDiff(path: string, base: Uint8Array | undefined, theirs: Uint8Array | undefined): string | undefined {
  const [before, after] = [base === undefined ? '' : textOrUndefined(base), theirs === undefined ? '' : textOrUndefined(theirs)];
  if (before === undefined || after === undefined) return undefined;
  return createTwoFilesPatch(base === undefined ? '/dev/null' : `a/${path}`, theirs === undefined ? '/dev/null' : `b/${path}`, before, after, '', '', { context: 3 }).replace(/^=+\n/, '');
}
