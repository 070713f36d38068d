import summaryPrompt from '../../../prompts/summary.md';
import { resilientModelStream } from '../model/resilientModelStream';
import type { Clock } from '../ports/clock';
import type { ModelClient, TokenUsage } from '../ports/modelClient';
import type { HistoryMessage } from './historyMessage';
import type { SummaryRange } from './historyCompactor';
import { renderSummaryInput } from './summaryTranscript';

export const summaryHeading = '## 📌 Archived Session Summary';

export interface SummaryRequestOptions {
  /** `codeagent.summaryModel.name`, or the chat model when that is empty. */
  model: string;
  segment: readonly HistoryMessage[];
  range: SummaryRange;
  clock: Clock;
  signal: AbortSignal;
  maxRetries: number;
  continueMaxRounds?: number;
  maxOutputTokens?: number;
  onRetry?: (info: { attempt: number; maxRetries: number; delayMs: number; reason: string }) => void;
  /** The summary call costs tokens too. */
  onUsage?: (usage: TokenUsage) => void;
}

/** Seed 001 §C2: one model call outside the chat, system = the summary prompt, user = the segment; returns the filled template. */
export async function summarizeWithModel(client: ModelClient, options: SummaryRequestOptions): Promise<string> {
  const request = {
    model: options.model,
    maxOutputTokens: options.maxOutputTokens,
    messages: [
      { role: 'system' as const, content: summaryPrompt },
      { role: 'user' as const, content: renderSummaryInput(options.segment, options.range) },
    ],
  };
  let text = '';
  for await (const chunk of resilientModelStream(client, request, {
    maxRetries: options.maxRetries,
    continueMaxRounds: options.continueMaxRounds ?? 2,
    clock: options.clock,
    signal: options.signal,
    onRetry: options.onRetry,
  })) {
    if (chunk.type === 'text') text += chunk.delta;
    else if (chunk.type === 'usage') options.onUsage?.(chunk.usage);
  }
  return normalizeSummary(text);
}

/** Cuts any chatter before the heading (and a code fence around the template); supplies the heading when the model left it out. */
export function normalizeSummary(raw: string): string {
  const text = raw.trim();
  if (!text) throw new Error('the summary model returned no text');
  const heading = /^#{1,6}[ \t]*(?:📌[ \t]*)?Archived Session Summary[^\n]*$/imu.exec(text);
  if (!heading) return `${summaryHeading}\n${stripFence(text)}`;
  const body = text.slice(heading.index + heading[0].length);
  const fenced = /```[^\n]*\n?$/.test(text.slice(0, heading.index));
  return `${summaryHeading}${fenced ? body.replace(/\n```\s*$/, '') : body}`.trim();
}

function stripFence(text: string): string {
  const fenced = /^```[^\n]*\n([\s\S]*?)\n```$/.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}
