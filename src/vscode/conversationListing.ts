import type { ConversationSummary } from '../core/conversation/conversation';
import { sameSummaries } from '../core/conversation/listedConversationStore';
import type { HostMessage } from '../protocol/messages';
import type { ChatControllerDeps } from './chatControllerDeps';

type ListingDeps = Pick<ChatControllerDeps, 'store' | 'isRunning' | 'flushAll'>;

/**
 * Spec §24: History's list as this window knows it, at once; then the disk's, if another window changed it meanwhile.
 * `flushOwn` writes the view's own pending save when the window has no `flushAll`; `currentId` is read as each list goes.
 */
export async function sendConversationList(deps: ListingDeps, flushOwn: () => Promise<void>, currentId: () => string, emit: (message: HostMessage) => void): Promise<void> {
  await (deps.flushAll?.() ?? flushOwn());
  const send = (summaries: readonly ConversationSummary[]) => {
    const items = summaries.map((item) => (deps.isRunning?.(item.id) ? { ...item, running: true } : item));
    emit({ type: 'conversations', items, currentId: currentId() });
  };
  const shown = deps.store.cachedList?.();
  if (shown) send(shown);
  const listed = await deps.store.list();
  // The store's own list again: a list() it joined began before this window's latest saves, which it adds.
  const now = deps.store.cachedList?.() ?? listed;
  if (!shown || !sameSummaries(shown, now)) send(now);
}
