import type { AgentEvent, EventSink } from '../events';

/**
 * The text of the model's reply streamed so far in the current model call, which history gets only when the
 * call ends. A conversation saved mid-reply keeps it, so a reload closes the reply with what the user saw.
 */
export class StreamedReplyText {
  private current = '';

  get text(): string {
    return this.current;
  }

  /** `emit`, noting the reply's text on the way (a child agent's text is its own). */
  tap(emit: EventSink): EventSink {
    return (event: AgentEvent) => {
      this.observe(event);
      emit(event);
    };
  }

  private observe(event: AgentEvent): void {
    if (event.type === 'text') this.current += event.delta;
    // The call ended (usage, its tool calls) or the turn did: history holds the reply now.
    else if (event.type === 'tokenUsage' || (event.type === 'toolCall' && !event.partial) || event.type === 'turnEnded' || event.type === 'turnStarted') this.current = '';
  }
}
