import type { ReasoningEffort } from '../../core/ports/modelClient';
import { hostOf } from './endpointHost';

/** What the Responses API's `reasoning` takes: the effort, and a readable summary of the reasoning streamed as thinking. */
export interface ResponsesReasoning {
  effort: 'none' | 'low' | 'medium' | 'high' | 'xhigh';
  summary: 'auto';
}

/**
 * Spec §3 `model.reasoningEffort` as Chat Completions extra body fields, spelled as the endpoint expects.
 * `max` is each provider's top level: OpenAI's and OpenRouter's `xhigh`, DeepSeek's `max`, `high` elsewhere.
 */
export function chatEffortParams(baseUrl: string, model: string, effort: ReasoningEffort | undefined): Record<string, unknown> {
  if (!effort || effort === 'default') return {};
  const host = hostOf(baseUrl);
  if (host === 'openrouter.ai') return { reasoning: { effort: effort === 'max' ? 'xhigh' : effort } };
  if (host === 'api.deepseek.com' || /deepseek/i.test(model)) {
    // DeepSeek thinks unless told not to; its efforts are low, high and max (medium is served as high).
    if (effort === 'none') return { thinking: { type: 'disabled' } };
    return { thinking: { type: 'enabled' }, reasoning_effort: effort === 'medium' ? 'high' : effort };
  }
  if (effort === 'max') return { reasoning_effort: isOpenAiHosted(host) ? 'xhigh' : 'high' };
  return { reasoning_effort: effort };
}

/** The Responses API's `reasoning`, or undefined to send none and leave the model its default. */
export function responsesReasoning(effort: ReasoningEffort | undefined): ResponsesReasoning | undefined {
  if (!effort || effort === 'default') return undefined;
  return { effort: effort === 'max' ? 'xhigh' : effort, summary: 'auto' };
}

function isOpenAiHosted(host: string): boolean {
  return host === 'api.openai.com' || host.endsWith('.openai.azure.com');
}
