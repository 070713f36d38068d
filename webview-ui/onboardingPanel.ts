import type { HostMessage } from '../src/protocol/messages';
import type { LocalServerView, ModelSetupView, PresetView } from '../src/protocol/modelSetup';
import { fillModelSelect, vscodeModelOfOption } from './modelPicker';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { t, tn } from './l10n';
import { panelStrings, type PanelStringKey } from '../src/protocol/panelStrings';

type ModelsMessage = Extract<HostMessage, { type: 'models' }>;
type ConnectionTestMessage = Extract<HostMessage, { type: 'connectionTest' }>;

/**
 * Onboarding's model setup (issue 13), shown under the onboarding message while no model can be called:
 * one button per provider preset (`Use Ollama`…), the local servers found running, the endpoint's models
 * to choose from, and Test connection with its exact verdict.
 */
export class OnboardingPanel {
  readonly element: HTMLElement;
  private setup: ModelSetupView | undefined;
  private servers: LocalServerView[] = [];
  private models: ModelsMessage | undefined;
  private testing = false;
  private mounted = false;
  private readonly presetList: HTMLElement;
  private readonly vscodeChoice: HTMLElement;
  private readonly modelSection: HTMLElement;
  private readonly modelSelect: HTMLSelectElement;
  private readonly modelStatus: HTMLElement;
  private readonly testResult: HTMLElement;

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'model-setup';

    // Issue 55: the models VS Code already has come first, one click, when there are any.
    this.vscodeChoice = document.createElement('div');
    this.vscodeChoice.className = 'model-vscode';
    this.vscodeChoice.dataset.preset = 'vscode';
    const useVscode = vscodeButton(t('model.useVscode'), () => {
      const first = this.setup?.vscodeModels?.[0];
      if (first) post({ type: 'chooseVscodeModel', id: first.id });
    });
    const vscodeHint = document.createElement('span');
    vscodeHint.className = 'preset-hint';
    this.vscodeChoice.append(useVscode, vscodeHint);
    this.vscodeChoice.hidden = true;

    const providers = heading(t('model.provider'));
    this.presetList = document.createElement('ul');
    this.presetList.className = 'model-presets';
    this.presetList.setAttribute('aria-label', t('model.providers'));

    this.modelSection = document.createElement('div');
    this.modelSection.className = 'model-choice';
    this.modelSelect = document.createElement('select');
    this.modelSelect.setAttribute('aria-label', t('model.model'));
    this.modelSelect.addEventListener('change', () => {
      const value = this.modelSelect.value;
      const vscodeModel = vscodeModelOfOption(value);
      if (vscodeModel !== undefined) post({ type: 'chooseVscodeModel', id: vscodeModel });
      else if (value) post({ type: 'chooseModel', name: value });
    });
    this.modelStatus = document.createElement('p');
    this.modelStatus.className = 'model-status';
    this.modelStatus.dataset.tone = 'error';
    this.modelStatus.hidden = true;
    this.modelSection.append(heading(t('model.model')), this.modelSelect, this.modelStatus);

    const test = vscodeButton(t('model.test'), () => this.test(), { secondary: true });
    this.testResult = document.createElement('p');
    this.testResult.className = 'model-status connection-result';
    this.testResult.setAttribute('role', 'status');
    this.testResult.hidden = true;
    const testRow = document.createElement('div');
    testRow.className = 'model-test';
    testRow.append(test, this.testResult);

    this.element.append(this.vscodeChoice, providers, this.presetList, this.modelSection, testRow);
    this.render();
  }

  /** Puts the panel under the onboarding message; the first time, asks for local servers and the endpoint's models. */
  mountIn(parent: HTMLElement): void {
    parent.append(this.element);
    if (this.mounted) return;
    this.mounted = true;
    post({ type: 'detectLocalServers' });
    post({ type: 'listModels' });
  }

  unmount(): void {
    this.mounted = false;
    this.element.remove();
  }

  showSetup(setup: ModelSetupView): void {
    const endpointChanged = this.setup !== undefined && this.setup.baseUrl !== setup.baseUrl;
    this.setup = setup;
    if (endpointChanged) {
      this.models = undefined;
      this.testResult.hidden = true;
      if (this.mounted) post({ type: 'listModels' });
    }
    this.render();
  }

  showLocalServers(servers: LocalServerView[]): void {
    this.servers = servers;
    this.render();
  }

  showModels(message: ModelsMessage): void {
    this.models = message;
    this.render();
  }

  showConnectionTest(message: ConnectionTestMessage): void {
    if (!this.testing) return;
    this.testing = false;
    this.testResult.hidden = false;
    this.testResult.textContent = message.message;
    this.testResult.dataset.status = message.status;
    this.testResult.dataset.tone = message.status === 'ok' ? 'ok' : 'error';
  }

  private test(): void {
    this.testing = true;
    this.testResult.hidden = false;
    this.testResult.textContent = t('model.testing');
    this.testResult.dataset.tone = 'pending';
    delete this.testResult.dataset.status;
    post({ type: 'testConnection' });
  }

  private render(): void {
    const setup = this.setup;
    this.renderVscodeChoice(setup);
    this.renderPresets(setup);
    const models = this.models && setup && this.models.baseUrl === setup.baseUrl ? this.models : undefined;
    this.modelSection.hidden = !models;
    if (!models || !setup) return;
    this.modelStatus.hidden = !models.error;
    this.modelStatus.textContent = models.error ?? '';
    this.modelSelect.hidden = !!models.error;
    fillModelSelect(this.modelSelect, models.models, setup.model, setup);
  }

  private renderVscodeChoice(setup: ModelSetupView | undefined): void {
    const models = setup?.vscodeModels ?? [];
    this.vscodeChoice.hidden = models.length === 0;
    const names = models.slice(0, 3).map((model) => model.label).join(', ') + (models.length > 3 ? '…' : '');
    this.vscodeChoice.querySelector('.preset-hint')!.textContent = t('model.vscodeHint', names);
  }

  /** Rows are built once and updated in place: a reply arriving while the user tabs through them must not steal the focus. */
  private renderPresets(setup: ModelSetupView | undefined): void {
    const presets = setup?.presets ?? [];
    const ids = presets.map((preset) => preset.id).join(',');
    if (this.presetList.dataset.ids !== ids) {
      this.presetList.dataset.ids = ids;
      this.presetList.replaceChildren(...presets.map((preset) => presetRow(preset)));
    }
    if (!setup) return;
    presets.forEach((preset, i) => this.updatePresetRow(this.presetList.children[i] as HTMLElement, preset, setup));
  }

  private updatePresetRow(row: HTMLElement, preset: PresetView, setup: ModelSetupView): void {
    const button = row.querySelector('vscode-button')!;
    const current = preset.baseUrl !== '' && sameUrl(preset.baseUrl, setup.baseUrl);
    button.toggleAttribute('secondary', !current);
    if (current) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
    const running = this.servers.find((server) => server.presetId === preset.id);
    row.classList.toggle('running', running !== undefined);
    row.querySelector('.preset-hint')!.textContent = running
      ? `${tn(running.models.length, 'model.running.one', 'model.running.other')}${running.models.length ? `: ${running.models.slice(0, 3).join(', ')}${running.models.length > 3 ? '…' : ''}` : ''}`
      : `${preset.baseUrl ? `${preset.baseUrl} · ` : ''}${preset.needsKey ? `${t('model.needsKey')} · ` : ''}${presetHint(preset)}`;
  }
}

function presetRow(preset: PresetView): HTMLElement {
  const row = document.createElement('li');
  row.dataset.preset = preset.id;
  const label = preset.id === 'custom' ? t('model.useCustom') : t('model.usePreset', preset.name);
  const button = vscodeButton(label, () => post({ type: 'usePreset', presetId: preset.id }), { secondary: true });
  const hint = document.createElement('span');
  hint.className = 'preset-hint';
  row.append(button, hint);
  return row;
}

function heading(text: string): HTMLElement {
  const element = document.createElement('h3');
  element.textContent = text;
  return element;
}

function sameUrl(a: string, b: string): boolean {
  const normalize = (url: string) => url.trim().replace(/\/+$/, '').replace('://127.0.0.1', '://localhost').toLowerCase();
  return normalize(a) === normalize(b);
}

/** The presets' hints in the user's language; a preset the panel has no words for keeps the host's English. */
function presetHint(preset: PresetView): string {
  const key = `preset.${preset.id}` as PanelStringKey;
  return key in panelStrings ? t(key) : preset.hint;
}
