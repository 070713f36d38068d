import { post } from './vscodeApi';
import { t } from './l10n';

/**
 * The `Plan mode` toggle button (spec §7). A click flips it at once and asks the host to store the setting;
 * the host answers with `planMode` (or a snapshot), and that answer always wins.
 */
export class PlanModeToggle {
  private on = false;

  constructor(private readonly button: HTMLElement, private readonly onChange: (on: boolean) => void) {
    button.addEventListener('click', () => {
      const next = !this.on;
      this.set(next);
      post({ type: 'setPlanMode', on: next });
    });
    this.set(false);
  }

  set(on: boolean): void {
    this.on = on;
    this.button.setAttribute('aria-pressed', String(on));
    this.button.title = on ? t('body.planModeOnTitle') : t('body.planModeTitle');
    this.onChange(on);
  }
}
