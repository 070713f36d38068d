// Memory across conversations (spec §21) in real VS Code, in the code-server's own HOME (emptied after every test of a
// shared window): "remember that tests run with X" writes under ~/.codeagent/ and nothing in the repository; a `..`
// path and a key-shaped secret are refused and the model is told; `Undo` on a card puts the file back as it was;
// `/memory` opens both indexes; a new conversation's first request carries X in L2 and its history does not; a worktree
// conversation sees the project's memory; with codeagent.memory.enabled off there is no Memory tool and no memory in
// the request.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { sendChatMessage, TRANSCRIPT, waitForIdle } from './support/chatPanel';
import { runCommand } from './support/commandPalette';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts, lastMessage, messagesOf } from './support/modelRequests';

const X = 'make check-e2e';
const memory = (command: string, fields: Record<string, string>) =>
  `<Memory>\n<command>${command}</command>\n${Object.entries(fields).map(([k, v]) => `<${k}>${v}</${k}>`).join('\n')}\n</Memory>`;
const done = (text: string) => `<AttemptCompletion>\n<result>${text}</result>\n</AttemptCompletion>`;
const memoryCards = (chat: Frame) => chat.locator(`${TRANSCRIPT} [data-kind="tool-call"][data-tool="Memory"]`);

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=E2E', '-c', 'user.email=e2e@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
}

/** The project memory's index files under `home` (one per project slug). */
function projectIndexes(home: string): string[] {
  const projects = path.join(home, '.codeagent', 'projects');
  if (!fs.existsSync(projects)) return [];
  return fs.readdirSync(projects).map((slug) => path.join(projects, slug, 'memory', 'MEMORY.md')).filter((file) => fs.existsSync(file));
}

const systemText = (request: Parameters<typeof messagesOf>[0]) => messagesOf(request).filter((m) => m.role === 'system').map((m) => m.content).join('\n');
const historyText = (request: Parameters<typeof messagesOf>[0]) => messagesOf(request).filter((m) => m.role !== 'system').map((m) => m.content).join('\n');

describe('memory across conversations', function () {
  const suite = useCodeServerSuite({ window: 'shared' });
  let home = '';
  beforeEach(() => {
    home = suite.server.home;
  });

  it('remembers under ~/.codeagent, refuses `..` and a secret, Undo restores, /memory opens both indexes; a new and a worktree conversation carry it in L2, not in history', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'memory-repo', settings: { 'files.autoSave': 'off' } });
    git(workspace, 'init', '-q', '-b', 'main');
    git(workspace, 'add', '-A');
    git(workspace, 'commit', '-q', '-m', 'fixture');
    const session = await suite.openSession(suite.server.urlFor(workspace));
    // A kept window rewrites its settings as it opens: committed, so `git status` shows only what the agent does.
    if (git(workspace, 'status', '--porcelain') !== '') git(workspace, 'commit', '-q', '-am', 'the window\'s settings');
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    suite.model.enqueue(
      { text: memory('create', { path: '/memories/project/../../../escape.md', file_text: 'x' }) },
      { text: memory('create', { path: '/memories/user/keys.md', file_text: '- deploy key AKIAIOSFODNN7EXAMPLE' }) },
      { text: memory('create', { path: '/memories/project/MEMORY.md', file_text: `- Tests run with ${X}` }) },
      { text: done('I will remember it.') },
    );
    await sendChatMessage(chat, `remember that tests run with ${X}`);
    await suite.model.waitForRequests(4, 60_000);
    await waitForIdle(chat, 30_000);
    const posts = chatPosts(suite.model);
    assert.match(lastMessage(posts[1]!).content, /`\.\.` and `\.` are not allowed in memory paths/, 'the model hears why `..` was refused');
    assert.match(lastMessage(posts[2]!).content, /shaped like a secret \(an AWS access key id\)/, 'the model hears the secret was refused');
    assert.ok(!fs.existsSync(path.join(home, '.codeagent', 'memory', 'keys.md')), 'the secret was not written');
    assert.ok(!fs.existsSync(path.join(home, 'escape.md')) && !fs.existsSync(path.join(home, '.codeagent', 'escape.md')), 'nothing escaped');
    const [index] = projectIndexes(home);
    assert.ok(index, 'the project memory is under ~/.codeagent/projects/');
    const remembered = fs.readFileSync(index, 'utf8');
    assert.match(remembered, new RegExp(`- Tests run with ${X}`));
    assert.equal(git(workspace, 'status', '--porcelain', '--untracked-files=all'), '', 'nothing in the repository');
    await memoryCards(chat).nth(2).locator('[data-kind="memory-change"]').waitFor({ timeout: 20_000 });
    assert.equal(await memoryCards(chat).first().getAttribute('data-status'), 'error');

    // A second note, then Undo on its card: the index is back as it was.
    suite.model.enqueue(
      { text: memory('str_replace', { path: '/memories/project/MEMORY.md', old_str: `- Tests run with ${X}`, new_str: `- Tests run with ${X}\n- Lint with ruff-e2e` }) },
      { text: done('Noted.') },
    );
    await sendChatMessage(chat, 'also remember that we lint with ruff-e2e');
    await suite.model.waitForRequests(6, 60_000);
    await waitForIdle(chat, 30_000);
    assert.match(fs.readFileSync(index, 'utf8'), /ruff-e2e/);
    const card = memoryCards(chat).nth(3);
    await card.locator('.memory-diff').waitFor({ state: 'attached', timeout: 20_000 });
    assert.match((await card.locator('.memory-diff').textContent()) ?? '', /\+- Lint with ruff-e2e/);
    await card.getByRole('button', { name: /Undo this memory change/ }).click();
    await card.locator('.memory-undone').waitFor({ timeout: 20_000 });
    assert.equal(fs.readFileSync(index, 'utf8'), remembered, 'Undo restored the file exactly');

    // `/memory`: both indexes open as plain files (the user's made empty).
    await sendChatMessage(chat, '/memory');
    await eventually(async () => assert.equal(await session.page.locator('.tabs-container .tab', { hasText: 'MEMORY.md' }).count(), 2), { timeoutMs: 20_000, message: 'two MEMORY.md editors' });
    assert.equal(fs.readFileSync(path.join(home, '.codeagent', 'memory', 'MEMORY.md'), 'utf8'), '');

    // A new conversation: its first request carries X in L2, and its history does not.
    await runCommand(session.page, 'CodeAgent: New Chat');
    // The palette runs its command after it closes: a Send before the new conversation is on screen would go to the
    // one it replaces, and New Chat would then stop that turn (as it would for a user who sent first).
    await eventually(async () => assert.equal(await chat.locator(`${TRANSCRIPT} [data-kind]`).count(), 0), { timeoutMs: 10_000, message: 'the new conversation on screen' });
    suite.model.enqueue({ text: done(`Running ${X}.`) });
    await sendChatMessage(chat, 'run the tests');
    await suite.model.waitForRequests(7, 60_000);
    await waitForIdle(chat, 30_000);
    const fresh = chatPosts(suite.model)[6]!;
    assert.ok(systemText(fresh).includes(`- Tests run with ${X}`), 'L2 carries the note');
    assert.ok(systemText(fresh).includes('<memory-notes path="/memories/project/MEMORY.md">'), 'fenced as notes');
    assert.ok(!systemText(fresh).includes('ruff-e2e'), 'the undone note is gone');
    assert.ok(!historyText(fresh).includes(X), 'the new conversation\'s history does not hold it');

    // A worktree conversation of the repository shares the project's memory (spec §19).
    await runCommand(session.page, 'CodeAgent: New Chat in Worktree');
    await chat.locator('#worktree[data-kind="worktree"][data-state="ready"]').waitFor({ timeout: 30_000 });
    suite.model.enqueue({ text: done('In the worktree.') });
    await sendChatMessage(chat, 'what do you remember?');
    await suite.model.waitForRequests(8, 60_000);
    await waitForIdle(chat, 30_000);
    assert.ok(systemText(chatPosts(suite.model)[7]!).includes(`- Tests run with ${X}`), 'the worktree conversation sees the project memory');
  });

  it('with codeagent.memory.enabled off: no Memory tool and no memory in the request', async function () {
    fs.mkdirSync(path.join(home, '.codeagent', 'memory'), { recursive: true });
    fs.writeFileSync(path.join(home, '.codeagent', 'memory', 'MEMORY.md'), '- Prefers tabs-e2e\n');
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'memory-off', settings: { 'codeagent.memory.enabled': false } });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    const before = chatPosts(suite.model).length;
    suite.model.enqueue({ text: done('Hello.') });
    await sendChatMessage(chat, 'hello');
    await suite.model.waitForRequests(before + 1, 60_000);
    await waitForIdle(chat, 30_000);
    const body = JSON.stringify(chatPosts(suite.model)[before]!.body);
    assert.ok(!body.includes('tabs-e2e'), 'no memory in the request');
    assert.ok(!body.includes('# Memory') && !body.includes('<Memory>') && !body.includes('"Memory"') && !body.includes('/memories/'), 'no Memory tool, doc or prompt');
  });
});
