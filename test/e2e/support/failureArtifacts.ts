// What a failed e2e test leaves in test-results/: a screenshot of the workbench, the chat
// webview's HTML, the page console, and the code-server + VS Code logs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHAT_INPUT, isShown, openSessions, type BrowserSession } from './browserSession';
import { liveCodeServers, type CodeServerInstance } from './codeServerInstance';
import { fileSafe, testResultsDir } from './paths';

/** Every chat webview in the page, the shown ones first (a hidden one VS Code replaced may still be there). */
async function chatHtml(session: BrowserSession): Promise<string | undefined> {
  const frames = await session.framesWith(CHAT_INPUT);
  const parts: string[] = [];
  for (const frame of frames) {
    const shown = await isShown(frame);
    const html = await frame.content().catch(() => undefined);
    if (html !== undefined) parts[shown ? 'unshift' : 'push'](`<!-- chat frame ${frames.indexOf(frame) + 1} of ${frames.length}, ${shown ? 'shown' : 'hidden'} -->\n${html}`);
  }
  return parts.length > 0 ? parts.join('\n') : undefined;
}

export async function saveFailureArtifacts(name: string, sessions: BrowserSession[], servers: CodeServerInstance[]): Promise<string[]> {
  fs.mkdirSync(testResultsDir, { recursive: true });
  const base = fileSafe(name);
  const saved: string[] = [];
  for (const [i, session] of sessions.entries()) {
    const suffix = i === 0 ? '' : `-${i + 1}`;
    try {
      saved.push(await session.screenshot(`${base}${suffix}`));
    } catch (error) {
      console.error(`    (screenshot failed: ${String(error)})`);
    }
    try {
      const html = (await chatHtml(session)) ?? (await session.page.content());
      const file = path.join(testResultsDir, `${base}${suffix}.html`);
      fs.writeFileSync(file, html);
      saved.push(file);
    } catch {
      // page gone
    }
    const consoleFile = path.join(testResultsDir, `${base}${suffix}.console.log`);
    fs.writeFileSync(consoleFile, session.consoleLines.join('\n'));
    saved.push(consoleFile);
  }
  for (const [i, server] of servers.entries()) {
    const dir = path.join(testResultsDir, `${base}${i === 0 ? '' : `-${i + 1}`}.logs`);
    server.saveLogs(dir);
    saved.push(dir);
  }
  return saved;
}

const captured = new WeakSet<object>();

/**
 * Call first thing in an `afterEach` (before closing the session): when the current test failed,
 * saves artifacts of every session and server still open. Runs at most once per test; the root
 * hook (rootHooks.ts) calls it too, for whatever a test left open.
 */
export async function captureIfFailed(ctx: Mocha.Context): Promise<void> {
  const test = ctx.currentTest;
  if (!test || captured.has(test)) return;
  // An attempt mocha will retry reaches afterEach with no state at all (passing or failing for good sets one):
  // its artifacts are the only trace a flaky test leaves, so they are kept too, named by the attempt.
  const retried = test.state === undefined && !test.isPending();
  if (test.state !== 'failed' && !retried) return;
  const sessions = [...openSessions];
  const servers = liveCodeServers();
  if (sessions.length === 0 && servers.length === 0) return;
  captured.add(test);
  const name = retried ? `retried ${test.fullTitle()}` : test.fullTitle();
  const saved = await saveFailureArtifacts(name, sessions, servers);
  console.error(`    failure artifacts:\n${saved.map((file) => `      ${path.relative(process.cwd(), file)}`).join('\n')}`);
}
