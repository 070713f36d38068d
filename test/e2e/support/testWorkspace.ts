// A throwaway copy of the fixture workspace with per-scenario `.vscode/settings.json`. The settings a
// workspace cannot set on its own (spec §11: the endpoint, approval.*, sandbox.*, mcp.servers, hooks.enabled) are also
// written to the code-server instance's user settings, so a scenario's settings keep meaning "the user chose this".
// The scripted server's endpoint goes to the user settings only (workspaceFileSettings).
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
 * `userSettingsFile`: the file the scenario's user-only settings go to (codeServerInstance.ts); the protected keys of the workspace opened last
 * are mirrored there (the previous workspace's are removed first), the rest of the user's file is kept.
 */
export function createWorkspace(options: WorkspaceOptions = {}, userSettingsFile?: string): string {
  const dir = path.join(freshDir('ws'), options.name ?? 'workspace');
  fs.cpSync(options.fixture ?? fixtureWorkspace, dir, { recursive: true });
  const settings = scenarioSettings(options);
  writeWorkspaceSettings(dir, workspaceFileSettings(options));
  if (userSettingsFile) mirrorUserOnlySettings(userSettingsFile, settings);
  return dir;
}

/**
 * What the scenario's `.vscode/settings.json` holds: its settings without the scripted server's endpoint, which is the
 * user's own (mirrored), unless the scenario sets one itself. A workspace endpoint equal to the user's would change
 * nothing, but a window kept from test to test would read the two files one after the other, see them differ for a
 * moment, and rightly warn that the workspace sets another endpoint.
 */
export function workspaceFileSettings(options: WorkspaceOptions): Record<string, unknown> {
  const settings = scenarioSettings(options);
  if (!(options.settings && 'codeagent.model.baseUrl' in options.settings)) delete settings['codeagent.model.baseUrl'];
  return settings;
}

/** The workspace settings a scenario asks for: the scripted model, its server, and the scenario's own. */
export function scenarioSettings(options: WorkspaceOptions): Record<string, unknown> {
  return {
    'codeagent.model.name': SCRIPTED_MODEL_NAME,
    ...(options.modelBaseUrl ? { 'codeagent.model.baseUrl': options.modelBaseUrl } : {}),
    ...options.settings,
  };
}

/**
 * Makes an existing workspace folder what `createWorkspace` would have made, in place, for a window that stays
 * open on it (sharedWindow.ts): files the last scenario added go, changed ones are copied back, identical ones
 * are left alone so no watcher or language server sees them change. Settings are written by the caller.
 */
export function restoreWorkspace(dir: string, fixture = fixtureWorkspace): void {
  const wanted = new Set<string>();
  const copy = (from: string, to: string, relative: string): void => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const rel = path.join(relative, entry.name);
      wanted.add(rel);
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) {
        if (!fs.statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
          fs.rmSync(target, { recursive: true, force: true });
          fs.mkdirSync(target, { recursive: true });
        }
        copy(source, target, rel);
      } else if (!sameFile(source, target)) {
        fs.rmSync(target, { recursive: true, force: true });
        fs.copyFileSync(source, target);
      }
    }
  };
  copy(fixture, dir, '');
  const prune = (at: string, relative: string): void => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const rel = path.join(relative, entry.name);
      if (rel === '.vscode' || rel === path.join('.vscode', 'settings.json')) {
        if (entry.isDirectory()) prune(path.join(at, entry.name), rel);
        continue;
      }
      if (!wanted.has(rel)) fs.rmSync(path.join(at, entry.name), { recursive: true, force: true });
      else if (entry.isDirectory()) prune(path.join(at, entry.name), rel);
    }
  };
  prune(dir, '');
}

function sameFile(a: string, b: string): boolean {
  const stat = fs.statSync(b, { throwIfNoEntry: false });
  if (!stat?.isFile()) return false;
  return stat.size === fs.statSync(a).size && fs.readFileSync(a).equals(fs.readFileSync(b));
}

/** Settings that grant power or route the API key: only the user's own value counts (spec §11). */
export function isUserOnlySetting(key: string): boolean {
  return key === 'http.proxy' || key.startsWith('codeagent.web.') || key.startsWith('codeagent.approval.') || key.startsWith('codeagent.sandbox.') || key.startsWith('codeagent.worktree.') || key === 'codeagent.mcp.servers' || key === 'codeagent.hooks.enabled' || key === 'codeagent.memory.enabled' || (key.startsWith('codeagent.') && key.endsWith('.baseUrl'));
}

const mirrored = new Map<string, string[]>();

/**
 * Writes the scenario's user-only settings into the user's file. With `marker` (settings that show when VS Code
 * has read the file, sharedWindow.ts) it writes only when the scenario's keys changed (or `always`), and says whether
 * it did.
 */
export function mirrorUserOnlySettings(file: string, settings: Record<string, unknown>, marker?: Record<string, unknown>, always = false): boolean {
  const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8') || '{}') as Record<string, unknown>) : {};
  const current = { ...before };
  for (const key of mirrored.get(file) ?? []) delete current[key];
  const keys = Object.keys(settings).filter((key) => isUserOnlySetting(key) && settings[key] !== undefined);
  for (const key of keys) current[key] = settings[key];
  mirrored.set(file, keys);
  if (marker && !always && sameSettings(before, current, Object.keys(marker))) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ ...current, ...marker }, null, 2)}\n`);
  return true;
}

function sameSettings(a: Record<string, unknown>, b: Record<string, unknown>, ignored: string[]): boolean {
  const canonical = (settings: Record<string, unknown>) => JSON.stringify(Object.keys(settings).filter((key) => !ignored.includes(key)).sort().map((key) => [key, settings[key]]));
  return canonical(a) === canonical(b);
}

/** Replaces the workspace's `.vscode/settings.json` (VS Code picks the change up live). */
export function writeWorkspaceSettings(workspace: string, settings: Record<string, unknown>): void {
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}
