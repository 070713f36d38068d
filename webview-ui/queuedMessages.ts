import type { QueuedMessageView } from '../src/protocol/messages';
import { post } from './vscodeApi';
import { t } from './l10n';

/**
 * The messages sent while a turn runs (spec §16), below the transcript and above the input: each one a user entry
 * with `data-status="queued"` and `Remove queued message`, until the turn takes it (then the transcript shows it
 * where it was delivered) or it starts the next turn.
 */
export class QueuedMessages {
  constructor(private readonly section: HTMLElement) {}

  show(items: readonly QueuedMessageView[]): void {
    this.section.hidden = items.length === 0;
    this.section.replaceChildren(...items.map(queuedEntry));
  }
}

function queuedEntry(item: QueuedMessageView): HTMLElement {
  const entry = document.createElement('div');
  entry.className = 'entry entry-user entry-queued';
  entry.dataset.kind = 'user';
  entry.dataset.status = 'queued';
  entry.dataset.id = item.id;
  const header = document.createElement('div');
  header.className = 'entry-header';
  header.textContent = t('queued.header');
  const remove = document.createElement('button');
  remove.className = 'link remove-queued';
  remove.textContent = t('queued.remove');
  remove.title = t('queued.removeTitle');
  remove.setAttribute('aria-label', t('queued.removeName'));
  remove.addEventListener('click', () => {
    remove.disabled = true;
    post({ type: 'removeQueued', id: item.id });
  });
  header.append(remove);
  const body = document.createElement('div');
  body.className = 'entry-body';
  body.textContent = item.text;
  entry.append(header, body);
  return entry;
}
