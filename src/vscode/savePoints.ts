import type { AgentEvent } from '../core/events';

/**
 * Events after which the conversation is written at once instead of with the next coalesced save: the
 * user's message has just entered it, or the turn now waits for the user (an approval, an AskUser question)
 * and may wait long enough for the window to be reloaded or closed.
 */
export function isSavePoint(event: AgentEvent): boolean {
  if (event.type === 'subagent') return isSavePoint(event.event);
  if (event.type === 'turnStarted') return true;
  if (event.type === 'approval') return event.phase === 'request';
  return event.type === 'toolCall' && event.name === 'AskUser' && !event.partial;
}
