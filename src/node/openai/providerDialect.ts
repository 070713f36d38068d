import { hostOf } from './endpointHost';

/**
 * The rules a provider enforces on what comes back to it (spec §3, docs/providers.md), told from the endpoint and
 * the model id: a model served through a router (OpenRouter) keeps its maker's rules.
 */
export interface ProviderDialect {
  /** DeepSeek's thinking mode: every assistant message carries `reasoning_content`, `""` when none was streamed. */
  reasoningOnEveryAssistant: boolean;
  /** Kimi's thinking models: an assistant message with tool calls carries `reasoning_content`, and `""` counts as missing. */
  reasoningOnToolCalls: boolean;
  /** Gemini 3: the first call of each step carries a thought signature; a foreign history gets Google's documented skip value. */
  signsToolCalls: boolean;
  /** OpenRouter (or a router's `vendor/model` id): Gemini's signature travels as a `reasoning.encrypted` detail instead. */
  viaOpenRouter: boolean;
  /** Mistral: tool-call ids of exactly 9 characters of [a-zA-Z0-9], and no user message right after a tool message. */
  mistralIds: boolean;
}

export function providerDialect(baseUrl: string, model: string): ProviderDialect {
  const host = hostOf(baseUrl);
  const id = model.toLowerCase();
  return {
    reasoningOnEveryAssistant: (/deepseek/.test(id) || host.endsWith('deepseek.com')) && !/\br1\b/.test(id),
    reasoningOnToolCalls: /kimi|moonshot/.test(id) || host.endsWith('moonshot.ai') || host.endsWith('moonshot.cn'),
    signsToolCalls: /gemini/.test(id),
    viaOpenRouter: host.endsWith('openrouter.ai') || id.includes('/'),
    mistralIds: /mistral|magistral|codestral|devstral|ministral|pixtral/.test(id) || host.endsWith('mistral.ai'),
  };
}
