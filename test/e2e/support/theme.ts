// Switching the colour theme live through the workspace's `.vscode/settings.json` (a change of the user settings
// file was not picked up in time), for screenshots and colour checks in every theme.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { eventually } from './eventually';
import { afterTwoFrames } from './paint';
import { writeWorkspaceSettings } from './testWorkspace';

/** The workbench's class and the webview body's `data-vscode-theme-kind` of each kind of theme. */
function kindOf(theme: string): { workbench: string; webview: string } {
  if (theme.includes('High Contrast')) return { workbench: 'hc-black', webview: 'vscode-high-contrast' };
  if (theme.includes('Light')) return { workbench: 'vs', webview: 'vscode-light' };
  return { workbench: 'vs-dark', webview: 'vscode-dark' };
}

/** Sets `theme`, then waits until the workbench and the chat webview both show it, painted. */
export async function useTheme(page: Page, chat: Frame, workspace: string, theme: string): Promise<void> {
  const file = path.join(workspace, '.vscode', 'settings.json');
  const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeWorkspaceSettings(workspace, { ...current, 'workbench.colorTheme': theme });
  const kind = kindOf(theme);
  await eventually(async () => assert.ok(await page.evaluate(`document.querySelector('.monaco-workbench').classList.contains('${kind.workbench}')`), `the workbench is ${kind.workbench}`), { timeoutMs: 15_000, message: `theme ${theme}` });
  // The webview gets the theme's colours in a message of its own, after the workbench has switched.
  await eventually(async () => assert.equal(await chat.evaluate('document.body.dataset.vscodeThemeKind'), kind.webview), { timeoutMs: 15_000, message: `theme ${theme} in the chat` });
  await afterTwoFrames(page);
  await afterTwoFrames(chat);
}
