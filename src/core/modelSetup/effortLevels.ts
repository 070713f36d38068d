import type { ReasoningEffort } from '../ports/modelClient';

/** A level of `model.reasoningEffort` besides `default`, which every model takes (it sends nothing). */
export type EffortLevel = Exclude<ReasoningEffort, 'default'>;

export const allEffortLevels: readonly EffortLevel[] = ['none', 'low', 'medium', 'high', 'max'];
const graded: readonly EffortLevel[] = ['none', 'low', 'medium', 'high'];
const deepSeekThinking: readonly EffortLevel[] = ['none', 'high', 'max'];
const noReasoning: readonly EffortLevel[] = [];

/**
 * Models known to answer without reasoning. Unknown names are not here: for them every level stays offered,
 * since a wrong guess would hide a control that works.
 */
const nonReasoning: readonly RegExp[] = [
  /^(chat)?gpt-4/, /^gpt-3\.5/, /^gpt-5(\.\d+)?-chat/,
  // An alias of deepseek-v4-flash with thinking off.
  /^deepseek-chat$/,
  /^claude-(instant|2)/, /^claude-3([-.]?5|-opus|-sonnet|-haiku)/,
  /^gemini-(1|2\.0)(?!.*thinking)/,
  /^grok-(2|3)(?!.*mini)/, /^grok-beta/,
  /^qwen2/, /^qwen3-coder/, /^qwen3.*instruct/,
  /^kimi-k2(?![.\d])(?!.*thinking)/,
  /^(code)?llama/, /^gemma/, /^codestral/, /^devstral/, /^starcoder/,
];

/**
 * Which reasoning-effort levels `model` accepts (spec §3 `model.reasoningEffort`), from its id alone, as the
 * control beside the model picker offers them; [] for a model known not to reason. OpenRouter's `vendor/`
 * prefix and `:variant` suffix are ignored.
 */
export function effortLevelsFor(model: string): readonly EffortLevel[] {
  const id = baseId(model);
  if (!id) return allEffortLevels;
  if (nonReasoning.some((pattern) => pattern.test(id))) return noReasoning;
  const openAi = openAiLevels(id);
  if (openAi) return openAi;
  if (/^deepseek-(reasoner|v4)/.test(id)) return deepSeekThinking;
  if (/claude|^gemini|^grok-\d+(\.\d+)?-mini|^qwen3|^glm-|^kimi/.test(id)) return graded;
  return allEffortLevels;
}

/** OpenAI's own reasoning models: `none` from gpt-5.1, `xhigh` (our `max`) from gpt-5.2 and codex-max. */
function openAiLevels(id: string): readonly EffortLevel[] | undefined {
  if (/^o\d/.test(id) || id.startsWith('gpt-oss')) return ['low', 'medium', 'high'];
  const gpt5 = /^gpt-5(?:\.(\d+))?/.exec(id);
  if (!gpt5) return undefined;
  if (/^gpt-5(\.\d+)?-pro/.test(id)) return ['high'];
  const minor = Number(gpt5[1] ?? 0);
  const levels: EffortLevel[] = minor >= 1 ? ['none', 'low', 'medium', 'high'] : ['low', 'medium', 'high'];
  if (minor >= 2 || id.includes('codex-max')) levels.push('max');
  return levels;
}

function baseId(model: string): string {
  const lastSegment = model.trim().toLowerCase().split('/').pop() ?? '';
  // OpenRouter's `:free` / `:thinking`; an Ollama tag (`qwen3:14b`) says nothing about reasoning either.
  return lastSegment.split(':')[0] ?? '';
}
