/**
 * Issue 55: the chat models VS Code offers (`lm.selectChatModels`: Copilot's plan, other extensions' providers),
 * kept and listed again when `lm.onDidChangeChatModels` fires, for the picker, onboarding and the client.
 */
import * as vscode from 'vscode';
import type { VscodeModelFacts } from '../../core/lmChat/lmSettings';
import { capabilitiesOf, hasChatModels } from './lmApi';

export interface VscodeModelInfo extends VscodeModelFacts {
  vendor: string;
  family: string;
  /** "Copilot · GPT-5.1": the vendor, then the model's own name. */
  label: string;
}

export interface VscodeModelSelector {
  vendor?: string;
  family?: string;
  id?: string;
}

export class VscodeModels {
  private models: vscode.LanguageModelChat[] = [];
  private loading: Promise<void> | undefined;
  private readonly listeners = new Set<() => void>();
  /** Bumped at every new list: the settings made from it are made again. */
  version = 0;

  constructor(private readonly log: (message: string) => void = () => {}) {}

  /** Lists the models now and whenever VS Code's change; the returned disposable stops listening. */
  watch(): vscode.Disposable {
    if (!hasChatModels()) return { dispose: () => {} };
    void this.refresh();
    return vscode.lm.onDidChangeChatModels(() => void this.refresh());
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  refresh(): Promise<void> {
    if (!hasChatModels()) return Promise.resolve();
    const loading = Promise.resolve(vscode.lm.selectChatModels()).then((models) => {
      this.models = models;
      this.version++;
      for (const listener of [...this.listeners]) listener();
    }, (error: unknown) => this.log(`VS Code chat models could not be listed: ${error instanceof Error ? error.message : String(error)}`));
    this.loading = loading;
    return loading;
  }

  list(): VscodeModelInfo[] {
    return this.models.map(infoOf);
  }

  /** The model of this id, else the one the selector names; the first list is awaited when it has not come yet. */
  async resolve(id: string, selector: VscodeModelSelector | null | undefined): Promise<vscode.LanguageModelChat | undefined> {
    if (!this.models.length) await (this.loading ?? this.refresh());
    return this.find(id, selector);
  }

  find(id: string, selector: VscodeModelSelector | null | undefined): vscode.LanguageModelChat | undefined {
    const byId = (wanted: string | undefined) => (wanted ? this.models.find((model) => model.id === wanted) : undefined);
    return byId(id) ?? byId(selector?.id)
      ?? this.models.find((model) => !!selector?.family && model.family === selector.family && (!selector.vendor || model.vendor === selector.vendor));
  }

  infoOf(model: vscode.LanguageModelChat): VscodeModelInfo {
    return infoOf(model);
  }
}

function infoOf(model: vscode.LanguageModelChat): VscodeModelInfo {
  const { images, tools } = capabilitiesOf(model);
  return { id: model.id, vendor: model.vendor, family: model.family, label: `${vendorName(model.vendor)} · ${model.name || model.family}`, maxInputTokens: model.maxInputTokens, images, tools };
}

/** `copilot` → `Copilot`: vendors are ids, the picker shows names. */
export function vendorName(vendor: string): string {
  return vendor ? vendor.charAt(0).toUpperCase() + vendor.slice(1) : 'VS Code';
}
