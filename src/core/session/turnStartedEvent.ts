import type { AgentEvent } from '../events';
import type { ImageAttachment } from '../ports/modelClient';
import type { PreprocessedInput } from '../mentions/inputPreprocessor';
import type { MessageRoute } from '../orchestration/messageRoute';
import type { TurnProfile } from '../orchestration/turnProfile';

/** What the panel is told a turn started with: the text as typed, its mention chips, reminder, warnings and mode. */
export function turnStartedEvent(
  turn: { turnId: string; userText: string; retryOf: string | undefined; images?: readonly ImageAttachment[] },
  route: Extract<MessageRoute, { kind: 'turn' }>,
  input: PreprocessedInput,
  profile: TurnProfile,
): Extract<AgentEvent, { type: 'turnStarted' }> {
  const { turnId, userText, retryOf } = turn;
  // Chips point at the mentions in the text as typed: the prompt sits at the end of it (after `@name` or `/plan`).
  // A slash command's prompt is its expanded file: only the mentions also typed in the message get a chip.
  const offset = route.command ? -1 : userText.lastIndexOf(route.text);
  const mentions = offset >= 0
    ? input.mentionOccurrences.map((m) => ({ path: m.path, kind: m.kind, raw: userText.slice(m.start + offset, m.end + offset) }))
    : input.mentionOccurrences.map((m) => ({ path: m.path, kind: m.kind, raw: route.text.slice(m.start, m.end) })).filter((m) => userText.includes(m.raw));
  return {
    type: 'turnStarted', turnId, userText,
    mentions,
    reminder: input.reminderText || undefined,
    warnings: input.warnings.length ? input.warnings : undefined,
    agent: profile.agentName,
    planMode: route.planMode || undefined,
    // Every stored message has one, an isolated agent's too: truncateConversation cuts its own history as well.
    checkpoint: true,
    retryOf,
    images: turn.images?.length ? [...turn.images] : undefined,
  };
}
