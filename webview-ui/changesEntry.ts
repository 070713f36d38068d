import { diffCounts } from './diffCounts';
import type { TranscriptEntry } from '../src/protocol/transcript';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { changesReviewBar } from './changesReviewBar';
import { t, tn } from './l10n';
import { appliedConflicts, type AppliedMeta } from './appliedConflicts';

interface ChangeRow {
  path: string;
  kind: 'created' | 'modified' | 'deleted';
  added: number;
  removed: number;
  reverted?: boolean;
  error?: string;
  /** An Apply wrote it with conflict markers (spec §19). */
  conflict?: boolean;
  /** A binary file an Apply copied: no diff to show, nothing to Revert from. */
  binary?: boolean;
}

/** Spec §8: the files a turn changed, each opening its diff, each with `Revert <path>`; all in one multi-file diff. */
export function changesEntry(entry: TranscriptEntry): Node[] {
  const rows = (entry.meta?.changes ?? []) as ChangeRow[];
  const turnId = entry.turnId ?? '';
  const header = document.createElement('div');
  header.className = 'entry-header changes-header';
  if (entry.meta?.applied) header.classList.add('applied-header');
  // Spec §19: an Apply's changes to the user's tree, from a worktree's branch.
  const applied = entry.meta?.applied as AppliedMeta | undefined;
  const title = document.createElement('span');
  title.textContent = !applied ? tn(rows.length, 'changes.files.one', 'changes.files.other')
    : rows.length ? tn(rows.length, 'applied.files.one', 'applied.files.other', applied.branch) : t('applied.none', applied.branch);
  title.title = title.textContent;
  const review = vscodeButton(t('changes.review'), () => post({ type: 'reviewChanges', turnId }), { secondary: true });
  review.setAttribute('aria-label', t('changes.review'));
  header.append(title, ...(rows.length ? [review] : []));

  const list = document.createElement('ul');
  list.className = 'changes-list';
  list.setAttribute('aria-label', t('changes.list'));
  for (const row of rows) list.append(changeRow(row, turnId));
  return [header, list, ...(applied ? appliedConflicts(applied) : []), changesReviewBar()];
}

function changeRow(row: ChangeRow, turnId: string): HTMLElement {
  const item = document.createElement('li');
  item.className = `change-row change-${row.kind}${row.reverted ? ' change-reverted' : ''}`;
  item.dataset.path = row.path;
  item.dataset.changeKind = row.kind;
  const open = document.createElement('button');
  open.className = 'link change-path';
  open.textContent = row.path;
  open.title = t('changes.openDiffTitle', row.path);
  open.setAttribute('aria-label', t('changes.openDiff', row.path));
  open.addEventListener('click', () => post({ type: 'openChange', turnId, path: row.path }));
  const kind = document.createElement('span');
  kind.className = 'change-kind';
  kind.textContent = t(`changes.${row.kind}`);
  item.append(open, kind, diffCounts('change-counts', row.added, row.removed));
  if (row.conflict) {
    item.dataset.conflict = 'true';
    const conflict = document.createElement('span');
    conflict.className = 'change-conflict';
    conflict.textContent = t('applied.conflict');
    item.append(conflict);
  }
  if (row.reverted) {
    const done = document.createElement('span');
    done.className = 'change-state';
    done.textContent = t('changes.reverted');
    item.append(done);
  } else if (!row.binary) {
    const revert = vscodeButton(t('changes.revert'), () => {
      revert.toggleAttribute('disabled', true);
      post({ type: 'revertChange', turnId, path: row.path });
    }, { secondary: true });
    revert.setAttribute('aria-label', t('changes.revertPath', row.path));
    item.append(revert);
  }
  if (row.error) {
    const error = document.createElement('div');
    error.className = 'change-error';
    error.setAttribute('role', 'status');
    error.textContent = row.error;
    item.append(error);
  }
  return item;
}
