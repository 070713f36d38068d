import type { AttachedImageView } from '../src/protocol/messages';
import { post } from './vscodeApi';
import { t } from './l10n';


interface ComposerElements {
  input: HTMLTextAreaElement;
  send: HTMLElement;
  stop: HTMLElement;
  newChat: HTMLElement;
  onDraftChange: (draft: string) => void;
  /** Gets the key first (an open completion list takes Enter and the arrows). */
  interceptKey?: (event: KeyboardEvent) => boolean;
  /** Gets a message before it is sent; returns true when it handled it (a slash command). */
  interceptSubmit?: (text: string) => boolean;
  /** The images attached in the input (spec §16): sent with the next message, Send waits while they are prepared. */
  attachments?: { readonly busy: boolean; take(): AttachedImageView[] };
}

/** The input box and its buttons: Enter sends, Shift+Enter breaks the line, Escape stops a running turn. */
export class Composer {
  private busy = false;
  private blocked = false;
  /** AskUser is waiting: the next message answers it, so sending stays possible while the turn runs. */
  private awaitingAnswer = false;
  private planMode = false;

  constructor(private readonly el: ComposerElements) {
    el.input.addEventListener('keydown', (event) => {
      if (el.interceptKey?.(event)) {
        event.preventDefault();
        return;
      }
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

  setBusy(busy: boolean, awaitingAnswer = false): void {
    this.busy = busy;
    this.awaitingAnswer = busy && awaitingAnswer;
    this.updatePlaceholder();
    this.refresh();
    if (this.awaitingAnswer) this.el.input.focus();
  }

  setPlanMode(on: boolean): void {
    this.planMode = on;
    this.updatePlaceholder();
  }

  setBlocked(blocked: boolean): void {
    this.blocked = blocked;
    this.refresh();
  }

  private submit(): void {
    const text = this.el.input.value.trim();
    // While a turn runs the message is queued for its next model request (spec §16).
    if (!text || this.blocked || this.el.attachments?.busy) return;
    if (!this.awaitingAnswer && this.el.interceptSubmit?.(text)) {
      this.setDraft('');
      this.el.onDraftChange('');
      return;
    }
    // An answer to AskUser is text only: the images wait for the next message.
    const images = this.awaitingAnswer ? [] : this.el.attachments?.take() ?? [];
    post(images.length ? { type: 'send', text, images } : { type: 'send', text });
    this.setDraft('');
    this.el.onDraftChange('');
  }

  refresh(): void {
    setDisabled(this.el.send, this.blocked || this.el.input.value.trim() === '' || this.el.attachments?.busy === true);
    this.el.stop.hidden = !this.busy;
  }

  private updatePlaceholder(): void {
    this.el.input.placeholder = this.awaitingAnswer ? t('composer.answerPlaceholder')
      : this.busy ? t('composer.steerPlaceholder') : this.planMode ? t('composer.planPlaceholder') : t('composer.placeholder');
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
