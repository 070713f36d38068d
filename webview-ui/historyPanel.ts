import type { ConversationListItem } from '../src/protocol/transcript';
import { post } from './vscodeApi';
import { t, tn } from './l10n';

/** The list of stored conversations: open one to continue it, delete one for good. */
export class HistoryPanel {
  private focusList = false;
  private more: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly root: HTMLElement, private readonly toggleButton: HTMLElement) {
    toggleButton.addEventListener('click', () => this.toggle());
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.close();
    });
  }

  /** `focusList`: from the title bar, so the keyboard lands in the list. */
  toggle(focusList = false): void {
    if (this.root.hidden) this.open(focusList);
    else this.close();
  }

  open(focusList = false): void {
    this.focusList = focusList;
    this.root.hidden = false;
    this.toggleButton.setAttribute('aria-expanded', 'true');
    this.root.replaceChildren(heading(t('history.loading')));
    performance.mark('codeagent:history-open');
    post({ type: 'listConversations' });
  }

  close(): void {
    this.root.hidden = true;
    this.toggleButton.setAttribute('aria-expanded', 'false');
  }

  /** The host may send the list twice (what it knew, then the disk's): the keyboard stays on the same row. */
  show(items: readonly ConversationListItem[], currentId: string): void {
    if (this.root.hidden) return;
    const focused = document.activeElement instanceof HTMLElement && this.root.contains(document.activeElement) ? document.activeElement : undefined;
    const keep = focused && { id: focused.closest<HTMLElement>('li.history-item')?.dataset.id, className: focused.className };
    if (items.length === 0) return this.root.replaceChildren(heading(t('history.empty')));
    const list = document.createElement('ul');
    list.className = 'history-list';
    list.setAttribute('aria-label', t('history.list'));
    const rows = (from: number, to: number) => items.slice(from, to).map((item) => row(item, item.id === currentId, () => this.close()));
    list.append(...rows(0, FIRST_ROWS));
    // A long history (spec §24: a thousand conversations) shows its newest at once, the rest a slice per task once
    // that first screen is painted (slices queued sooner ran before the first frame).
    clearTimeout(this.more);
    const more = (from: number) => {
      if (from >= items.length || !list.isConnected) return;
      list.append(...rows(from, from + MORE_ROWS));
      this.more = setTimeout(() => more(from + MORE_ROWS), 0);
    };
    this.root.replaceChildren(heading(t('history.heading')), list);
    requestAnimationFrame(() => {
      this.more = setTimeout(() => {
        // Spec §24's figure reads this: the list on screen, on the webview's own clock.
        performance.mark('codeagent:history-painted');
        more(FIRST_ROWS);
      }, 0);
    });
    const again = keep?.id !== undefined ? list.querySelector<HTMLElement>(`li.history-item[data-id="${CSS.escape(keep.id)}"] > .${keep.className}`) : undefined;
    if (again) again.focus();
    else if (this.focusList || keep) list.querySelector('button')?.focus();
    this.focusList = false;
  }
}

/** Rows built with the list, and per slice after them. */
const FIRST_ROWS = 40;
const MORE_ROWS = 200;

/** One formatter for every row: `toLocaleString` builds one per call, which a list of a thousand feels. */
const dateTime = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });

function row(item: ConversationListItem, current: boolean, onOpen: () => void): HTMLElement {
  const li = document.createElement('li');
  li.className = current ? 'history-item current' : 'history-item';
  li.dataset.id = item.id;
  // Spec §16: a conversation whose turn runs (here or in another CodeAgent view) is marked.
  if (item.running) li.dataset.running = 'true';
  const open = document.createElement('button');
  open.className = 'history-open';
  open.setAttribute('aria-label', t('history.open', item.title));
  const title = document.createElement('span');
  title.className = 'history-title';
  title.textContent = item.title || t('history.untitled');
  const details = document.createElement('span');
  details.className = 'history-details';
  details.textContent = `${dateTime.format(item.updatedAt)} · ${tn(item.messageCount, 'history.messages.one', 'history.messages.other')}${item.cost > 0 ? ` · $${item.cost.toFixed(4)}` : ''}${current ? ` · ${t('history.isOpen')}` : ''}${item.running ? ` · ${t('history.running')}` : ''}`;
  open.append(title, details);
  // Spec §19: a worktree conversation shows its branch.
  if (item.branch) {
    li.dataset.branch = item.branch;
    const branch = document.createElement('span');
    branch.className = 'history-branch';
    branch.textContent = item.branch;
    branch.title = t('history.worktree', item.branch);
    open.insertBefore(branch, details);
  }
  open.addEventListener('click', () => {
    post({ type: 'openConversation', id: item.id });
    onOpen();
  });
  const remove = document.createElement('button');
  remove.className = 'history-delete';
  remove.textContent = t('history.delete');
  remove.setAttribute('aria-label', t('history.deleteName', item.title));
  remove.addEventListener('click', () => post({ type: 'deleteConversation', id: item.id }));
  li.append(open, remove);
  return li;
}

function heading(text: string): HTMLElement {
  const h = document.createElement('h2');
  h.textContent = text;
  return h;
}
