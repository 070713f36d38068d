/**
 * The status of one tool-call card (spec §10) as a small state machine. The host folds agent events into it
 * (TranscriptProjector); the webview only reads the result. An event that makes no sense in a state (a result
 * after the call already ended, an approval for a call still streaming) leaves the status unchanged.
 */
export const toolCallStatuses = ['streaming', 'awaiting', 'running', 'done', 'error', 'rejected', 'cancelled'] as const;
export type ToolCallStatus = (typeof toolCallStatuses)[number];

export type ToolCallEvent =
  /** The call's parameters arrived: still streaming (`partial`) or complete. */
  | { type: 'params'; partial: boolean }
  | { type: 'approvalRequested' }
  | { type: 'approvalDecided'; decision: 'accepted' | 'rejected' }
  | { type: 'result'; status: 'success' | 'error' | 'rejected' | 'cancelled' }
  /** The turn ended without a result for this call (Stop, a reload). */
  | { type: 'interrupted' };

const terminal: ReadonlySet<ToolCallStatus> = new Set(['done', 'error', 'rejected', 'cancelled']);
const resultStatus = { success: 'done', error: 'error', rejected: 'rejected', cancelled: 'cancelled' } as const;

export function isTerminalToolCallStatus(status: ToolCallStatus): boolean {
  return terminal.has(status);
}

/** The status after `event`; `undefined` is a call not seen yet. */
export function nextToolCallStatus(status: ToolCallStatus | undefined, event: ToolCallEvent): ToolCallStatus {
  if (status === undefined) return event.type === 'params' && event.partial ? 'streaming' : nextToolCallStatus('streaming', event);
  if (terminal.has(status)) return status;
  switch (event.type) {
    case 'params':
      // Parameters never go back to streaming once complete.
      return status === 'streaming' && !event.partial ? 'running' : status;
    case 'approvalRequested':
      return status === 'running' ? 'awaiting' : status;
    case 'approvalDecided':
      if (status !== 'awaiting') return status;
      return event.decision === 'accepted' ? 'running' : 'rejected';
    case 'result':
      return resultStatus[event.status];
    case 'interrupted':
      return 'cancelled';
  }
}

/** Statuses stored by earlier versions (`pending`, `success`) read as today's. */
export function toolCallStatusOf(stored: unknown): ToolCallStatus | undefined {
  if (stored === 'pending') return 'running';
  if (stored === 'success') return 'done';
  return (toolCallStatuses as readonly unknown[]).includes(stored) ? (stored as ToolCallStatus) : undefined;
}
