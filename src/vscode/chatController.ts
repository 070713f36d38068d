import type { AgentSession } from '../core/agent/agentSession';
import type { PendingApprovals } from '../core/agent/pendingDecisions';
import type { AgentEvent } from '../core/events';
import type { HostMessage, WebviewMessage } from '../protocol/messages';
import type { Onboarding } from '../protocol/transcript';
import { TranscriptProjector } from './transcriptProjector';

export interface ChatControllerDeps {
  createSession: () => AgentSession;
  approvals: PendingApprovals;
  onboarding: () => Onboarding | null;
  runCommand: (command: 'openSettings' | 'setApiKey') => void;
  openFile: (path: string) => void;
  showContext: () => void;
  log: (message: string) => void;
}

/** Owns the current conversation and mirrors it into whichever webview is attached (none while hidden). */
export class ChatController {
  private session: AgentSession;
  private projector: TranscriptProjector;
  private post: ((message: HostMessage) => void) | undefined;
  private conversationCount = 0;

  constructor(private readonly deps: ChatControllerDeps) {
    this.session = deps.createSession();
    this.projector = this.newProjector();
  }

  attach(post: (message: HostMessage) => void): void {
    this.post = post;
  }

  detach(): void {
    this.post = undefined;
  }

  handle(message: WebviewMessage): void {
    switch (message.type) {
      case 'ready': return this.sendSnapshot();
      case 'send': return void this.send(message.text);
      case 'stop': return this.session.cancel();
      case 'newChat': return this.newChat();
      case 'runCommand': return this.deps.runCommand(message.command);
      case 'openFile': return this.deps.openFile(message.path);
      case 'showContext': return this.deps.showContext();
      case 'approvalDecision': {
        const decision = message.decision === 'accepted' ? { decision: 'accepted' as const } : { decision: 'rejected' as const, feedback: message.feedback };
        if (!this.deps.approvals.decide(message.callId, decision)) this.deps.log(`No approval is waiting for ${message.callId}.`);
        return;
      }
    }
  }

  async send(text: string): Promise<void> {
    if (this.deps.onboarding()) return this.refreshOnboarding();
    if (this.session.awaitingAnswer) {
      this.session.answer(text);
      return;
    }
    if (this.session.busy) return this.deps.log('A turn is running; the message was not sent.');
    const session = this.session;
    const projector = this.projector;
    this.emit({ type: 'busy', busy: true });
    try {
      await session.send(text, (event: AgentEvent) => {
        // Events of a conversation the user already left must not leak into the new one.
        if (projector !== this.projector) return;
        for (const patch of projector.apply(event)) this.emit(patch);
        if (event.type === 'toolCall' && event.name === 'AskUser' && !event.partial) this.emit({ type: 'busy', busy: true, awaitingAnswer: true });
        if (event.type === 'toolResult' && event.name === 'AskUser') this.emit({ type: 'busy', busy: true, awaitingAnswer: false });
      });
    } catch (error) {
      this.deps.log(`Turn failed: ${error instanceof Error ? error.stack : String(error)}`);
    } finally {
      if (projector === this.projector) this.emit({ type: 'busy', busy: false });
    }
  }

  newChat(): void {
    this.session.cancel();
    this.session = this.deps.createSession();
    this.projector = this.newProjector();
    this.sendSnapshot();
  }

  lastContextDocument(): string | undefined {
    return this.session.lastContextDocument();
  }

  prefill(text: string): void {
    this.emit({ type: 'prefill', text });
  }

  refreshOnboarding(): void {
    this.emit({ type: 'onboarding', onboarding: this.deps.onboarding() });
  }

  private sendSnapshot(): void {
    this.emit({
      type: 'snapshot',
      entries: this.projector.entries,
      busy: this.session.busy,
      onboarding: this.deps.onboarding(),
      usage: this.projector.usageSummary,
    });
  }

  private emit(message: HostMessage): void {
    this.post?.(message);
  }

  private newProjector(): TranscriptProjector {
    return new TranscriptProjector(`c${this.conversationCount++}`);
  }
}
