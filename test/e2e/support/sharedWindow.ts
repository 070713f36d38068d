// One VS Code window for the tests of a file that ask for it (useCodeServerSuite({ window: 'shared' })): booting a
// window costs about 8–10 CPU-s of Chromium and 3–4 of code-server and the extension host (docs/benchmarks.md), most
// of what a short test costs. Between tests the window is put back as a new one would be: the code-server's own home
// emptied, the workspace folder restored in place, the scenario's settings written and seen by VS Code, no editor, no
// notification, a new conversation. A window the test spoiled (its extension host killed) is reloaded first. A test
// that failed, or a window that cannot be tidied (a dialog the test left open, a turn that does not stop), is closed
// instead, and the next test gets a fresh one.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { BrowserSession, CHAT_INPUT } from './browserSession';
import { WINDOW_SIZE } from './sharedChromium';
import { isTurnRunning, stopButton, waitForIdle } from './chatPanel';
import { TIDY_KEY, type CodeServerInstance } from './codeServerInstance';
import { runCommand } from './commandPalette';
import { reloadWindow } from './windowReload';
import { eventually } from './eventually';
import { fixtureWorkspace } from './paths';
import { createWorkspace, mirrorUserOnlySettings, restoreWorkspace, scenarioSettings, workspaceFileSettings, writeWorkspaceSettings, type WorkspaceOptions } from './testWorkspace';

/** VS Code's default window title with a suffix of zero-width characters that tells which write it came from. */
function titleWithMarker(marker: string): string {
  return `\${dirty}\${activeEditorShort}\${separator}\${rootName}\${separator}\${appName}${marker}`;
}

function markerFor(count: number): string {
  return `${'\u200b'.repeat(count)}\u200c`;
}

/** Runs a command from the palette, with the keyboard in the workbench (not in a webview, which may keep F1). */
async function command(page: Page, title: string): Promise<void> {
  await page.locator('.part.editor').click({ position: { x: 10, y: 10 } });
  await runCommand(page, title);
}

/**
 * Gives the page the focus again: a window of another file's tests opened in the same browser meanwhile took it, and a
 * window without the focus announces every finished turn (spec §20), over the panel's buttons.
 */
async function focus(page: Page): Promise<void> {
  await page.bringToFront();
  await eventually(async () => {
    if (!(await page.evaluate(() => document.hasFocus()))) throw new Error('the window does not have the focus');
  }, { timeoutMs: 5_000, message: 'the kept window getting the focus back' });
}

async function step(what: string, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    throw new Error(`${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

export class SharedWindow {
  private folder: string | undefined;
  private fixture: string | undefined;
  private session: BrowserSession | undefined;
  private url: string | undefined;
  private writes = 0;
  /** The marker of the user settings written for the next test, when they changed. */
  private userMarker: string | undefined;
  /** Boots and reuses, for the suite's summary line. */
  readonly counts = { boots: 0, reuses: 0 };
  /** The last openSession gave a window kept from an earlier test (what a window says once, it said then). */
  kept = false;
  /** Why the window must not serve another test, when the test said so. */
  private spoiled: string | undefined;

  constructor(private readonly server: CodeServerInstance) {}

  /** `createWorkspace` for a shared window: the same folder again, restored, while the fixture is the same. */
  createWorkspace(options: WorkspaceOptions): string {
    const fixture = options.fixture ?? fixtureWorkspace;
    const settings = scenarioSettings(options);
    const fresh = !this.folder || this.fixture !== fixture || !this.session;
    if (fresh) {
      this.folder = createWorkspace(options);
      this.fixture = fixture;
    } else {
      restoreWorkspace(this.folder!, fixture);
      // Without a title of its own, so the user file's marker shows; openSession adds the workspace's after.
      writeWorkspaceSettings(this.folder!, workspaceFileSettings(options));
    }
    // A new window may read the machine's settings after its extensions start, so its marker is always written.
    const marker = markerFor(++this.writes);
    this.userMarker = mirrorUserOnlySettings(this.server.userOnlySettingsFile, settings, { 'window.title': titleWithMarker(marker) }, fresh) ? marker : undefined;
    return this.folder!;
  }

  /** The window on `url`: the kept one once VS Code has read this test's settings, else a new one. */
  async openSession(url: string): Promise<BrowserSession> {
    const kept = this.session;
    if (kept && this.url === url && !kept.page.isClosed() && this.folder) {
      await focus(kept.page);
      if (this.userMarker) await this.waitForTitleMarker(kept, this.userMarker, 'the user settings');
      const file = path.join(this.folder, '.vscode', 'settings.json');
      const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const marker = markerFor(++this.writes);
      writeWorkspaceSettings(this.folder, { ...settings, 'window.title': titleWithMarker(marker) });
      await this.waitForTitleMarker(kept, marker, 'the workspace settings');
      this.counts.reuses++;
      this.kept = true;
      return kept;
    }
    await this.closeWindow();
    this.session = await BrowserSession.open(url);
    this.url = url;
    this.counts.boots++;
    this.kept = false;
    if (this.userMarker) await this.waitForTitleMarker(this.session, this.userMarker, 'the user settings');
    return this.session;
  }

  /** The test left the window unlike a new one in a way the tidy cannot see (its extension host killed, say): it reloads. */
  spoil(reason: string): void {
    this.spoiled = reason;
  }

  /** After a test: a window fit for the next one, or none. */
  async afterTest(passed: boolean): Promise<void> {
    const session = this.session;
    const spoiled = this.spoiled;
    this.spoiled = undefined;
    if (!session) return this.server.emptyHome();
    const since = Date.now();
    const tidied = (): Promise<string | undefined> => this.tidy(session).then(() => undefined, (error: unknown) => (error instanceof Error ? error.message : String(error)));
    // A window the test spoiled comes back as a new one from a reload (a new extension host, new webviews) at a
    // third of a boot's cost; the folder stays, so the conversation it restores is left by the tidy's New Chat.
    const reloaded = (): Promise<string | undefined> => reloadWindow(session).then(tidied, (error: unknown) => `${spoiled}, and the reload failed: ${error instanceof Error ? error.message : String(error)}`);
    const unfit = !passed ? 'the test failed' : session.page.isClosed() ? 'the page closed' : spoiled ? await reloaded() : await tidied();
    // What the test left under ~ (memory, user-level command files, a planted key) goes once its turn has stopped, as
    // its edits to the folder go when the next test restores it.
    this.server.emptyHome();
    if (unfit === undefined) return;
    console.log(`      (the next test gets a new window: ${unfit.split('\n')[0]}, after ${((Date.now() - since) / 1000).toFixed(1)} s)`);
    await this.discard();
  }

  /** Closes the window; the next test gets a new one on a new folder. */
  async discard(): Promise<void> {
    // A new window on the same folder would restore the conversation it kept there.
    this.folder = undefined;
    await this.closeWindow();
  }

  private async closeWindow(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    this.url = undefined;
    if (!session) return;
    await session.close();
    this.server.reapClosedWindows();
  }

  private async tidy(session: BrowserSession): Promise<void> {
    const { page } = session;
    const viewport = page.viewportSize();
    if (viewport?.width !== WINDOW_SIZE.width || viewport.height !== WINDOW_SIZE.height) await page.setViewportSize(WINDOW_SIZE);
    await page.keyboard.press('Escape');
    if ((await page.locator('.monaco-dialog-box').count()) > 0) throw new Error('a dialog is open');
    const chat = await session.chatFrame({ timeoutMs: 5_000 });
    // A test may end once it has seen what it checks, with the reply still streaming or a call still waiting.
    await step('stopping the turn still running', async () => {
      if (!(await isTurnRunning(chat))) return;
      // The turn may end on its own between the look and the click (Stop hides then): only a running turn is a failure.
      await stopButton(chat).click({ timeout: 5_000 }).catch(async (error: unknown) => {
        if (await isTurnRunning(chat)) throw error;
      });
      await waitForIdle(chat, 10_000);
    });
    await step('closing every editor', async () => {
      if ((await page.locator('.editor-group-container .tab').count()) === 0) return;
      await command(page, 'View: Close All Editors');
      await eventually(async () => {
        const dialog = page.locator('.monaco-dialog-box');
        if ((await dialog.count()) > 0) {
          // An editor left unsaved: its changes go, as the folder is restored from the fixture next anyway.
          await dialog.getByRole('button', { name: /^Don.t Save$/ }).click({ timeout: 2_000 });
          throw new Error('an editor had unsaved changes');
        }
        if ((await page.locator('.editor-group-container .tab').count()) > 0) throw new Error('editors are still open');
      }, { timeoutMs: 10_000 });
    });
    // What waits for review stays with the window, not the conversation, and the folder is restored under it; the
    // notifications go; a new conversation starts (one key: TIDY_KEY).
    await step('clearing the notifications, keeping what waits for review, a new conversation', async () => {
      await page.locator('.part.editor').click({ position: { x: 10, y: 10 } });
      await page.keyboard.press(TIDY_KEY);
      await eventually(async () => {
        if ((await chat.locator('[role="log"] [data-kind]').count()) > 0) throw new Error('the transcript still shows entries');
        if ((await page.locator('.notification-toast').count()) > 0) throw new Error('a notification is still shown');
      }, { timeoutMs: 10_000 });
    });
    // A draft stays with the view, not the conversation.
    await chat.locator(CHAT_INPUT).fill('');
  }

  private async waitForTitleMarker(session: BrowserSession, marker: string, what: string): Promise<void> {
    await eventually(async () => {
      const title = await session.page.title();
      const suffix = /[\u200b\u200c]*$/.exec(title)?.[0] ?? '';
      if (suffix !== marker) throw new Error(`the window title is ${JSON.stringify(title)}`);
    }, { timeoutMs: 20_000, message: `VS Code reading ${what}` });
  }
}
