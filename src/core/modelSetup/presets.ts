/** The providers onboarding offers (issue 13): choosing one fills codeagent.model.baseUrl. */
export interface ModelPreset {
  id: 'openai' | 'anthropic' | 'deepseek' | 'kimi' | 'openrouter' | 'ollama' | 'lmstudio' | 'custom';
  name: string;
  /** Empty for `custom`: the user types the URL. */
  baseUrl: string;
  needsKey: boolean;
  /** Where the user gets a key, or what to run to start the local server. */
  hint: string;
  /** A server on this machine that onboarding looks for on its default port. */
  local: boolean;
}

export const modelPresets: readonly ModelPreset[] = [
  { id: 'openai', name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', needsKey: true, local: false, hint: 'Key from platform.openai.com/api-keys (or OPENAI_API_KEY).' },
  { id: 'anthropic', name: 'Anthropic', baseUrl: 'https://api.anthropic.com', needsKey: true, local: false, hint: 'Key from platform.claude.com/settings/keys (or ANTHROPIC_API_KEY); CodeAgent speaks its Messages API.' },
  { id: 'deepseek', name: 'DeepSeek', baseUrl: 'https://api.deepseek.com', needsKey: true, local: false, hint: 'Key from platform.deepseek.com/api_keys (or CODEAGENT_API_KEY); models deepseek-v4-flash and deepseek-v4-pro.' },
  { id: 'kimi', name: 'Kimi (Anthropic API)', baseUrl: 'https://api.moonshot.ai/anthropic', needsKey: true, local: false, hint: "Key from platform.moonshot.ai (or CODEAGENT_API_KEY); Kimi models through Moonshot's Anthropic-compatible API." },
  { id: 'openrouter', name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', needsKey: true, local: false, hint: 'Key from openrouter.ai/settings/keys (or CODEAGENT_API_KEY).' },
  { id: 'ollama', name: 'Ollama', baseUrl: 'http://localhost:11434/v1', needsKey: false, local: true, hint: 'Start it with `ollama serve`; pull a model with `ollama pull qwen2.5-coder`.' },
  { id: 'lmstudio', name: 'LM Studio', baseUrl: 'http://localhost:1234/v1', needsKey: false, local: true, hint: 'Load a model and start the server in LM Studio\'s Developer tab.' },
  { id: 'custom', name: 'Custom endpoint', baseUrl: '', needsKey: false, local: false, hint: 'Any OpenAI-compatible endpoint (vLLM, LiteLLM, a proxy…).' },
];

export function presetById(id: string): ModelPreset | undefined {
  return modelPresets.find((preset) => preset.id === id);
}

/** The preset whose URL this is (trailing slashes aside), so the panel can say "Ollama" rather than a URL. */
export function presetForBaseUrl(baseUrl: string): ModelPreset | undefined {
  const normalized = normalizeBaseUrl(baseUrl);
  return modelPresets.find((preset) => preset.baseUrl && normalizeBaseUrl(preset.baseUrl) === normalized);
}

function normalizeBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '').replace('://127.0.0.1', '://localhost').toLowerCase();
}
