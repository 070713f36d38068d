import type { Conversation } from './conversation';
import type { HistoryMessage } from '../history/historyMessage';

export interface Truncation {
  /** The conversation as it was before the message was sent. */
  conversation: Conversation;
  /** The removed message as the user typed it, to put back into the input. */
  userText: string;
  /** That message's turn and every later one, for the panel and the change lists. */
  removedTurnIds: string[];
}

function turnIdOf(entry: unknown): string | undefined {
  const turnId = typeof entry === 'object' && entry !== null ? (entry as { turnId?: unknown }).turnId : undefined;
  return typeof turnId === 'string' ? turnId : undefined;
}

function userTextOf(transcript: readonly unknown[], message: HistoryMessage): string {
  // The history holds the text sent to the model (mention reminders appended); the panel's entry holds what was typed.
  const entry = transcript.find((e) => turnIdOf(e) === message.turnId && (e as { kind?: unknown }).kind === 'user') as { text?: unknown } | undefined;
  return message.turnId !== undefined && typeof entry?.text === 'string' ? entry.text : message.content;
}

/** Where a list stops: its first element that belongs to a removed turn, or its length. */
function cutIndex<T>(items: readonly T[], removed: ReadonlySet<string>, turnOf: (item: T) => string | undefined): number {
  const index = items.findIndex((item) => {
    const turnId = turnOf(item);
    return turnId !== undefined && removed.has(turnId);
  });
  return index < 0 ? items.length : index;
}

/** The user message `id` in the main history or an isolated agent's, and the list that holds it. */
function locate(conversation: Conversation, id: string): { list: readonly HistoryMessage[]; index: number } | undefined {
  const lists = [conversation.messages, ...Object.values(conversation.agentHistories ?? {})];
  for (const list of lists) {
    const index = list.findIndex((m) => m.id === id && m.kind === 'user');
    if (index >= 0) return { list, index };
  }
  return undefined;
}

/** The user message that opened a turn (the panel knows turn ids); undefined for a turn that stored none. */
export function userMessageIdOfTurn(conversation: Conversation, turnId: string): string | undefined {
  const lists = [conversation.messages, ...Object.values(conversation.agentHistories ?? {})];
  for (const list of lists) {
    const message = list.find((m) => m.turnId === turnId && m.kind === 'user');
    if (message) return message.id;
  }
  return undefined;
}

/**
 * The conversation without the user message `userMessageId` and everything after it (spec §8
 * Restore checkpoint): history (main and isolated agents'), transcript entries from that turn on,
 * checkpoints and change lists of the removed turns. Todos and plan go back to the checkpoint's
 * state when one was kept. undefined when the message is not in the history (e.g. compacted away).
 */
export function truncateConversation(conversation: Conversation, userMessageId: string): Truncation | undefined {
  const found = locate(conversation, userMessageId);
  if (!found) return undefined;
  const message = found.list[found.index]!;

  const removed = new Set<string>();
  if (message.turnId !== undefined) removed.add(message.turnId);
  for (const later of found.list.slice(found.index)) if (later.turnId !== undefined) removed.add(later.turnId);
  const transcriptFrom = message.turnId === undefined ? -1 : conversation.transcript.findIndex((e) => turnIdOf(e) === message.turnId);
  if (transcriptFrom >= 0) for (const entry of conversation.transcript.slice(transcriptFrom)) {
    const turnId = turnIdOf(entry);
    if (turnId !== undefined) removed.add(turnId);
  }
  // Turns are never concurrent: a message of a turn created after this one started belongs to a later turn.
  const lists = [conversation.messages, ...Object.values(conversation.agentHistories ?? {})];
  for (const list of lists) for (const m of list) if (m.turnId !== undefined && m.createdAt > message.createdAt) removed.add(m.turnId);

  const keep = (list: readonly HistoryMessage[]) => list.slice(0, list === found.list ? found.index : cutIndex(list, removed, (m) => m.turnId));
  const messages = keep(conversation.messages);
  const transcript = conversation.transcript.slice(0, cutIndex(conversation.transcript, removed, turnIdOf));

  const truncated: Conversation = { ...conversation, messages, transcript };
  if (conversation.agentHistories) {
    const histories = Object.entries(conversation.agentHistories).map(([name, list]) => [name, keep(list)] as const).filter(([, list]) => list.length > 0);
    truncated.agentHistories = histories.length ? Object.fromEntries(histories) : undefined;
  }
  if (conversation.checkpoints) {
    const keptIds = new Set(lists.flatMap(keep).map((m) => m.id));
    const removedUserIds = new Set(lists.flat().filter((m) => m.kind === 'user' && !keptIds.has(m.id)).map((m) => m.id));
    const from = conversation.checkpoints.findIndex((c) => removedUserIds.has(c.messageId));
    truncated.checkpoints = from < 0 ? conversation.checkpoints : conversation.checkpoints.slice(0, from);
    const state = conversation.checkpoints.find((c) => c.messageId === userMessageId)?.state;
    if (state) {
      truncated.todos = state.todos;
      truncated.plan = state.plan;
    }
  }
  if (conversation.changes) truncated.changes = conversation.changes.filter((c) => !removed.has(c.turnId));
  if (conversation.turnInProgress && removed.has(conversation.turnInProgress.turnId)) truncated.turnInProgress = undefined;
  if (messages.length !== conversation.messages.length) truncated.lastUsage = [...messages].reverse().find((m) => m.usage)?.usage;

  return { conversation: truncated, userText: userTextOf(conversation.transcript, message), removedTurnIds: [...removed] };
}
