import type { AgentEvent, EventSink } from '../events';
import type { Clock } from '../ports/clock';
import { ModelError, type ChatMessage, type ModelClient, type TokenUsage } from '../ports/modelClient';
import type { Settings } from '../settings';
import { resilientModelStream } from '../model/resilientModelStream';
import { costOf } from './cost';

export interface AgentSessionDeps {
  model: () => ModelClient;
  clock: Clock;
  settings: () => Settings;
  systemPrompt: () => string;
  newId: () => string;
}

/** One conversation: owns its history and runs one turn at a time. */
export class AgentSession {
  private readonly history: ChatMessage[] = [];
  private running: AbortController | undefined;
  private lastUsage: TokenUsage | undefined;

  constructor(private readonly deps: AgentSessionDeps) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  get messages(): readonly ChatMessage[] {
    return this.history;
  }

  cancel(): void {
    this.running?.abort(new ModelError('cancelled', 'Cancelled by the user.'));
  }

  async send(userText: string, emit: EventSink): Promise<void> {
    if (this.running) throw new Error('A turn is already running; stop it first.');
    const controller = new AbortController();
    this.running = controller;
    const turnId = this.deps.newId();
    const settings = this.deps.settings();
    emit({ type: 'turnStarted', turnId, userText });
    const request = {
      model: settings.model.name,
      maxOutputTokens: settings.model.maxOutputTokens,
      messages: [{ role: 'system' as const, content: this.deps.systemPrompt() }, ...this.history, { role: 'user' as const, content: userText }],
    };
    let answer = '';
    let reason: Extract<AgentEvent, { type: 'turnEnded' }>['reason'] = 'answered';
    try {
      const stream = resilientModelStream(this.deps.model(), request, {
        maxRetries: settings.model.maxRetries,
        continueMaxRounds: settings.model.continueMaxRounds,
        clock: this.deps.clock,
        signal: controller.signal,
        onRetry: (info) => emit({ type: 'retry', turnId, ...info }),
      });
      for await (const chunk of stream) {
        if (chunk.type === 'text') { answer += chunk.delta; emit({ type: 'text', turnId, delta: chunk.delta }); }
        else if (chunk.type === 'reasoning') emit({ type: 'thinking', turnId, delta: chunk.delta });
        else if (chunk.type === 'usage') this.recordUsage(turnId, chunk.usage, settings, emit);
      }
    } catch (error) {
      const cancelled = controller.signal.aborted || (error instanceof ModelError && error.kind === 'cancelled');
      reason = cancelled ? 'cancelled' : 'error';
      if (!cancelled) emit({ type: 'error', turnId, message: error instanceof Error ? error.message : String(error), code: error instanceof ModelError ? error.kind : undefined });
    } finally {
      this.running = undefined;
    }
    // The exchange enters history even when cut short, so the next turn sees what the user already saw.
    this.history.push({ role: 'user', content: userText });
    if (answer || reason === 'answered') this.history.push({ role: 'assistant', content: answer + (reason === 'cancelled' ? '\n\n[cancelled by the user]' : '') });
    emit({ type: 'turnEnded', turnId, reason });
  }

  private recordUsage(turnId: string, usage: TokenUsage, settings: Settings, emit: EventSink): void {
    this.lastUsage = usage;
    emit({ type: 'tokenUsage', turnId, usage, cost: costOf(usage, settings) });
    emit({ type: 'contextWindow', usedTokens: usage.inputTokens + usage.outputTokens, windowTokens: settings.model.contextWindow });
  }

  get lastReportedUsage(): TokenUsage | undefined {
    return this.lastUsage;
  }
}
