import type { Conversation } from './conversation';
import { userMessageIdOfTurn } from './truncateConversation';

export type ChangeSide = 'before' | 'after';

/** One side of a turn's change to a file, as "Open diff" and "Review changes" show it. */
export interface ChangeTextKey {
  conversationId: string;
  turnId: string;
  path: string;
  side: ChangeSide;
}

/**
 * A side of a recorded change read back from the stored conversation: the checkpoint of the turn's user
 * message (its pre-image, and what the agent's last change left), else the turn's change list. '' for a file
 * that did not exist on that side; undefined when the conversation has no record of it.
 */
export function changeSideText(conversation: Conversation, key: ChangeTextKey): string | undefined {
  const messageId = userMessageIdOfTurn(conversation, key.turnId);
  const file = messageId === undefined ? undefined : conversation.checkpoints?.find((c) => c.messageId === messageId)?.files.find((f) => f.path === key.path);
  if (file) return key.side === 'before' ? (file.existed ? (file.content ?? '') : '') : (file.existsAfter ? (file.after ?? '') : '');
  const row = conversation.changes?.find((t) => t.turnId === key.turnId)?.changes.find((c) => c.path === key.path);
  return row && (row[key.side] ?? '');
}
