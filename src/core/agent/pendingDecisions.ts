import type { ApprovalDecision, ApprovalRequest } from '../tools/approval';
import type { Approver } from './approvalGate';

/** Approvals waiting for the user's click in the chat card; a stopped turn rejects whatever is still waiting. */
export class PendingApprovals implements Approver {
  private readonly waiting = new Map<string, (decision: ApprovalDecision) => void>();
  /** Told whenever the set of waiting approvals changes (the editor title's Accept/Reject follow it). */
  onChange: ((waiting: number) => void) | undefined;

  request(_request: ApprovalRequest, info: { callId: string }, signal: AbortSignal): Promise<ApprovalDecision> {
    return new Promise((resolve) => {
      const finish = (decision: ApprovalDecision) => {
        signal.removeEventListener('abort', onAbort);
        this.waiting.delete(info.callId);
        this.onChange?.(this.waiting.size);
        resolve(decision);
      };
      const onAbort = () => finish({ decision: 'rejected', feedback: 'The user stopped the turn.' });
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(info.callId, finish);
      this.onChange?.(this.waiting.size);
    });
  }

  /** Returns false when nothing with that id is waiting (a stale card clicked after a reload). */
  decide(callId: string, decision: ApprovalDecision): boolean {
    const finish = this.waiting.get(callId);
    finish?.(decision);
    return finish !== undefined;
  }

  /** Decides the most recent request: what the Accept/Reject commands act on. */
  decideLatest(decision: ApprovalDecision): boolean {
    const latest = [...this.waiting.keys()].at(-1);
    return latest !== undefined && this.decide(latest, decision);
  }

  get size(): number {
    return this.waiting.size;
  }
}

/** An AskUser question waiting for the user's next chat message. */
export class PendingQuestion {
  private answerWith: ((answer: string) => void) | undefined;

  ask(signal: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      const onAbort = () => { this.answerWith = undefined; reject(new Error('The user stopped the turn before answering.')); };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.answerWith = (answer) => {
        signal.removeEventListener('abort', onAbort);
        this.answerWith = undefined;
        resolve(answer);
      };
    });
  }

  get waiting(): boolean {
    return this.answerWith !== undefined;
  }

  answer(text: string): boolean {
    const answerWith = this.answerWith;
    answerWith?.(text);
    return answerWith !== undefined;
  }
}
