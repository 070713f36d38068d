import { PostingViewPart } from './viewPart';
import { l10n } from './hostL10n';
import { describeFailure, testConnection } from '../core/modelSetup/connectionTest';
import { effortLevelsFor } from '../core/modelSetup/effortLevels';
import { detectLocalServers } from '../core/modelSetup/localServers';
import { ModelListCache } from '../core/modelSetup/modelListCache';
import { modelPresets, presetById, presetForBaseUrl } from '../core/modelSetup/presets';
import type { ModelCatalog } from '../core/ports/modelCatalog';
import { baseUrlProblem, type Settings } from '../core/settings';
import type { HostMessage, WebviewMessage } from '../protocol/messages';
import type { connectionStatuses, ModelSetupView, reasoningEfforts, VscodeModelView } from '../protocol/modelSetup';

export interface ModelSetupDeps {
  settings: () => Settings;
  apiKey: () => string | undefined;
  catalog: ModelCatalog;
  now: () => number;
  /** Writes `codeagent.model.<key>` where the user keeps it: the workspace when it sets the key there, else the user settings. */
  writeModelSetting: (key: ModelSettingKey, value: ModelSettingValue) => Promise<void>;
  /** "CodeAgent: Set API Key"; false when the user cancelled. */
  promptApiKey: () => Promise<boolean>;
  /** Asks for a custom endpoint URL; undefined when cancelled. */
  promptBaseUrl: (current: string) => Promise<string | undefined>;
  /** Issue 55: the chat models VS Code offers now (none on a VS Code without `vscode.lm`). */
  vscodeModels?: () => ReadonlyArray<VscodeModelView & { family: string }>;
  log: (message: string) => void;
}

export type ModelSettingKey = 'baseUrl' | 'name' | 'supportsImages' | 'reasoningEffort' | 'api' | 'vscodeModel';
export type ModelSettingValue = string | boolean | { vendor: string; family: string; id: string };

type ModelSetupMessage = Extract<WebviewMessage, { type: 'listModels' | 'chooseModel' | 'chooseVscodeModel' | 'chooseEffort' | 'usePreset' | 'testConnection' | 'detectLocalServers' }>;

/**
 * The webview's model setup (issue 13): presets, local server detection, the model pickers and Test connection.
 * Beside ChatController, not inside it: it touches settings only, never the conversation.
 */
export class ModelSetupController extends PostingViewPart {
  private readonly models: ModelListCache;
  private writing: Promise<void> | undefined;

  constructor(private readonly deps: ModelSetupDeps) {
    super();
    this.models = new ModelListCache(deps.catalog, deps.now);
  }

  /** True when the message was this controller's; `ready` is also the chat's, so it is never consumed here. */
  handle(message: WebviewMessage): boolean {
    if (message.type === 'ready') {
      this.refresh();
      return false;
    }
    if (!isModelSetupMessage(message)) return false;
    void this.run(message).catch((error: unknown) => this.deps.log(`Model setup failed: ${error instanceof Error ? error.stack : String(error)}`));
    return true;
  }

  /** The model settings the user chose and this controller is still writing: a Send right after waits for them. */
  pending(): Promise<void> | undefined {
    return this.writing;
  }

  /** Sends the current endpoint and model; called on `ready` and when codeagent.model.* changes. */
  refresh(): void {
    this.emit({ type: 'modelSetup', setup: this.view() });
  }

  private async run(message: ModelSetupMessage): Promise<void> {
    switch (message.type) {
      case 'listModels': return this.sendModels();
      case 'chooseModel': return this.chooseModel(message.name);
      case 'chooseVscodeModel': return this.chooseVscodeModel(message.id);
      case 'chooseEffort': return this.write(() => this.deps.writeModelSetting('reasoningEffort', message.effort));
      case 'usePreset': return this.usePreset(message.presetId);
      case 'testConnection': return this.testConnection();
      case 'detectLocalServers': {
        const servers = await detectLocalServers(this.deps.catalog);
        return this.emit({ type: 'localServers', servers });
      }
    }
  }

  /** What was listed a moment ago goes at once; the endpoint's answer follows when it lists something else. */
  private async sendModels(): Promise<void> {
    const { baseUrl, name } = this.deps.settings().model;
    const urlProblem = baseUrlProblem(baseUrl, l10n);
    // While a VS Code model is in use the endpoint's list is only an offer: its failures are not the user's concern now.
    const quiet = this.deps.settings().model.api === 'vscode';
    if (urlProblem) return this.emit({ type: 'models', baseUrl, models: [], error: quiet ? undefined : urlProblem });
    const shown = this.models.peek(baseUrl, this.deps.apiKey());
    if (shown) this.emit({ type: 'models', baseUrl, models: shown.models });
    const listing = await this.models.refresh(baseUrl, this.deps.apiKey());
    if (listing.ok) {
      if (!shown || shown.models.join('\n') !== listing.models.join('\n')) this.emit({ type: 'models', baseUrl, models: listing.models });
      return;
    }
    // A list already shown stays for this opening; the next one, with nothing kept, names the failure.
    if (shown) return;
    if (quiet) return this.emit({ type: 'models', baseUrl, models: [] });
    const { message } = describeFailure(listing.failure, { baseUrl, apiKey: this.deps.apiKey(), model: name }, l10n);
    this.emit({ type: 'models', baseUrl, models: [], error: message });
  }

  private async usePreset(presetId: string): Promise<void> {
    const preset = presetById(presetId);
    if (!preset) return this.deps.log(`Unknown model preset ${presetId}.`);
    const current = this.deps.settings().model.baseUrl;
    const baseUrl = preset.baseUrl || (await this.deps.promptBaseUrl(current));
    if (!baseUrl) return;
    await this.write(async () => {
      if (baseUrl !== current) await this.deps.writeModelSetting('baseUrl', baseUrl);
      await this.leaveVscodeModel();
    });
    // A key from the environment or an earlier provider is kept; Test connection tells whether it fits.
    if (preset.needsKey && !this.deps.apiKey()) await this.deps.promptApiKey();
    this.models.clear();
    await this.sendModels();
  }

  /** Spec §16: a model whose listing says whether it takes images sets model.supportsImages to match. */
  private async chooseModel(name: string): Promise<void> {
    await this.write(async () => {
      await this.deps.writeModelSetting('name', name);
      await this.leaveVscodeModel();
    });
    const listing = await this.models.list(this.deps.settings().model.baseUrl, this.deps.apiKey());
    await this.matchImageInput(listing.ok ? listing.imageInput?.[name] : undefined);
  }

  /** Issue 55: a VS Code model, by its vendor, family and id; the endpoint's settings stay for a switch back. */
  private async chooseVscodeModel(id: string): Promise<void> {
    const model = this.deps.vscodeModels?.().find((candidate) => candidate.id === id);
    if (!model) return this.deps.log(`No VS Code chat model ${id}.`);
    await this.write(async () => {
      await this.deps.writeModelSetting('vscodeModel', { vendor: model.vendor, family: model.family, id: model.id });
      if (this.deps.settings().model.api !== 'vscode') await this.deps.writeModelSetting('api', 'vscode');
    });
  }

  /** Writes after the ones before it, and is pending until written (failed or not). */
  private write(change: () => Promise<void>): Promise<void> {
    const done = (this.writing ?? Promise.resolve()).then(change);
    const settled = done.then(() => undefined, () => undefined);
    this.writing = settled;
    void settled.then(() => {
      if (this.writing === settled) this.writing = undefined;
    });
    return done;
  }

  /** An endpoint's model or provider chosen after a VS Code model: the endpoint's API is found again from its URL. */
  private async leaveVscodeModel(): Promise<void> {
    if (this.deps.settings().model.api === 'vscode') await this.deps.writeModelSetting('api', 'auto');
  }

  private async matchImageInput(declared: boolean | undefined): Promise<void> {
    if (declared !== undefined && declared !== this.deps.settings().model.supportsImages) await this.deps.writeModelSetting('supportsImages', declared);
  }

  private async testConnection(): Promise<void> {
    const { baseUrl, name } = this.deps.settings().model;
    const report = await testConnection(this.deps.catalog, { baseUrl, apiKey: this.deps.apiKey(), model: name }, undefined, l10n);
    if (report.status === 'ok') await this.matchImageInput(report.imageInput);
    // Fails to compile when the core grows a status the protocol does not carry.
    const status: (typeof connectionStatuses)[number] = report.status;
    this.emit({ type: 'connectionTest', status, message: report.message });
    if (report.status === 'ok') this.emit({ type: 'models', baseUrl, models: report.models });
  }

  private view(): ModelSetupView {
    const { baseUrl, name, supportsImages, reasoningEffort, api } = this.deps.settings().model;
    const vscodeModels = (this.deps.vscodeModels?.() ?? []).map(({ id, vendor, label }) => ({ id, vendor, label }));
    const vscodeModel = api === 'vscode' ? vscodeModels.find((model) => model.id === name) : undefined;
    // Fails to compile when the setting grows a level the protocol does not carry.
    const effort: (typeof reasoningEfforts)[number] = reasoningEffort;
    return {
      baseUrl,
      model: name,
      supportsImages,
      reasoningEffort: effort,
      // VS Code's API takes no reasoning effort.
      effortLevels: api === 'vscode' ? [] : [...effortLevelsFor(name)],
      provider: api === 'vscode' ? vscodeModel?.label ?? 'VS Code' : presetForBaseUrl(baseUrl)?.name,
      vscodeModels,
      vscodeModel: api === 'vscode' ? name : undefined,
      presets: modelPresets.map(({ id, name: presetName, baseUrl: presetUrl, needsKey, hint }) => ({ id, name: presetName, baseUrl: presetUrl, needsKey, hint })),
    };
  }

  private emit(message: HostMessage): void {
    this.post?.(message);
  }
}

function isModelSetupMessage(message: WebviewMessage): message is ModelSetupMessage {
  return message.type === 'listModels' || message.type === 'chooseModel' || message.type === 'chooseVscodeModel' || message.type === 'chooseEffort' || message.type === 'usePreset' || message.type === 'testConnection'
    || message.type === 'detectLocalServers';
}
