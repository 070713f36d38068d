import type { WorkspaceFs } from '../ports/workspaceFs';
import type { Checkpoint } from './checkpoints';
import { confinedPath } from './confinedPath';
import { diskHolds, readDiskState } from './diskState';
import { errorMessage } from '../errorMessage';
import { english, type Translator } from '../ports/translator';

/** One file a restore would put back. */
export interface RestoreStep {
  path: string;
  /** `delete`: the file did not exist at that message. */
  action: 'write' | 'delete';
  /** For `write`: the content it had at that message. */
  content?: string;
  /** Changed on disk outside CodeAgent since the agent last wrote it; kept unless overwriteExternal. */
  external: boolean;
}

/** What `restoreCheckpoint` would do, for the confirmation dialog. */
export interface RestorePlan {
  messageId: string;
  steps: RestoreStep[];
  /** Files to rewrite and to delete (external changes not included). */
  toRestore: string[];
  toDelete: string[];
  /** Files changed outside CodeAgent since the agent's last change: kept unless told. */
  changedOutside: string[];
  /** Stored paths that now lead outside the workspace: never touched. */
  outsideWorkspace: string[];
}

export interface RestoreOptions {
  /** Also put back files changed outside CodeAgent since the agent's last change. */
  overwriteExternal?: boolean;
  /** Words the failures for the user (spec §20); English when absent. */
  l10n?: Translator;
}

export interface RestoreResult {
  restored: string[];
  deleted: string[];
  keptExternal: string[];
  failed: { path: string; message: string }[];
}

interface FileHistory {
  existed: boolean;
  content: string | undefined;
  lastLeft: string | undefined;
}

/** Every file changed at or after the message: its earliest pre-image from there on, and the agent's last write. */
function historiesFrom(checkpoints: readonly Checkpoint[], fromMessageId: string): Map<string, FileHistory> {
  const from = checkpoints.findIndex((c) => c.messageId === fromMessageId);
  if (from < 0) throw new Error(`No checkpoint was kept for message ${fromMessageId}; nothing can be restored to it.`);
  const histories = new Map<string, FileHistory>();
  for (const checkpoint of checkpoints.slice(from)) {
    for (const file of checkpoint.files) {
      const lastLeft = file.existsAfter ? (file.after ?? '') : undefined;
      const known = histories.get(file.path);
      if (known) known.lastLeft = lastLeft;
      else histories.set(file.path, { existed: file.existed, content: file.existed ? (file.content ?? '') : undefined, lastLeft });
    }
  }
  return histories;
}

/**
 * What restoring the files to their state at `fromMessageId` involves. Only files the agent changed
 * at or after that message are looked at; files already in that state need nothing.
 */
export async function planRestore(fs: WorkspaceFs, checkpoints: readonly Checkpoint[], fromMessageId: string): Promise<RestorePlan> {
  const plan: RestorePlan = { messageId: fromMessageId, steps: [], toRestore: [], toDelete: [], changedOutside: [], outsideWorkspace: [] };
  for (const [stored, history] of historiesFrom(checkpoints, fromMessageId)) {
    const path = await confinedPath(fs, stored);
    if (path === undefined) {
      plan.outsideWorkspace.push(stored);
      continue;
    }
    const current = await readDiskState(fs, path);
    if (diskHolds(current, history.content)) continue;
    const external = !diskHolds(current, history.lastLeft);
    const step: RestoreStep = history.content === undefined
      ? { path, action: 'delete', external }
      : { path, action: 'write', content: history.content, external };
    plan.steps.push(step);
    if (external) plan.changedOutside.push(path);
    else (step.action === 'delete' ? plan.toDelete : plan.toRestore).push(path);
  }
  return plan;
}

/**
 * Restores every file the agent changed at or after `fromMessageId` to its state at that message
 * (spec §8 Restore checkpoint): deletes files created since, rewrites the others. Files changed
 * outside CodeAgent since are kept unless `overwriteExternal`. Bash's changes were never snapshotted.
 */
export async function restoreCheckpoint(fs: WorkspaceFs, checkpoints: readonly Checkpoint[], fromMessageId: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const plan = await planRestore(fs, checkpoints, fromMessageId);
  const result: RestoreResult = { restored: [], deleted: [], keptExternal: [], failed: [] };
  const l10n = options.l10n ?? english;
  for (const path of plan.outsideWorkspace) result.failed.push({ path, message: l10n.t('{0} is outside the workspace; not restored.', path) });
  for (const step of plan.steps) {
    if (step.external && !options.overwriteExternal) {
      result.keptExternal.push(step.path);
      continue;
    }
    try {
      if (step.action === 'delete') {
        await fs.deleteFile(step.path);
        result.deleted.push(step.path);
      } else {
        await fs.writeFile(step.path, step.content ?? '');
        result.restored.push(step.path);
      }
    } catch (error) {
      result.failed.push({ path: step.path, message: l10n.t('{0} could not be restored: {1}', step.path, errorMessage(error)) });
    }
  }
  return result;
}
