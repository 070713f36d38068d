import type { TranscriptEntry } from '../src/protocol/transcript';
import { codicon } from './codicon';
import { planChecklist } from './planChecklist';
import type { PinnedEntries } from './transcriptView';
import { t } from './l10n';

/**
 * The todo list and the plan, live above the input (spec §10): one widget updated in place. Open while a turn
 * runs; once idle it folds to its progress ("Todos 3/5 done"), and opens again on click, Enter or Space.
 */
export class LiveChecklist implements PinnedEntries {
  private readonly entries = new Map<string, TranscriptEntry>();
  private readonly details = document.createElement('details');
  private readonly summary = document.createElement('summary');
  private readonly progress = document.createElement('span');
  private readonly body = document.createElement('div');
  private busy = false;
  /** The user opened or closed it during this turn: their choice wins until the next turn. */
  private userToggled = false;

  constructor(private readonly root: HTMLElement) {
    this.progress.className = 'live-progress';
    this.summary.append(codicon('checklist'), this.progress);
    this.summary.addEventListener('click', () => {
      this.userToggled = true;
    });
    this.body.className = 'live-body';
    this.details.append(this.summary, this.body);
    root.replaceChildren(this.details);
    root.hidden = true;
  }

  reset(entries: TranscriptEntry[]): void {
    this.entries.clear();
    for (const entry of entries) this.entries.set(entry.id, entry);
    this.render();
  }

  update(entry: TranscriptEntry): void {
    this.entries.set(entry.id, entry);
    this.render();
  }

  setBusy(busy: boolean): void {
    if (busy === this.busy) return;
    this.busy = busy;
    this.userToggled = false;
    this.details.open = busy;
  }

  private render(): void {
    const lists = [...this.entries.values()].filter((entry) => Array.isArray(entry.meta?.tasks) || Array.isArray(entry.meta?.todos));
    this.root.hidden = lists.length === 0;
    if (!lists.length) return this.body.replaceChildren();
    const sections = lists.map((entry) => {
      const section = document.createElement('div');
      section.className = 'live-list';
      section.dataset.list = Array.isArray(entry.meta?.tasks) ? 'plan' : 'todos';
      section.append(...(planChecklist(entry, this.body.querySelector<HTMLElement>(`:scope > [data-list="${section.dataset.list}"]`) ?? undefined) ?? []));
      return section;
    });
    this.body.replaceChildren(...sections);
    this.progress.textContent = lists.map(progressText).join(' · ');
    if (!this.userToggled) this.details.open = this.busy;
  }
}

function progressText(entry: TranscriptEntry): string {
  const items = (entry.meta?.tasks ?? entry.meta?.todos) as Array<{ status?: unknown }>;
  const done = items.filter((item) => item.status === 'completed').length;
  const current = items.find((item) => item.status === 'in_progress') as { content?: unknown; description?: unknown } | undefined;
  const name = Array.isArray(entry.meta?.tasks) ? t('plan.plan') : t('plan.todos');
  const now = current ? `: ${String(current.content ?? current.description ?? '')}` : '';
  return `${t('plan.progress', name, done, items.length)}${now}`;
}
