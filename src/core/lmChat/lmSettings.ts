/**
 * Issue 55: the settings a turn reads while a VS Code chat model is chosen. The model's own limits replace the
 * endpoint's: `maxInputTokens` is the context window (compaction and the meter), its capabilities decide images
 * and native tool calls. The plan pays, so no prices; VS Code takes no reasoning effort.
 */
import type { Settings } from '../settings';

export interface VscodeModelFacts {
  id: string;
  maxInputTokens: number;
  /** Unknown when the VS Code in use does not say (before 1.104). */
  images?: boolean;
  tools?: boolean;
}

export function vscodeModelSettings(settings: Settings, facts: VscodeModelFacts | undefined): Settings {
  if (settings.model.api !== 'vscode') return settings;
  const model = settings.model;
  return {
    ...settings,
    model: {
      ...model,
      name: facts?.id ?? model.vscodeModel?.id ?? '',
      contextWindow: facts?.maxInputTokens && facts.maxInputTokens >= 1000 ? facts.maxInputTokens : model.contextWindow,
      supportsImages: facts?.images ?? model.supportsImages,
      toolProtocol: facts?.tools === false ? 'xml' : model.toolProtocol,
      reasoningEffort: 'default',
      inputPricePerMTok: 0,
      outputPricePerMTok: 0,
      cachedInputPricePerMTok: null,
    },
  };
}
