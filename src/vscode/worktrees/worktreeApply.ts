import type { GitCli } from '../../core/ports/git';
import type { LocalFiles } from '../../core/ports/localFiles';
import type { WorkspaceFs } from '../../core/ports/workspaceFs';
import type { AppliedSummary } from '../../core/events';
import type { RecordedChange } from '../../core/review/changeRecorder';
import { lineCounts } from '../../core/tools/lineCounts';
import { applyWorktree, type ApplyOutcome } from '../../core/worktrees/applyWorktree';
import type { WorktreeRecord } from '../../core/worktrees/worktreeRecord';
import type { ReviewContext } from '../review/reviewActions';
import { l10n } from '../hostL10n';

export interface ApplyDeps {
  git: GitCli;
  files: LocalFiles;
  /** The user's working tree as the agent writes it: editor buffers, and spec §15's Keep/Undo marks in `after` mode. */
  userTree: (root: string) => WorkspaceFs;
  ui: { progress<T>(title: string, task: () => Promise<T>): Promise<T>; info(message: string): void; warn(message: string): void };
  now: () => number;
  log: (message: string) => void;
}

/**
 * Spec §19 `Apply to workspace` from a conversation: the worktree's changes merged into the user's tree, kept with
 * the conversation as a changes entry (each file's diff, `Revert` in the user's tree) that lists the conflicts.
 */
export async function applyToWorkspace(deps: ApplyDeps, worktree: WorktreeRecord, context: ReviewContext): Promise<ApplyOutcome> {
  const target = deps.userTree(worktree.repoRoot);
  const outcome = await deps.ui.progress(l10n.t('Applying {0} to your workspace…', worktree.branch), () =>
    applyWorktree({ git: deps.git, files: deps.files, worktree, target }));
  const turnId = `apply-${deps.now().toString(36)}`;
  const recorded: RecordedChange[] = outcome.applied.filter((file) => !file.binary).map((file) => ({
    path: file.path, kind: file.kind, ...lineCounts(file.before, file.after),
    ...(file.before !== undefined ? { before: file.before } : {}), ...(file.after !== undefined ? { after: file.after } : {}),
  }));
  const rows = outcome.applied.map((file) => ({
    path: file.path, kind: file.kind, ...(file.binary ? { added: 0, removed: 0, binary: true } : lineCounts(file.before, file.after)),
    ...(file.conflict ? { conflict: true } : {}),
  }));
  const applied: AppliedSummary = { branch: worktree.branch, conflicts: outcome.conflicts, unchanged: outcome.unchanged.length, failed: outcome.failed };
  for (const patch of context.projector.apply({ type: 'changes', turnId, changes: rows, applied })) context.emit(patch);
  context.session.recordApplied(turnId, recorded);
  deps.log(`Applied ${worktree.branch}: ${outcome.applied.length} file(s), ${outcome.conflicts.length} conflict(s), ${outcome.unchanged.length} unchanged, ${outcome.failed.length} failed`);
  const files = outcome.applied.length === 1 ? l10n.t('1 file') : l10n.t('{0} files', outcome.applied.length);
  if (outcome.conflicts.length || outcome.failed.length) deps.ui.warn(l10n.t('Applied {0} from {1} to your workspace; {2} conflicted: {3}. Nothing was lost: see the list in the chat.', files, worktree.branch, outcome.conflicts.length + outcome.failed.length, [...outcome.conflicts, ...outcome.failed].map((c) => c.path).join(', ')));
  else if (outcome.applied.length) deps.ui.info(l10n.t('Applied {0} from {1} to your workspace as unstaged changes.', files, worktree.branch));
  else deps.ui.info(l10n.t('Nothing new to apply from {0}', worktree.branch));
  return outcome;
}
