// A throwaway copy of the fixture workspace with per-scenario `.vscode/settings.json`.
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

export function createWorkspace(options: WorkspaceOptions = {}): string {
  const dir = path.join(freshDir('ws'), options.name ?? 'workspace');
  fs.cpSync(options.fixture ?? fixtureWorkspace, dir, { recursive: true });
  const settings: Record<string, unknown> = {
    'codeagent.model.name': SCRIPTED_MODEL_NAME,
    ...(options.modelBaseUrl ? { 'codeagent.model.baseUrl': options.modelBaseUrl } : {}),
    ...options.settings,
  };
  writeWorkspaceSettings(dir, settings);
  return dir;
}

/** Replaces the workspace's `.vscode/settings.json` (VS Code picks the change up live). */
export function writeWorkspaceSettings(workspace: string, settings: Record<string, unknown>): void {
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}
