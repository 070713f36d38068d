import { post } from './vscodeApi';

interface ComposerElements {
  input: HTMLTextAreaElement;
  send: HTMLElement;
  stop: HTMLElement;
  newChat: HTMLElement;
  onDraftChange: (draft: string) => void;
}

/** The input box and its buttons: Enter sends, Shift+Enter breaks the line, Escape stops a running turn. */
export class Composer {
  private busy = false;
  private blocked = false;

  constructor(private readonly el: ComposerElements) {
    el.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit();
      } else if (event.key === 'Escape' && this.busy) {
        post({ type: 'stop' });
      }
    });
    el.input.addEventListener('input', () => {
      this.autosize();
      el.onDraftChange(el.input.value);
      this.refresh();
    });
    el.send.addEventListener('click', () => this.submit());
    el.stop.addEventListener('click', () => post({ type: 'stop' }));
    el.newChat.addEventListener('click', () => post({ type: 'newChat' }));
    this.refresh();
  }

  setDraft(text: string): void {
    this.el.input.value = text;
    this.autosize();
    this.refresh();
  }

  insert(text: string): void {
    const current = this.el.input.value;
    this.setDraft(current && !current.endsWith('\n') ? `${current}\n${text}` : current + text);
    this.el.onDraftChange(this.el.input.value);
    this.el.input.focus();
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.refresh();
  }

  setBlocked(blocked: boolean): void {
    this.blocked = blocked;
    this.refresh();
  }

  private submit(): void {
    const text = this.el.input.value.trim();
    if (!text || this.busy || this.blocked) return;
    post({ type: 'send', text });
    this.setDraft('');
    this.el.onDraftChange('');
  }

  private refresh(): void {
    setDisabled(this.el.send, this.busy || this.blocked || this.el.input.value.trim() === '');
    this.el.stop.hidden = !this.busy;
    this.el.send.hidden = this.busy;
  }

  private autosize(): void {
    this.el.input.style.height = 'auto';
    this.el.input.style.height = `${Math.min(this.el.input.scrollHeight, 240)}px`;
  }
}

function setDisabled(element: HTMLElement, disabled: boolean): void {
  element.toggleAttribute('disabled', disabled);
  element.setAttribute('aria-disabled', String(disabled));
}
