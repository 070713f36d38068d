/** Issue 55 for the composition root: VS Code's chat models watched, the settings that see them, the routed client. */
import * as vscode from 'vscode';
import type { ModelClient } from '../../core/ports/modelClient';
import type { Settings } from '../../core/settings';
import { routedModelClient } from './modelClientRouter';
import { VscodeLmClient } from './vscodeLmClient';
import { VscodeModels } from './vscodeModels';
import { withVscodeModel } from './vscodeModelSettings';

export function setUpVscodeModels(subscriptions: vscode.Disposable[], log: (message: string) => void) {
  const models = new VscodeModels(log);
  subscriptions.push(models.watch());
  return {
    models,
    /** The settings every turn reads, with a chosen VS Code model's limits. */
    withModel: (read: () => Settings) => withVscodeModel(read, models),
    /** A session's model port: a VS Code model's client while one is chosen, else the endpoint's. */
    client: (settings: () => Settings, endpoint: () => ModelClient): ModelClient => routedModelClient(() => settings().model.api, endpoint,
      () => new VscodeLmClient({ models, settings, justification: vscode.l10n.t('CodeAgent sends your conversation to this model to answer it and call its tools.') })),
  };
}
