import type { TurnEnd } from '../contracts/turnRecord';
import type { MessageQueue, UserMessageInput } from './messageQueue';

/**
 * Runs `first` as a turn, then each message still queued when a turn ends as the next one (spec §16: a queued
 * message the running turn did not take starts the next turn). A stopped turn ends the run: Stop keeps the
 * queue, and the messages wait for the user's next message.
 */
export async function runQueuedTurns(queue: MessageQueue, first: UserMessageInput, runTurn: (message: UserMessageInput) => Promise<TurnEnd | undefined>): Promise<void> {
  let message: UserMessageInput | undefined = first;
  while (message !== undefined) {
    const end = await runTurn(message);
    if (end === 'cancelled' || end === undefined) return;
    message = queue.takeFirst();
  }
}

/**
 * What a message sent while no turn runs starts with: itself when nothing waits; else the oldest waiting message,
 * with this one queued behind it, so the conversation keeps the order the user sent them in.
 */
export function nextTurnMessage(queue: MessageQueue, sent: UserMessageInput): UserMessageInput {
  if (queue.size === 0) return sent;
  queue.add(sent.text, sent.images);
  return queue.takeFirst()!;
}
