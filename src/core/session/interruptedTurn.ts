import type { TurnInProgress } from '../conversation/conversation';
import type { HistoryMessage } from '../history/historyMessage';

const note = 'The window was reloaded while this ran; it did not finish.';

/**
 * A conversation stored mid-turn (the window reloaded) may end with tool calls that never got a result.
 * Answer each of them as cancelled, so history stays a valid sequence for the next request.
 */
export function repairInterruptedTurn(messages: readonly HistoryMessage[], turn: TurnInProgress | undefined, stamp: () => { id: string; createdAt: number }): HistoryMessage[] {
  const repaired = [...messages];
  if (!turn) return repaired;
  const last = repaired.at(-1);
  if (last?.kind === 'assistant' && last.toolCalls?.length) {
    for (const call of last.toolCalls) {
      repaired.push({ ...stamp(), kind: 'toolResult', role: 'tool', toolCallId: call.id, toolName: call.name, turnId: turn.turnId, content: `[cancelled] ${note}` });
    }
  } else if (last?.kind === 'assistant' && /<\/[A-Z][A-Za-z]+>\s*$/.test(last.content)) {
    repaired.push({ ...stamp(), kind: 'toolResult', role: 'user', turnId: turn.turnId, content: `<tool_result status="cancelled">\n${note}\n</tool_result>` });
  } else {
    // The reply cut off mid-stream keeps what the user saw of it.
    const shown = turn.partialText?.trim();
    repaired.push({ ...stamp(), kind: 'assistant', role: 'assistant', turnId: turn.turnId, content: shown ? `${shown}\n\n[${note}]` : `[${note}]` });
  }
  return repaired;
}
