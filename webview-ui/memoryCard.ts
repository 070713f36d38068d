import { diffCounts } from './diffCounts';
import { t } from './l10n';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { collapsedDiff } from './collapsedDiff';

export interface MemoryDetail {
  diff: string;
  added: number;
  removed: number;
  undone?: boolean;
}

/**
 * Spec §21: a Memory write's card shows what changed — its +/− lines and the diff to fold open — with `Undo`, which
 * the host carries out from its own copy of the card; once done the card says `Undone` (a failure is a notification,
 * and `Undo` stays).
 */
export function memoryChangeLines(first: string, detail: MemoryDetail, entryId: string, path: string): HTMLElement[] {
  const line = document.createElement('div');
  line.className = 'tool-edit memory-change';
  line.dataset.kind = 'memory-change';
  const summary = document.createElement('span');
  summary.className = 'memory-summary';
  summary.textContent = first;
  line.append(diffCounts('edit-counts', detail.added, detail.removed), summary);
  if (detail.undone) {
    const done = document.createElement('span');
    done.className = 'change-state memory-undone';
    done.setAttribute('role', 'status');
    done.textContent = t('card.memoryUndone');
    line.append(done);
  } else {
    const undo = vscodeButton(t('card.memoryUndo'), () => {
      undo.toggleAttribute('disabled', true);
      post({ type: 'undoMemory', entryId });
    }, { secondary: true });
    undo.setAttribute('aria-label', t('card.memoryUndoTitle', path));
    undo.classList.add('memory-undo');
    line.append(undo);
  }
  const parts: HTMLElement[] = [line];
  if (detail.diff) parts.push(collapsedDiff(t('approval.diffSummary'), detail.diff, 'applied-diff memory-diff'));
  return parts;
}
