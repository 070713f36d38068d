import type { EventSink } from '../events';

/** The UI shows this much of each streaming parameter; the full value arrives with the final event. */
const previewLimit = 4000;
/** At most one partial update per call every this many parameter characters, so a 200 KB Write stays cheap. */
const reportEvery = 256;

interface PartialCall {
  name: string;
  params: Record<string, string>;
  unreported: number;
}

/** Turns parameter deltas into throttled, bounded `toolCall` partial events for the live tool card. */
export class PartialToolCallReporter {
  private readonly calls = new Map<string, PartialCall>();

  constructor(private readonly turnId: string, private readonly emit: EventSink) {}

  start(callId: string, name: string): void {
    this.calls.set(callId, { name, params: {}, unreported: 0 });
    this.report(callId);
  }

  delta(callId: string, param: string, delta: string): void {
    const call = this.calls.get(callId);
    if (!call) return;
    this.emit({ type: 'toolParamDelta', turnId: this.turnId, callId, name: call.name, param, delta });
    const current = call.params[param] ?? '';
    if (current.length < previewLimit) call.params[param] = (current + delta).slice(0, previewLimit);
    call.unreported += delta.length;
    if (call.unreported >= reportEvery || current === '') this.report(callId);
  }

  end(callId: string): void {
    this.calls.delete(callId);
  }

  /** The stream broke inside these calls: their cards end as cancelled (the model writes them again). */
  abandon(callIds: readonly string[], reason: string): void {
    for (const callId of callIds) {
      const call = this.calls.get(callId);
      if (!call) continue;
      this.calls.delete(callId);
      this.emit({ type: 'toolResult', turnId: this.turnId, callId, name: call.name, status: 'cancelled', summary: reason });
    }
  }

  private report(callId: string): void {
    const call = this.calls.get(callId);
    if (!call) return;
    call.unreported = 0;
    this.emit({ type: 'toolCall', turnId: this.turnId, callId, name: call.name, params: { ...call.params }, partial: true });
  }
}
