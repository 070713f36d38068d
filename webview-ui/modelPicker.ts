import type { HostMessage } from '../src/protocol/messages';
import type { ModelSetupView } from '../src/protocol/modelSetup';
import { EffortPicker } from './effortPicker';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { t } from './l10n';

type ModelsMessage = Extract<HostMessage, { type: 'models' }>;
type ConnectionTestMessage = Extract<HostMessage, { type: 'connectionTest' }>;

/** Opening the picker again within this long reuses the list it has (the host caches it longer still). */
const refetchAfterMs = 5_000;

/**
 * Fills a model `select` from the endpoint's list: the current model stays selected (and listed even when the
 * endpoint does not list it), an empty setting shows a placeholder. Shared by the header picker and onboarding.
 */
export function fillModelSelect(select: HTMLSelectElement, models: readonly string[], current: string, vscode?: Pick<ModelSetupView, 'vscodeModels' | 'vscodeModel'>): void {
  const options: Array<HTMLOptionElement | HTMLOptGroupElement> = [];
  // Issue 55: a VS Code model in use is the selection; the endpoint's own setting then is no model to list.
  if (vscode?.vscodeModel !== undefined) {
    select.replaceChildren(...models.map((name) => new Option(name, name)), ...vscodeModelGroups(vscode.vscodeModels ?? []));
    select.value = vscodeOptionValue(vscode.vscodeModel);
    return;
  }
  if (!current) {
    const placeholder = new Option(t('model.choose'), '', true, true);
    placeholder.disabled = true;
    options.push(placeholder);
  }
  const names = current && !models.includes(current) ? [current, ...models] : [...models];
  for (const name of names) {
    const option = new Option(name === current && !models.includes(name) && models.length ? `${name} (not listed)` : name, name, false, name === current);
    options.push(option);
  }
  select.replaceChildren(...options, ...vscodeModelGroups(vscode?.vscodeModels ?? []));
  select.value = current;
}

const vscodePrefix = 'vscode:';

export function vscodeOptionValue(id: string): string {
  return vscodePrefix + id;
}

/** The id of a VS Code model's option; undefined for an endpoint's model. */
export function vscodeModelOfOption(value: string): string | undefined {
  return value.startsWith(vscodePrefix) ? value.slice(vscodePrefix.length) : undefined;
}

/** Issue 55: VS Code's chat models under their vendor, after the endpoint's ("Copilot · GPT-5.1"). */
function vscodeModelGroups(models: NonNullable<ModelSetupView['vscodeModels']>): HTMLOptGroupElement[] {
  const groups = new Map<string, HTMLOptGroupElement>();
  for (const model of models) {
    const vendorLabel = model.label.split(' · ')[0] ?? model.vendor;
    let group = groups.get(model.vendor);
    if (!group) {
      group = document.createElement('optgroup');
      group.label = vendorLabel;
      groups.set(model.vendor, group);
    }
    group.append(new Option(model.label, vscodeOptionValue(model.id)));
  }
  return [...groups.values()];
}

/**
 * The panel header's model picker (issue 13), with the reasoning effort beside it: shows codeagent.model.name, lists the endpoint's models when it
 * is about to open (hover or focus, so the list is there when it drops down), and switches the setting.
 * Listing errors and Test connection's verdict show inline; the chat is never blocked by them.
 */
export class ModelPicker {
  private setup: ModelSetupView | undefined;
  private models: string[] = [];
  private listedFor: string | undefined;
  private requestedAt = 0;
  private testing = false;
  private readonly select: HTMLSelectElement;
  private readonly status: HTMLElement;
  private readonly effort = new EffortPicker();

  constructor(private readonly container: HTMLElement) {
    this.select = document.createElement('select');
    this.select.id = 'model-select';
    this.select.setAttribute('aria-label', t('model.model'));
    this.select.addEventListener('focus', () => this.requestModels());
    this.select.addEventListener('pointerenter', () => this.requestModels());
    this.select.addEventListener('change', () => {
      const name = this.select.value;
      const vscodeModel = vscodeModelOfOption(name);
      if (vscodeModel !== undefined) {
        if (vscodeModel !== this.setup?.vscodeModel) post({ type: 'chooseVscodeModel', id: vscodeModel });
      } else if (name && (name !== this.setup?.model || this.setup?.vscodeModel !== undefined)) post({ type: 'chooseModel', name });
    });
    const test = vscodeButton(t('model.test'), () => this.test(), { secondary: true });
    test.id = 'model-test';
    test.title = t('model.testTitle');
    this.status = document.createElement('div');
    this.status.className = 'model-status';
    this.status.setAttribute('role', 'status');
    this.status.hidden = true;
    const row = document.createElement('div');
    row.className = 'model-row';
    row.append(this.select, this.effort.element, test);
    container.replaceChildren(row, this.status);
    container.hidden = true;
  }

  showSetup(setup: ModelSetupView): void {
    const endpointChanged = this.setup?.baseUrl !== setup.baseUrl;
    this.setup = setup;
    if (endpointChanged) {
      this.models = [];
      this.listedFor = undefined;
      this.requestedAt = 0;
      this.showStatus(undefined);
    }
    this.select.title = t('model.at', setup.model || t('model.noModel'), setup.provider ?? setup.baseUrl);
    fillModelSelect(this.select, this.models, setup.model, setup);
    this.effort.show(setup);
    this.container.hidden = false;
  }

  showModels(message: ModelsMessage): void {
    if (!this.setup || message.baseUrl !== this.setup.baseUrl) return;
    if (message.error) {
      fillModelSelect(this.select, this.models, this.setup.model, this.setup);
      this.showStatus(message.error, 'error');
      this.status.dataset.source = 'list';
      return;
    }
    this.models = message.models;
    this.listedFor = message.baseUrl;
    // A listing error is over once the list arrives; Test connection's verdict stays until the next test.
    if (this.status.dataset.source === 'list') this.showStatus(undefined);
    fillModelSelect(this.select, this.models, this.setup.model, this.setup);
  }

  showConnectionTest(message: ConnectionTestMessage): void {
    if (!this.testing) return;
    this.testing = false;
    this.showStatus(message.message, message.status === 'ok' ? 'ok' : 'error', message.status);
  }

  /** Onboarding shows its own model setup; two pickers at once would only confuse. */
  setHidden(hidden: boolean): void {
    this.container.classList.toggle('covered', hidden);
  }

  private requestModels(): void {
    if (!this.setup) return;
    const fresh = this.listedFor === this.setup.baseUrl && Date.now() - this.requestedAt < refetchAfterMs;
    if (fresh) return;
    this.requestedAt = Date.now();
    post({ type: 'listModels' });
  }

  private test(): void {
    this.testing = true;
    this.showStatus(t('model.testing'), 'pending');
    post({ type: 'testConnection' });
  }

  private showStatus(text: string | undefined, tone?: 'ok' | 'error' | 'pending', status?: string): void {
    this.status.hidden = text === undefined;
    this.status.textContent = text ?? '';
    this.status.dataset.tone = tone ?? '';
    delete this.status.dataset.source;
    if (status) this.status.dataset.status = status;
    else delete this.status.dataset.status;
  }
}
