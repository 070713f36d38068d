export interface CompletionItem {
  label: string;
  detail?: string;
  /** A short kind label (`agent`) shown before the detail. */
  tag?: string;
  /** What replaces the token being typed. */
  insert: string;
}

/**
 * A listbox under the cursor's token: arrows move, Enter/Tab accept, Escape closes; the textarea keeps focus.
 * The textarea is the list's combobox (WAI-ARIA 1.2): `aria-expanded` is only allowed on an element with such a
 * role, and the active option is announced through `aria-activedescendant`.
 */
export class CompletionPopup {
  private items: CompletionItem[] = [];
  private active = 0;
  private onAccept: ((item: CompletionItem) => void) | undefined;

  constructor(private readonly list: HTMLElement, private readonly input: HTMLTextAreaElement) {
    list.setAttribute('role', 'listbox');
    list.id ||= 'completion-list';
    list.hidden = true;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-haspopup', 'listbox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', list.id);
    input.setAttribute('aria-expanded', 'false');
  }

  get open(): boolean {
    return !this.list.hidden;
  }

  show(items: CompletionItem[], onAccept: (item: CompletionItem) => void): void {
    this.items = items;
    this.onAccept = onAccept;
    this.active = 0;
    if (items.length === 0) return this.close();
    this.list.replaceChildren(...items.map((item, index) => this.option(item, index)));
    this.list.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    this.highlight();
  }

  close(): void {
    this.list.hidden = true;
    this.items = [];
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  /** Returns true when the key was the popup's to handle. */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      this.active = (this.active + step + this.items.length) % this.items.length;
      this.highlight();
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      this.accept(this.active);
      return true;
    }
    if (event.key === 'Escape') {
      this.close();
      return true;
    }
    return false;
  }

  private accept(index: number): void {
    const item = this.items[index];
    const onAccept = this.onAccept;
    this.close();
    if (item) onAccept?.(item);
  }

  private option(item: CompletionItem, index: number): HTMLElement {
    const li = document.createElement('li');
    li.id = `${this.list.id}-${index}`;
    li.setAttribute('role', 'option');
    const label = document.createElement('span');
    label.className = 'completion-label';
    label.textContent = item.label;
    li.append(label);
    if (item.tag) {
      const tag = document.createElement('span');
      tag.className = 'completion-tag';
      tag.textContent = item.tag;
      li.append(tag);
    }
    if (item.detail) {
      const detail = document.createElement('span');
      detail.className = 'completion-detail';
      detail.textContent = item.detail;
      li.append(detail);
    }
    // mousedown, not click: the textarea must not lose focus first.
    li.addEventListener('mousedown', (event) => {
      event.preventDefault();
      this.accept(index);
    });
    return li;
  }

  private highlight(): void {
    this.list.querySelectorAll('[role="option"]').forEach((element, index) => element.setAttribute('aria-selected', String(index === this.active)));
    const active = this.list.children[this.active];
    if (active) {
      this.input.setAttribute('aria-activedescendant', active.id);
      active.scrollIntoView({ block: 'nearest' });
    }
  }
}
