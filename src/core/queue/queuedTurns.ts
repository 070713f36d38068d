import type { TurnEnd } from '../contracts/turnRecord';
import type { MessageQueue } from './messageQueue';

/**
 * Runs `first` as a turn, then each message still queued when a turn ends as the next one (spec §16: a queued
 * message the running turn did not take starts the next turn). A stopped turn ends the run: Stop keeps the
 * queue, and the messages wait for the user's next message.
 */
export async function runQueuedTurns(queue: MessageQueue, first: string, runTurn: (text: string) => Promise<TurnEnd | undefined>): Promise<void> {
  let text: string | undefined = first;
  while (text !== undefined) {
    const end = await runTurn(text);
    if (end === 'cancelled' || end === undefined) return;
    text = queue.takeFirst()?.text;
  }
}

/**
 * What a message sent while no turn runs starts with: itself when nothing waits; else the oldest waiting message,
 * with this one queued behind it, so the conversation keeps the order the user sent them in.
 */
export function nextTurnText(queue: MessageQueue, sent: string): string {
  if (queue.size === 0) return sent;
  queue.add(sent);
  return queue.takeFirst()!.text;
}
