// A throwaway copy of the fixture workspace with per-scenario `.vscode/settings.json`. The settings a
// workspace cannot set on its own (spec §11: the endpoint, approval.*, sandbox.*, mcp.servers, hooks.enabled) are also
// written to the code-server instance's user settings, so a scenario's settings keep meaning "the user chose this".
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixtureWorkspace } from './paths';
import { freshDir } from './runRoot';

export const SCRIPTED_MODEL_NAME = 'scripted-model';

export interface WorkspaceOptions {
  /** Base URL of the scripted model server (`…/v1`); becomes `codeagent.model.baseUrl`. */
  modelBaseUrl?: string;
  /**
   * Extra workspace settings, merged over the defaults. A key set to `undefined` is left out,
   * e.g. `{ 'codeagent.model.name': undefined }` for a workspace without a model.
   */
  settings?: Record<string, unknown>;
  /** Directory to copy instead of test/e2e/fixtures/workspace. */
  fixture?: string;
  /** Name of the folder (shows in the window title); default `workspace`. */
  name?: string;
}

/**
 * `userSettingsFile`: the instance's `<ud>/User/settings.json`; the protected keys of the workspace opened last
 * are mirrored there (the previous workspace's are removed first), the rest of the user's file is kept.
 */
export function createWorkspace(options: WorkspaceOptions = {}, userSettingsFile?: string): string {
  const dir = path.join(freshDir('ws'), options.name ?? 'workspace');
  fs.cpSync(options.fixture ?? fixtureWorkspace, dir, { recursive: true });
  const settings: Record<string, unknown> = {
    'codeagent.model.name': SCRIPTED_MODEL_NAME,
    ...(options.modelBaseUrl ? { 'codeagent.model.baseUrl': options.modelBaseUrl } : {}),
    ...options.settings,
  };
  writeWorkspaceSettings(dir, settings);
  if (userSettingsFile) mirrorUserOnlySettings(userSettingsFile, settings);
  return dir;
}

/** Settings that grant power or route the API key: only the user's own value counts (spec §11). */
export function isUserOnlySetting(key: string): boolean {
  return key.startsWith('codeagent.approval.') || key.startsWith('codeagent.sandbox.') || key.startsWith('codeagent.worktree.') || key === 'codeagent.mcp.servers' || key === 'codeagent.hooks.enabled' || (key.startsWith('codeagent.') && key.endsWith('.baseUrl'));
}

const mirrored = new Map<string, string[]>();

function mirrorUserOnlySettings(file: string, settings: Record<string, unknown>): void {
  const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8') || '{}') as Record<string, unknown>) : {};
  for (const key of mirrored.get(file) ?? []) delete current[key];
  const keys = Object.keys(settings).filter((key) => isUserOnlySetting(key) && settings[key] !== undefined);
  for (const key of keys) current[key] = settings[key];
  mirrored.set(file, keys);
  fs.writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
}

/** Replaces the workspace's `.vscode/settings.json` (VS Code picks the change up live). */
export function writeWorkspaceSettings(workspace: string, settings: Record<string, unknown>): void {
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}
