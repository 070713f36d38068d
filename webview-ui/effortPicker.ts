import type { ModelSetupView } from '../src/protocol/modelSetup';
import { post } from './vscodeApi';
import { t } from './l10n';

type Effort = NonNullable<ModelSetupView['reasoningEffort']>;

const labels = (level: Effort) => t(`effort.${level}`);
const meanings = (level: Effort) => t(`effort.${level}Meaning`);
const everyLevel: readonly Effort[] = ['none', 'low', 'medium', 'high', 'max'];

/**
 * The reasoning effort beside the header's model picker (issue 30): shows codeagent.model.reasoningEffort, offers
 * `default` and the levels the host says the model accepts, and writes the setting when one is chosen.
 */
export class EffortPicker {
  readonly element: HTMLSelectElement;
  private current: Effort = 'default';

  constructor() {
    this.element = document.createElement('select');
    this.element.id = 'effort-select';
    this.element.className = 'effort-select';
    this.element.setAttribute('aria-label', t('effort.name'));
    this.element.hidden = true;
    this.element.addEventListener('change', () => {
      const effort = this.element.value as Effort;
      if (effort === this.current || ![...everyLevel, 'default'].includes(effort)) return;
      this.current = effort;
      this.element.title = tooltip(effort);
      post({ type: 'chooseEffort', effort });
    });
  }

  show(setup: ModelSetupView): void {
    // Without a model there is nothing to tune yet; the picker beside asks for one.
    this.element.hidden = !setup.model;
    this.current = setup.reasoningEffort ?? 'default';
    const levels = setup.effortLevels ?? everyLevel;
    if (levels.length === 0) {
      const only = new Option(t('effort.noReasoning'), this.current, true, true);
      this.element.replaceChildren(only);
      this.element.disabled = true;
      this.element.title = t('effort.noReasoningTitle', setup.model);
      return;
    }
    this.element.disabled = false;
    const offered: Effort[] = ['default', ...levels.filter((level) => level !== 'default')];
    const options = offered.map((level) => option(level, labels(level)));
    // A level set for another model stays visible rather than silently shown as something else.
    if (!offered.includes(this.current)) options.push(option(this.current, t('effort.notForModel', labels(this.current))));
    this.element.replaceChildren(...options);
    this.element.value = this.current;
    this.element.title = tooltip(this.current);
  }
}

function option(level: Effort, label: string): HTMLOptionElement {
  const element = new Option(label, level);
  element.title = meanings(level);
  return element;
}

function tooltip(level: Effort): string {
  return t('effort.title', meanings(level));
}
