/** Issue 55: the settings as a turn reads them, with the chosen VS Code model's limits (src/core/lmChat/lmSettings). */
import type { Settings } from '../../core/settings';
import { vscodeModelSettings } from '../../core/lmChat/lmSettings';
import type { VscodeModels } from './vscodeModels';

/** Made again only when the settings or the models' list change: a Send reads the settings several times. */
export function withVscodeModel(read: () => Settings, models: VscodeModels): () => Settings {
  let base: Settings | undefined;
  let version = -1;
  let made: Settings | undefined;
  return () => {
    const settings = read();
    if (settings !== base || version !== models.version || !made) {
      base = settings;
      version = models.version;
      const chosen = settings.model.api === 'vscode' ? models.find('', settings.model.vscodeModel) : undefined;
      made = vscodeModelSettings(settings, chosen && models.infoOf(chosen));
    }
    return made;
  };
}
