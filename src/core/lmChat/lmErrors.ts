/**
 * Issue 55: what VS Code's language-model API throws, as one line for the user saying what to do. `code` is
 * `LanguageModelError.code` (`NoPermissions`, `Blocked`, `NotFound`), empty for any other error; quota and rate
 * limits come from the provider in its own words, so they are told apart by those.
 */
import { ModelError } from '../ports/modelClient';

export interface LmFailure {
  code: string;
  message: string;
  /** The model's name as the picker shows it ("Copilot · GPT-5.1"). */
  model: string;
}

const rateLimited = /rate.?limit|too many requests|\b429\b/i;
const quotaSpent = /quota|exceeded your|premium (?:request|interaction)s?|usage limit|out of (?:credits|requests)/i;
const toolsRefused = /does not support (?:tools|tool calling)|tools? (?:are|is) not supported/i;

export function lmModelError(failure: LmFailure): ModelError {
  const { code, model } = failure;
  const detail = oneLine(failure.message);
  if (code === 'NoPermissions') {
    return new ModelError('auth', (l10n) => l10n.t('VS Code did not allow CodeAgent to use {0}. Send again and choose Allow when VS Code asks, or allow it under Accounts → Manage Language Model Access.', model));
  }
  if (code === 'NotFound') {
    return new ModelError('badRequest', (l10n) => l10n.t('{0} is no longer offered in VS Code (its extension was disabled or signed out). Choose another model in the model picker.', model));
  }
  if (quotaSpent.test(detail)) {
    return new ModelError('badRequest', (l10n) => l10n.t('{0}: the plan\'s quota is used up ({1}). Choose another model in the model picker, or wait until the quota renews.', model, detail));
  }
  if (rateLimited.test(detail)) {
    return new ModelError('rateLimit', (l10n) => l10n.t('{0} is rate limited by its provider ({1}). CodeAgent retries; if it persists, wait a minute or choose another model.', model, detail));
  }
  if (code === 'Blocked') {
    return new ModelError('badRequest', (l10n) => l10n.t('VS Code blocked the request to {0} ({1}). Wait a moment and send again, or choose another model.', model, detail));
  }
  // The provider's words, for the turn's tool-protocol fallback to recognize a model without tool calling.
  if (toolsRefused.test(detail)) return new ModelError('badRequest', detail);
  return new ModelError('unknown', (l10n) => l10n.t('{0} failed: {1}', model, detail));
}

/** Never a stack: the first line of what the provider said. */
function oneLine(message: string): string {
  return (message.split('\n').find((line) => line.trim()) ?? message).trim().slice(0, 300) || 'no reason given';
}
