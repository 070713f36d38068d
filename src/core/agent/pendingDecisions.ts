import type { ApprovalDecision, ApprovalRequest } from '../tools/approval';
import type { Approver } from './approvalGate';

interface Waiting {
  kind: ApprovalRequest['kind'];
  finish: (decision: ApprovalDecision) => void;
  /** Spec §23: the rules a command's `Always allow` adds. */
  alwaysAllow?: string[];
}

/** Approvals waiting for the user's click in the chat card; a stopped turn rejects whatever is still waiting. */
export class PendingApprovals implements Approver {
  private readonly waiting = new Map<string, Waiting>();
  /** Told whenever the number of waiting EDIT approvals changes (the Accept/Reject commands follow it). */
  onChange: ((waitingEdits: number) => void) | undefined;

  request(request: ApprovalRequest, info: { callId: string }, signal: AbortSignal): Promise<ApprovalDecision> {
    return new Promise((resolve) => {
      const finish = (decision: ApprovalDecision) => {
        signal.removeEventListener('abort', onAbort);
        this.waiting.delete(info.callId);
        this.onChange?.(this.waitingEdits().length);
        resolve(decision);
      };
      const onAbort = () => finish({ decision: 'rejected', feedback: 'The user stopped the turn.' });
      if (signal.aborted) return onAbort();
      // Ids are unique within a conversation, not across the window's (spec §16): a click on one conversation's
      // card must never decide another's call, so a second call with a waiting id is not asked at all.
      if (this.waiting.has(info.callId)) return resolve({ decision: 'rejected', feedback: `Not asked: another conversation is waiting for approval of a call with the same id (${info.callId}). Send the call again.` });
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(info.callId, { kind: request.kind, finish, ...(request.kind === 'command' && request.alwaysAllow ? { alwaysAllow: request.alwaysAllow } : {}) });
      this.onChange?.(this.waitingEdits().length);
    });
  }

  /** Returns false when nothing with that id is waiting (a stale card clicked after a reload). */
  decide(callId: string, decision: ApprovalDecision): boolean {
    const waiting = this.waiting.get(callId);
    waiting?.finish(decision);
    return waiting !== undefined;
  }

  /**
   * Decides the most recent EDIT: what the Accept/Reject commands act on. A command is approved only from
   * its own card, so a palette "Accept" can never run a shell command.
   */
  decideLatestEdit(decision: ApprovalDecision): boolean {
    const latest = this.waitingEdits().at(-1);
    return latest !== undefined && this.decide(latest, decision);
  }

  private waitingEdits(): string[] {
    return [...this.waiting].filter(([, w]) => w.kind === 'edit' || w.kind === 'edits').map(([id]) => id);
  }

  /** The rules the gate offered for `Always allow` on this waiting command's card; undefined when none. */
  alwaysAllowOffered(callId: string): string[] | undefined {
    return this.waiting.get(callId)?.alwaysAllow;
  }

  isWaiting(callId: string): boolean {
    return this.waiting.has(callId);
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
