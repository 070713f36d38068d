import type { TokenUsage } from '../ports/modelClient';
import { estimateTokens } from './tokenEstimate';

export interface CompactionCheck {
  /** The previous API call's reported usage, input + output (see usageTokens). */
  lastUsageTokens: number;
  /** The user's new input, preprocessed, not yet in history. */
  input: string;
  contextWindow: number;
  /** Fraction of the context window, e.g. 0.8. */
  threshold: number;
  /** Messages currently in history. */
  messageCount: number;
}

export interface CompactionDecision {
  compact: boolean;
  inputTokens: number;
  /** lastUsageTokens + inputTokens. */
  estimatedTokens: number;
  /** The token count at which compaction starts: threshold × contextWindow, rounded up. */
  limitTokens: number;
}

export const minMessagesToCompact = 3;

/** Seed 001 §A6/§C7: compact when last usage + the input's estimate reaches threshold × window, given at least 3 messages. */
export function shouldCompact(check: CompactionCheck): CompactionDecision {
  const inputTokens = estimateTokens(check.input);
  const estimatedTokens = check.lastUsageTokens + inputTokens;
  // Tokens are whole, so "≥ 0.7 × 100 000" means "≥ 70 000" even when the float product is 70 000.00000000001.
  const limitTokens = Math.ceil(check.threshold * check.contextWindow - 1e-6);
  return {
    compact: estimatedTokens >= limitTokens && check.messageCount >= minMessagesToCompact,
    inputTokens,
    estimatedTokens,
    limitTokens,
  };
}

/** What a call's usage says about the context's size: everything it read plus what it wrote, which the next call reads. */
export function usageTokens(usage: TokenUsage | undefined): number {
  return usage ? usage.inputTokens + usage.outputTokens : 0;
}
