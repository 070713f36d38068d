import type { HistoryMessage } from '../history/historyMessage';
import type { Settings } from '../settings';
import type { TurnRecord } from '../contracts/turnRecord';
import { costOf } from './cost';

/** What a turn recorded (a model reply, a tool result), as the history stores it, with the call's cost. */
export function historyMessageOf(record: TurnRecord, stamp: { id: string; createdAt: number; turnId: string }, settings: Settings): HistoryMessage {
  // Fields set one by one, not spread: V8 keeps such objects on a fast shape, which every pass over history feels.
  const message: HistoryMessage = { id: stamp.id, createdAt: stamp.createdAt, kind: record.kind, role: record.message.role, content: record.message.content, turnId: stamp.turnId };
  if (record.message.toolCalls) message.toolCalls = record.message.toolCalls;
  if (record.message.toolCallId) message.toolCallId = record.message.toolCallId;
  if (record.message.images?.length) message.images = [...record.message.images];
  if (record.message.echo) message.echo = record.message.echo;
  if (record.toolName) message.toolName = record.toolName;
  if (record.usage) {
    message.usage = record.usage;
    message.cost = costOf(record.usage, settings);
  }
  return message;
}
