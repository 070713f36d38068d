import type { ChatMessage, TokenUsage } from '../ports/modelClient';

/** How a turn ended; shared by the loop, sub-agents, the session and the events they emit. */
export type TurnEnd = 'completed' | 'answered' | 'cancelled' | 'error' | 'maxIterations';

/** One compressed history record a turn produces (spec §2: history keeps records, not full observations). */
export interface TurnRecord {
  /** `user`: a message the user queued while the turn ran, delivered between two model requests. */
  kind: 'assistant' | 'toolResult' | 'user';
  message: ChatMessage;
  toolName?: string;
  /** On assistant records: the usage of the model call that wrote it. */
  usage?: TokenUsage;
}
