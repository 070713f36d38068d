/** One setting's values per layer, as VS Code's `WorkspaceConfiguration.inspect()` reports them. */
export interface SettingLayers {
  defaultValue?: unknown;
  /** The user's settings. */
  globalValue?: unknown;
  /** The workspace's `.vscode/settings.json` (or the `.code-workspace` file). */
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** The user's own value: their settings, else the default. */
export function userValue(layers: SettingLayers): unknown {
  return layers.globalValue ?? layers.defaultValue;
}

/** What the repository says, innermost layer first; empty when it says nothing. */
export function workspaceValues(layers: SettingLayers): unknown[] {
  return [layers.workspaceValue, layers.workspaceFolderValue].filter((value) => value !== undefined && value !== null);
}
