import * as z from 'zod/mini';

/** One provider onboarding offers (issue 13); `baseUrl` is empty for the custom endpoint. */
export const PresetView = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  needsKey: z.boolean(),
  hint: z.string(),
});
export type PresetView = z.infer<typeof PresetView>;

/** `codeagent.model.reasoningEffort`'s values; `default` sends nothing, so every model takes it. */
export const reasoningEfforts = ['default', 'none', 'low', 'medium', 'high', 'max'] as const;

/** Issue 55: a chat model VS Code offers (`vscode.lm`), as the picker lists it under its vendor. */
export const VscodeModelView = z.object({
  id: z.string(),
  vendor: z.string(),
  /** "Copilot · GPT-5.1". */
  label: z.string(),
});
export type VscodeModelView = z.infer<typeof VscodeModelView>;

/** The model settings the header picker and onboarding show. */
export const ModelSetupView = z.object({
  baseUrl: z.string(),
  model: z.string(),
  /** The preset the endpoint belongs to ("Ollama"), for the header's tooltip. */
  provider: z.optional(z.string()),
  presets: z.array(PresetView),
  /** `codeagent.model.supportsImages` (spec §16): false → attaching an image says why. */
  supportsImages: z.optional(z.boolean()),
  /** `codeagent.model.reasoningEffort`, for the effort control beside the header's picker. */
  reasoningEffort: z.optional(z.enum(reasoningEfforts)),
  /** The levels besides `default` the model accepts; empty: it does not reason. */
  effortLevels: z.optional(z.array(z.enum(reasoningEfforts))),
  /** The chat models VS Code offers, listed under the endpoint's in the picker and first in onboarding. */
  vscodeModels: z.optional(z.array(VscodeModelView)),
  /** The id of the VS Code model in use (`model.api: vscode`); absent while an endpoint's model is. */
  vscodeModel: z.optional(z.string()),
});
export type ModelSetupView = z.infer<typeof ModelSetupView>;

/** Test connection's verdict: stable names tests and the panel's styling rely on. */
export const connectionStatuses = ['ok', 'bad_url', 'refused', 'timeout', 'unauthorized', 'model_not_found', 'other'] as const;

export const LocalServerView = z.object({
  presetId: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  models: z.array(z.string()),
});
export type LocalServerView = z.infer<typeof LocalServerView>;
