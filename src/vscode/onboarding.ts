import type { Settings } from '../core/settings';
import { baseUrlProblem, isLocalEndpoint } from '../core/settings';
import type { Onboarding } from '../protocol/transcript';
import { l10n } from './hostL10n';

/** What the panel shows instead of the chat until a model can actually be called; null when ready. */
export function onboardingFor(settings: Settings, apiKey: string | undefined, hasWorkspaceFolder = true, vscodeModels = 0): Onboarding | null {
  // The agent's tools are confined to the workspace: without a folder there is nothing safe to work on.
  if (!hasWorkspaceFolder) {
    return {
      title: l10n.t('Open a folder to start'),
      message: l10n.t('CodeAgent reads, edits and runs commands inside the open workspace folder only. Open a folder (File → Open Folder…) and the chat is ready.'),
      actions: [],
    };
  }
  // Issue 55: a VS Code chat model needs no endpoint and no key; VS Code asks for consent at the first request.
  if (settings.model.api === 'vscode' && settings.model.name.trim()) return null;
  if (!settings.model.name.trim() || settings.model.api === 'vscode') {
    if (vscodeModels > 0) {
      return {
        title: l10n.t('Connect a model to start'),
        message: l10n.t('Use a model you already have in VS Code (GitHub Copilot\'s plan, or another extension\'s models) with one click: no key to paste. Or connect any OpenAI-compatible endpoint below.'),
        actions: [{ label: l10n.t('Open Settings'), command: 'openSettings' }],
        modelSetup: true,
      };
    }
    return {
      title: l10n.t('Connect a model to start'),
      message: l10n.t('CodeAgent talks to any OpenAI-compatible endpoint. Choose a provider and a model below, or set codeagent.model.name (for example gpt-5.1, deepseek-v4-flash or qwen2.5-coder:14b) and codeagent.model.baseUrl (now {0}); for a hosted endpoint also run "CodeAgent: Set API Key" or set CODEAGENT_API_KEY. Once the chat opens, the Reasoning effort list beside the model picker sets how hard a reasoning model thinks.', settings.model.baseUrl || l10n.t('empty')),
      actions: [{ label: l10n.t('Open Settings'), command: 'openSettings' }, { label: l10n.t('Set API Key'), command: 'setApiKey' }],
      modelSetup: true,
    };
  }
  const urlProblem = baseUrlProblem(settings.model.baseUrl, l10n);
  if (urlProblem) {
    return {
      title: l10n.t('Fix the endpoint'),
      message: l10n.t('{0} Use https://api.openai.com/v1, https://api.deepseek.com, https://openrouter.ai/api/v1, http://localhost:11434/v1 (Ollama) or http://localhost:1234/v1 (LM Studio).', urlProblem),
      actions: [{ label: l10n.t('Open Settings'), command: 'openSettings' }],
      modelSetup: true,
    };
  }
  if (!apiKey && !isLocalEndpoint(settings.model.baseUrl)) {
    return {
      title: l10n.t('Add an API key'),
      message: l10n.t('{0} needs an API key. Run "CodeAgent: Set API Key" (stored in VS Code SecretStorage) or set CODEAGENT_API_KEY / OPENAI_API_KEY in the environment VS Code starts with.', settings.model.baseUrl),
      actions: [{ label: l10n.t('Set API Key'), command: 'setApiKey' }, { label: l10n.t('Open Settings'), command: 'openSettings' }],
      modelSetup: true,
    };
  }
  return null;
}
