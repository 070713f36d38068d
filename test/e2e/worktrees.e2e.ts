// Worktrees (spec §19): a conversation on its own git worktree edits src/a.ts while the user's tree and `git status`
// stay as they were; `Apply to workspace` brings the change as unstaged (marked for Keep/Undo in review-after mode);
// the conversation comes back after a reload; two worktree conversations on one file at once — the second Apply
// reports the conflict with nothing lost; `Discard worktree` removes the worktree and its branch; outside a git
// repository the command says why. Screenshots at the default side-bar width for docs/worktrees.md.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { openFile, runCommand } from './support/commandPalette';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { notificationTexts } from './support/notifications';
import { afterTwoFrames } from './support/paint';
import { testResultsDir } from './support/paths';
import { reloadWindow } from './support/windowReload';

const FILE = 'src/a.ts';
const ORIGINAL = 'import { capitalize } from \'./util/strings\';\n\nexport function greeting(name: string): string {\n  return `Hello, ${capitalize(name)}!`;\n}\n';
const BAR = '#worktree[data-kind="worktree"]';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=E2E', '-c', 'user.email=e2e@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
}

/** The model's turn: read src/a.ts, write `greeting` into it, finish. */
function enqueueEdit(suite: ReturnType<typeof useCodeServerSuite>, greeting: string): void {
  const content = ORIGINAL.replace('Hello', greeting);
  suite.model.enqueue(
    { text: `<Read>\n<path>${FILE}</path>\n</Read>` },
    { text: `<Write>\n<path>${FILE}</path>\n<content>${content}</content>\n</Write>` },
    { text: `<AttemptCompletion><result>Now it says ${greeting}.</result></AttemptCompletion>` },
  );
}

/** The bar of a worktree conversation, once it shows `state`. */
async function worktreeBar(chat: Frame, state = 'ready') {
  const bar = chat.locator(`${BAR}[data-state="${state}"]`);
  await bar.waitFor({ timeout: 30_000 });
  return { bar, branch: (await bar.getAttribute('data-branch'))!, folder: (await bar.getAttribute('data-path'))! };
}

describe('worktrees', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  function repository(name: string, settings: Record<string, unknown> = {}) {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name, settings: { 'files.autoSave': 'off', ...settings } });
    git(workspace, 'init', '-q', '-b', 'main');
    git(workspace, 'add', '-A');
    git(workspace, 'commit', '-q', '-m', 'fixture');
    return { workspace, onDisk: () => fs.readFileSync(path.join(workspace, FILE), 'utf8'), status: () => git(workspace, 'status', '--porcelain') };
  }

  /** The window on the repository, its settings as the window left them committed: a kept window writes them as it opens. */
  async function openRepository(workspace: string) {
    const session = await suite.openSession(suite.server.urlFor(workspace));
    if (git(workspace, 'status', '--porcelain', '--untracked-files=no') !== '') git(workspace, 'commit', '-q', '-am', 'the window\'s settings');
    return session;
  }

  // First: the tests after it make the folder a repository, and a kept window keeps its worktree conversations.
  it('outside a git repository the command says why it is unavailable', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'not-a-repository' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await runCommand(session.page, 'CodeAgent: New Chat in Worktree');
    await eventually(async () => assert.ok((await notificationTexts(session.page)).some((t) => /not in a git repository/.test(t))), { timeoutMs: 20_000, message: 'the notification saying why' });
    assert.equal(await chat.locator(BAR).count(), 0);
  });

  it('edits in its worktree, the user\'s tree untouched; Apply brings it unstaged and marked; a reload keeps it; Discard removes worktree and branch', async function () {
    const { workspace, onDisk, status } = repository('worktree-apply', { 'codeagent.approval.editReview': 'after' });
    const session = await openRepository(workspace);
    await session.openCodeAgentView();
    let chat = await session.chatFrame();
    await runCommand(session.page, 'CodeAgent: New Chat in Worktree');
    const { branch, folder } = await worktreeBar(chat);
    assert.match(branch, /^codeagent\/chat-[0-9a-f]+$/);
    assert.ok(!path.relative(workspace, folder).startsWith('src'), 'outside the user\'s tree');
    assert.equal(path.relative(workspace, folder).split(path.sep)[0], '..');

    enqueueEdit(suite, 'Howdy');
    await sendChatMessage(chat, 'Say Howdy instead of Hello');
    await transcriptEntries(chat, 'completion').first().waitFor({ timeout: 30_000 });
    await waitForIdle(chat);
    assert.match(fs.readFileSync(path.join(folder, FILE), 'utf8'), /Howdy/);
    assert.equal(onDisk(), ORIGINAL, 'the user\'s file is as it was');
    assert.equal(status(), '', 'git status of the user\'s tree is clean');

    await chat.getByRole('button', { name: 'Apply to workspace' }).click();
    const applied = transcriptEntries(chat, 'changes').filter({ hasText: `from ${branch}` });
    await applied.first().waitFor({ timeout: 30_000 });
    assert.match(onDisk(), /Howdy/);
    assert.equal(status(), ' M src/a.ts\n', 'an unstaged change, nothing staged');
    assert.deepEqual(await applied.first().locator('.change-row').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.path)), [FILE]);
    // Review after edits: the applied hunk is marked in the user's file for Keep or Undo.
    await openFile(session.page, FILE);
    await eventually(async () => assert.ok(await session.page.locator('.codelens-decoration a', { hasText: /^Undo$/ }).count() >= 1, 'Undo above the applied hunk'), { timeoutMs: 20_000 });

    const shots = path.join(testResultsDir, 'worktrees');
    fs.mkdirSync(shots, { recursive: true });
    await afterTwoFrames(chat);
    await session.page.locator('.part.sidebar').screenshot({ path: path.join(shots, 'worktree-applied.png') });

    chat = await reloadWindow(session);
    assert.equal((await worktreeBar(chat)).branch, branch, 'the worktree conversation is back after a reload');
    await transcriptEntries(chat, 'changes').filter({ hasText: `from ${branch}` }).first().waitFor({ timeout: 20_000 });

    await chat.getByRole('button', { name: 'Discard worktree' }).click();
    const dialog = session.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 10_000 });
    assert.match((await dialog.textContent()) ?? '', new RegExp(branch.replace('/', '\\/')));
    await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
    await worktreeBar(chat, 'missing');
    assert.equal(fs.existsSync(folder), false, 'the worktree folder is gone');
    assert.equal(git(workspace, 'branch', '--list', branch), '', 'and its branch');
    assert.match(onDisk(), /Howdy/, 'what was applied stays');
  });

  it('two worktree conversations change one file at once: applying the second reports the conflict, nothing lost', async function () {
    const { workspace, onDisk } = repository('worktree-conflict', { 'codeagent.approval.autoApproveEdits': true });
    // Something uncommitted in the user's tree: the panel says the worktree starts from HEAD without it.
    fs.writeFileSync(path.join(workspace, 'notes.txt'), 'mine\n');
    const session = await openRepository(workspace);
    await session.openCodeAgentView();
    const panel = await session.chatFrame();
    await runCommand(session.page, 'CodeAgent: New Chat in Worktree');
    const first = await worktreeBar(panel);
    assert.match((await first.bar.textContent()) ?? '', /Started from HEAD: your uncommitted changes are not in this worktree/);
    assert.equal(fs.existsSync(path.join(first.folder, 'notes.txt')), false);
    await runCommand(session.page, 'CodeAgent: Open Worktree Chat in Editor');
    const tab = await session.chatFrame({ except: [panel] });
    const chatTab = session.page.locator('.tabs-container .tab', { hasText: 'CodeAgent' }).first();
    const second = await worktreeBar(tab);
    assert.notEqual(first.branch, second.branch);

    enqueueEdit(suite, 'Howdy');
    await sendChatMessage(panel, 'Say Howdy');
    await transcriptEntries(panel, 'completion').first().waitFor({ timeout: 30_000 });
    await waitForIdle(panel);
    // The panel's edit opened src/a.ts (of its worktree) for the language server, over the chat's tab.
    await chatTab.click();
    enqueueEdit(suite, 'Ahoy');
    await sendChatMessage(tab, 'Say Ahoy');
    await transcriptEntries(tab, 'completion').first().waitFor({ timeout: 30_000 });
    await waitForIdle(tab);

    await panel.getByRole('button', { name: 'Apply to workspace' }).click();
    await chatTab.click();
    await transcriptEntries(panel, 'changes').filter({ hasText: `from ${first.branch}` }).first().waitFor({ timeout: 30_000 });
    assert.match(onDisk(), /Howdy/);
    await tab.getByRole('button', { name: 'Apply to workspace' }).click();
    const conflict = tab.locator(`[data-kind="changes"] [data-conflict="content"][data-path="${FILE}"]`);
    await conflict.waitFor({ timeout: 30_000 });
    assert.match((await conflict.textContent()) ?? '', /between conflict markers/);
    await conflict.locator('summary').click();
    assert.match((await conflict.locator('.applied-diff').textContent()) ?? '', /\+  return `Ahoy/);
    const text = onDisk();
    assert.match(text, /<<<<<<< workspace/);
    assert.match(text, /Howdy/, 'the first conversation\'s change is kept');
    assert.match(text, /Ahoy/, 'and the second\'s');

    const shots = path.join(testResultsDir, 'worktrees');
    fs.mkdirSync(shots, { recursive: true });
    await afterTwoFrames(tab);
    await session.page.screenshot({ path: path.join(shots, 'worktree-conflict.png') });
  });

});
