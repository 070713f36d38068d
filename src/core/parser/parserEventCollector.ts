import type { ParserEvent } from './parserEvents';

/** Gathers the events of one feed, merging adjacent deltas of the same stream so the UI gets fewer, larger updates. */
export class ParserEventCollector {
  private events: ParserEvent[] = [];

  text(delta: string): void {
    if (delta === '') return;
    const last = this.events[this.events.length - 1];
    if (last?.type === 'text') last.delta += delta;
    else this.events.push({ type: 'text', delta });
  }

  thinking(delta: string): void {
    if (delta === '') return;
    const last = this.events[this.events.length - 1];
    if (last?.type === 'thinking') last.delta += delta;
    else this.events.push({ type: 'thinking', delta });
  }

  paramDelta(callId: string, name: string, param: string, delta: string): void {
    if (delta === '') return;
    const last = this.events[this.events.length - 1];
    if (last?.type === 'toolParamDelta' && last.callId === callId && last.param === param) last.delta += delta;
    else this.events.push({ type: 'toolParamDelta', callId, name, param, delta });
  }

  push(event: ParserEvent): void {
    this.events.push(event);
  }

  drain(): ParserEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }
}
