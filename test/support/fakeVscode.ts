// The few parts of the `vscode` API that the trust reads in src/vscode use, for unit tests that load those modules
// through useFakeVscode.ts. `fakeVscodeState` is what a test sets: the trust state, the `codeagent` settings layers.
import { formatMessage } from '../../src/protocol/l10nFormat';
import type { SettingLayers } from '../../src/core/trust/settingLayers';

export const fakeVscodeState = {
  trusted: false,
  /** `codeagent.<key>` → its layers, as `WorkspaceConfiguration.inspect` returns them. */
  settings: {} as Record<string, SettingLayers>,
  /** Every warning notification shown, with its buttons. */
  warnings: [] as Array<{ message: string; items: string[] }>,
};

/** A `vscode.Event` a test fires. */
class FakeEvent<T> {
  private readonly listeners = new Set<(value: T) => void>();
  readonly event = (listener: (value: T) => void) => {
    this.listeners.add(listener);
    return new Disposable(() => this.listeners.delete(listener));
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  clear(): void {
    this.listeners.clear();
  }
}

const configurationChanged = new FakeEvent<{ affectsConfiguration(section: string): boolean }>();
const trustGranted = new FakeEvent<void>();
const foldersChanged = new FakeEvent<unknown>();

/** Sets settings layers and tells listeners, as VS Code does after a settings file changed. */
export function changeFakeSettings(settings: Record<string, SettingLayers>): void {
  fakeVscodeState.settings = settings;
  configurationChanged.fire({ affectsConfiguration: (section) => Object.keys(settings).some((key) => key === section || key.startsWith(`${section}.`)) });
}

/** The user trusts the workspace (Restricted Mode ends), and listeners hear of it. */
export function grantFakeWorkspaceTrust(): void {
  fakeVscodeState.trusted = true;
  trustGranted.fire();
}

export function resetFakeVscode(): void {
  fakeVscodeState.trusted = false;
  fakeVscodeState.settings = {};
  fakeVscodeState.warnings = [];
  for (const event of [configurationChanged, trustGranted, foldersChanged]) event.clear();
}

class Disposable {
  constructor(private readonly callOnDispose: () => void) {}
  static from(...items: Array<{ dispose(): unknown }>): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose(): void {
    this.callOnDispose();
  }
}

const noEvent = () => new Disposable(() => {});

export const workspace = {
  get isTrusted(): boolean {
    return fakeVscodeState.trusted;
  },
  getConfiguration(section: string) {
    const layers = (key: string) => fakeVscodeState.settings[`${section}.${key}`];
    return {
      inspect: (key: string) => layers(key) ?? { key: `${section}.${key}` },
      get: (key: string) => {
        const found = layers(key) as Record<string, unknown> | undefined;
        return found && (found.workspaceFolderValue ?? found.workspaceValue ?? found.globalValue ?? found.defaultValue);
      },
    };
  },
  createFileSystemWatcher: () => ({ onDidCreate: noEvent, onDidChange: noEvent, onDidDelete: noEvent, dispose: () => {} }),
  onDidChangeConfiguration: configurationChanged.event,
  onDidGrantWorkspaceTrust: trustGranted.event,
  onDidChangeWorkspaceFolders: foldersChanged.event,
  /** No editor is open: the agent's writes go to the disk. */
  textDocuments: [] as unknown[],
};

/** No VS Code install: ripgrep is looked for on PATH, then the JS scan. */
export const env = { appRoot: '/nonexistent-vscode-app-root' };

export const window = {
  async showWarningMessage(message: string, ...items: string[]): Promise<string | undefined> {
    fakeVscodeState.warnings.push({ message, items });
    return undefined;
  },
};

export class RelativePattern {
  constructor(readonly base: unknown, readonly pattern: string) {}
}

export const Uri = { file: (fsPath: string) => ({ fsPath, scheme: 'file' }) };

/** English, as VS Code gives it without a language bundle. */
export const l10n = { t: (message: string, ...args: Array<string | number>) => formatMessage(message, args) };

export { Disposable };
export * from './fakeVscodeLm';
