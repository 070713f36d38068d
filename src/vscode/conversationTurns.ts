import type { AgentEvent } from '../core/events';
import type { ImageAttachment } from '../core/ports/modelClient';
import type { UserMessageInput } from '../core/queue/messageQueue';
import { nextTurnMessage, runQueuedTurns } from '../core/queue/queuedTurns';
import type { AgentSession } from '../core/session/agentSession';
import type { HostMessage } from '../protocol/messages';
import { isSavePoint } from './savePoints';
import type { TranscriptProjector } from './transcriptProjector';

/** What running turns needs of the controller that holds the conversation. */
export interface TurnHost {
  /** The conversation on screen now: events of one the user left are not shown. */
  current(): { session: AgentSession; projector: TranscriptProjector };
  emit(message: HostMessage): void;
  scheduleSave(session: AgentSession, projector: TranscriptProjector): void;
  flush(): Promise<void>;
  /** The conversation a turn started in (a reload reopens it). */
  started(session: AgentSession): void;
  onEvent?: (event: AgentEvent, session: AgentSession) => void;
  log(message: string): void;
}

/** Turns of a view's conversation: a message sent, the queue (spec §16), a Retry; their events to the view. */
export class ConversationTurns {
  constructor(private readonly host: TurnHost) {}

  /** Spec §16: while a turn runs the message is queued for its next model request; else it starts a turn. */
  async submit(text: string, images?: readonly ImageAttachment[]): Promise<void> {
    const { session } = this.host.current();
    if (session.busy) return void session.queue.add(text, images);
    await this.runQueue(nextTurnMessage(session.queue, { text, images }));
  }

  /** Runs `first`, then what is still queued when each turn ends, until the queue is empty or a turn is stopped. */
  async runQueue(first: UserMessageInput): Promise<void> {
    await this.run((session, sink) => runQueuedTurns(session.queue, first, ({ text, images }) => session.send(text, sink, images)));
  }

  /**
   * Spec §19: a new worktree conversation's setup command ('' for none), busy like a turn; the conversation is
   * stored either way (its worktree exists), and what was sent meanwhile runs after it.
   */
  async setUp(command: string): Promise<void> {
    await this.run(async (session, sink) => {
      if (command) await session.runSetup(command, sink);
      const queued = session.queue.takeFirst();
      if (queued) await runQueuedTurns(session.queue, queued, ({ text, images }) => session.send(text, sink, images));
    });
  }

  async retry(turnId: string, text: string): Promise<void> {
    await this.run((session, sink) => session.retry(turnId, text, sink));
  }

  private async run(start: (session: AgentSession, sink: (event: AgentEvent) => void) => Promise<unknown>): Promise<void> {
    const { session, projector } = this.host.current();
    const onScreen = () => this.host.current().session === session;
    this.host.started(session);
    this.host.emit({ type: 'busy', busy: true });
    try {
      await start(session, (event: AgentEvent) => {
        // Events of a conversation the user already left must not leak into the one on screen.
        if (!onScreen()) return;
        this.host.onEvent?.(event, session);
        if (event.type === 'toolParamDelta' || (event.type === 'subagent' && event.event.type === 'toolParamDelta')) return;
        for (const patch of projector.apply(event)) this.host.emit(patch);
        if (event.type === 'toolCall' && event.name === 'AskUser' && !event.partial) this.host.emit({ type: 'busy', busy: true, awaitingAnswer: true });
        if (event.type === 'toolResult' && event.name === 'AskUser') this.host.emit({ type: 'busy', busy: true, awaitingAnswer: false });
        this.host.scheduleSave(session, projector);
        if (isSavePoint(event)) void this.host.flush();
      });
    } catch (error) {
      this.host.log(`Turn failed: ${error instanceof Error ? error.stack : String(error)}`);
    } finally {
      this.host.scheduleSave(session, projector);
      await this.host.flush();
      if (onScreen()) this.host.emit({ type: 'busy', busy: false });
    }
  }
}
