import type { PanelStringKey } from '../src/protocol/panelStrings';
import { t } from './l10n';
import { collapsedDiff } from './collapsedDiff';

/** An Apply's report (spec §19) in its changes entry's meta, from the host's AppliedSummary. */
export interface AppliedMeta {
  branch: string;
  conflicts: { path: string; reason: string; diff?: string }[];
  unchanged: number;
  failed: { path: string; message: string }[];
}

const reasons: Record<string, PanelStringKey> = {
  content: 'conflict.content',
  binary: 'conflict.binary',
  deletedInWorktree: 'conflict.deletedInWorktree',
  deletedInWorkspace: 'conflict.deletedInWorkspace',
  unsupported: 'conflict.unsupported',
};

/**
 * The files an Apply could not bring in cleanly: each `data-conflict` row with its path, what happened to it (both
 * sides are kept) and, for a text file, the worktree's change as a diff to fold open; then what failed.
 */
export function appliedConflicts(applied: AppliedMeta): Node[] {
  if (applied.conflicts.length === 0 && applied.failed.length === 0) return [];
  const list = document.createElement('ul');
  list.className = 'applied-conflicts';
  list.setAttribute('aria-label', t('applied.conflicts'));
  for (const conflict of applied.conflicts) {
    const item = document.createElement('li');
    item.className = 'applied-conflict';
    item.dataset.conflict = conflict.reason;
    item.dataset.path = conflict.path;
    const path = document.createElement('code');
    path.textContent = conflict.path;
    const why = document.createElement('span');
    why.className = 'applied-conflict-reason';
    why.textContent = t(reasons[conflict.reason] ?? 'conflict.unsupported');
    item.append(path, ' ', why);
    if (conflict.diff) item.append(collapsedDiff(t('applied.diff'), conflict.diff, 'applied-diff'));
    list.append(item);
  }
  for (const failure of applied.failed) {
    const item = document.createElement('li');
    item.className = 'applied-failed';
    item.dataset.path = failure.path;
    item.setAttribute('role', 'status');
    item.textContent = t('applied.failed', `${failure.path}: ${failure.message}`);
    list.append(item);
  }
  return [list];
}
