// Named agents (spec §7): Markdown files in the workspace's `.codeagent/agents/`. `@name <prompt>` runs
// one: its body replaces the base role of the system prompt; a shared agent sees the main chat and
// adds its exchange to it, an isolated one sees only its own earlier exchanges; `--shared` /
// `--isolated` override the file. Its entries carry `data-agent`. `/agents list` answers locally.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { sendAndWaitForTurn, sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, lastMessage, messagesOf } from './support/modelRequests';
import { conversationText, systemPrompt } from './support/subAgents';
import { useCodeServerSuite } from './support/codeServerSuite';

const AGENTS_FIXTURE = path.join(__dirname, 'fixtures', 'agents');
const REVIEWER_MARKER = 'E2E-REVIEWER-ROLE-7f3a';
const TESTER_MARKER = 'E2E-TESTER-ROLE-c41d';
const BASE_ROLE = 'You are CodeAgent';
const USAGE = { prompt_tokens: 250, completion_tokens: 12 };

const MAIN = { user: 'Which test framework do we use?', answer: 'We use pytest, with fixtures in conftest.py.' };
const REVIEW = { user: 'review src/a.ts', answer: 'Review: greeting() in src/a.ts never trims the name (off-by-one in the slice).' };
const ISOLATED = { user: 'write tests', answer: 'Isolated tester: tests written for greeting().' };
const SHARED = { user: 'write tests', answer: 'Shared tester: tests written with pytest, covering the review finding.' };

/** A fresh workspace with `.codeagent/agents/{reviewer,tester}.md`, written before the window opens. */
function workspaceWithAgents(suite: ReturnType<typeof useCodeServerSuite>, name: string): string {
  const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name });
  const dir = path.join(workspace, '.codeagent', 'agents');
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ['reviewer.md', 'tester.md']) fs.copyFileSync(path.join(AGENTS_FIXTURE, file), path.join(dir, file));
  return workspace;
}

/** data-agent of the entries of one kind whose text contains `text`. */
async function agentsOf(chat: Frame, kind: string, text: string): Promise<Array<string | null>> {
  const entries = transcriptEntries(chat, kind).filter({ hasText: text });
  const result: Array<string | null> = [];
  for (let i = 0; i < (await entries.count()); i++) result.push(await entries.nth(i).getAttribute('data-agent'));
  return result;
}

describe('named agents', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('@reviewer (shared) sees the main chat; @tester (isolated) sees nothing else; --shared overrides', async function () {
    suite.model.enqueue(...[MAIN, REVIEW, ISOLATED, SHARED].map(({ answer }) => ({ text: answer, usage: USAGE })));
    const workspace = workspaceWithAgents(suite, 'agents-context');
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    // 1. The main chat.
    await sendAndWaitForTurn(chat, MAIN.user);
    await transcriptEntries(chat, 'assistant').filter({ hasText: MAIN.answer }).first().waitFor({ timeout: 10_000 });
    const main = chatPosts(suite.model)[0]!;
    assert.ok(systemPrompt(main).includes(BASE_ROLE), 'the main chat has the base role');
    assert.ok(!systemPrompt(main).includes(REVIEWER_MARKER) && !systemPrompt(main).includes(TESTER_MARKER), 'no agent role in the main chat');

    // 2. @reviewer, shared by its file: its role replaces the base one, it sees the main exchange.
    await sendAndWaitForTurn(chat, `@reviewer ${REVIEW.user}`);
    await transcriptEntries(chat, 'assistant').filter({ hasText: REVIEW.answer }).first().waitFor({ timeout: 10_000 });
    let posts = chatPosts(suite.model);
    assert.equal(posts.length, 2);
    const reviewer = posts[1]!;
    assert.ok(systemPrompt(reviewer).includes(REVIEWER_MARKER), `the reviewer's body is its system prompt:\n${systemPrompt(reviewer).slice(0, 400)}`);
    assert.ok(!systemPrompt(reviewer).includes(BASE_ROLE), 'the base role text is replaced');
    assert.doesNotMatch(systemPrompt(reviewer), /^## (Write|Edit|MultiEdit|Bash)\b/m, 'its allow list leaves only read-only tools');
    assert.deepEqual(
      messagesOf(reviewer).filter((m) => m.role !== 'system').slice(0, 2),
      [{ role: 'user', content: MAIN.user }, { role: 'assistant', content: MAIN.answer }],
      `shared: the main exchange comes first\n${describeMessages(reviewer)}`,
    );
    assert.ok(lastMessage(reviewer).content.startsWith(REVIEW.user), `the prompt without @reviewer:\n${describeMessages(reviewer)}`);
    assert.ok(!lastMessage(reviewer).content.includes('@reviewer'), 'the @name is not part of the prompt');
    // Its entries carry data-agent; the main chat's do not.
    await eventually(async () => {
      assert.deepEqual(await agentsOf(chat, 'assistant', REVIEW.answer), ['reviewer'], "the reviewer's answer is tagged");
      assert.deepEqual(await agentsOf(chat, 'user', REVIEW.user), ['reviewer'], "the reviewer's prompt is tagged");
      assert.deepEqual(await agentsOf(chat, 'assistant', MAIN.answer), [null], "the main chat's answer is not");
    });
    assert.ok(((await transcriptEntries(chat, 'assistant').filter({ hasText: REVIEW.answer }).first().textContent()) ?? '').includes('@reviewer'), 'the badge shows @reviewer');

    // 3. @tester, isolated by its file: neither the main exchange nor the reviewer's.
    await sendAndWaitForTurn(chat, `@tester ${ISOLATED.user}`);
    await transcriptEntries(chat, 'assistant').filter({ hasText: ISOLATED.answer }).first().waitFor({ timeout: 10_000 });
    posts = chatPosts(suite.model);
    assert.equal(posts.length, 3);
    const isolated = posts[2]!;
    assert.ok(systemPrompt(isolated).includes(TESTER_MARKER), "the tester's body is its system prompt");
    assert.ok(!systemPrompt(isolated).includes(BASE_ROLE) && !systemPrompt(isolated).includes(REVIEWER_MARKER));
    const isolatedText = conversationText(isolated);
    for (const foreign of [MAIN.user, MAIN.answer, REVIEW.user, REVIEW.answer]) {
      assert.ok(!isolatedText.includes(foreign), `isolated: "${foreign}" must not reach the tester\n${describeMessages(isolated)}`);
    }
    assert.deepEqual(
      messagesOf(isolated).filter((m) => m.role !== 'system').map((m) => m.role),
      ['user'],
      `isolated and first run: only its prompt\n${describeMessages(isolated)}`,
    );
    assert.deepEqual(await agentsOf(chat, 'assistant', ISOLATED.answer), ['tester']);

    // 4. @tester --shared: the main history, which now holds the reviewer's exchange too.
    await sendAndWaitForTurn(chat, `@tester --shared ${SHARED.user}`);
    await transcriptEntries(chat, 'assistant').filter({ hasText: SHARED.answer }).first().waitFor({ timeout: 10_000 });
    posts = chatPosts(suite.model);
    assert.equal(posts.length, 4);
    const shared = posts[3]!;
    assert.ok(systemPrompt(shared).includes(TESTER_MARKER), "still the tester's role");
    const sharedText = conversationText(shared);
    for (const seen of [MAIN.user, MAIN.answer, REVIEW.user, REVIEW.answer]) {
      assert.ok(sharedText.includes(seen), `shared: "${seen}" reaches the tester\n${describeMessages(shared)}`);
    }
    assert.ok(!sharedText.includes(ISOLATED.answer), `the tester's isolated exchange stays in its own history\n${describeMessages(shared)}`);
    assert.ok(lastMessage(shared).content.startsWith(SHARED.user) && !lastMessage(shared).content.includes('--shared'), `the prompt without the flag:\n${describeMessages(shared)}`);
    assert.deepEqual(await agentsOf(chat, 'assistant', SHARED.answer), ['tester']);

    // 5. The isolated message has a Restore checkpoint like any other: the conversation goes back to before it,
    // the tester's own history included, and its text goes back into the input.
    await transcriptEntries(chat, 'user').nth(2).getByRole('button', { name: 'Restore checkpoint' }).click();
    const dialog = session.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await eventually(async () => assert.equal(await transcriptEntries(chat, 'user').count(), 2, 'cut back to before the isolated message'));
    await eventually(async () => assert.equal(await chat.locator('textarea[aria-label="Message CodeAgent"]').inputValue(), `@tester ${ISOLATED.user}`), { message: 'its text is back in the input' });
    suite.model.enqueue({ text: ISOLATED.answer, usage: USAGE });
    await sendAndWaitForTurn(chat, `@tester ${ISOLATED.user}`);
    const again = chatPosts(suite.model)[4]!;
    assert.deepEqual(messagesOf(again).filter((m) => m.role !== 'system').map((m) => m.role), ['user'], `the tester's own history was cut too\n${describeMessages(again)}`);
  });

  it('/agents list shows both agents and sends nothing to the model', async function () {
    const workspace = workspaceWithAgents(suite, 'agents-list');
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    await sendChatMessage(chat, '/agents list');
    const listing = transcriptEntries(chat, 'assistant').filter({ hasText: 'reviewer' }).filter({ hasText: 'tester' }).first();
    await listing.waitFor({ timeout: 20_000 });
    await waitForIdle(chat);
    const text = (await listing.textContent()) ?? '';
    assert.match(text, /Reviews code for bugs/, `the listing shows the reviewer's description: ${text}`);
    assert.match(text, /Writes and fixes unit tests/, `the listing shows the tester's description: ${text}`);
    // The next message does reach the model: its request is the first the model gets, so the listing sent none.
    suite.model.enqueue({ text: 'Hello.', usage: USAGE });
    await sendAndWaitForTurn(chat, 'Hello there');
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 1, `one request, the next message's:\n${posts.map((post) => describeMessages(post)).join('\n')}`);
    assert.ok(lastMessage(posts[0]!).content.startsWith('Hello there'), describeMessages(posts[0]!));
  });
});
