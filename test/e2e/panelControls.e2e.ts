// The chat input's helpers (spec §10): `@` completes workspace paths, `/` completes and runs panel
// commands; the context meter opens the exact context of the last request with its layers marked.
import * as assert from 'node:assert/strict';
import { CHAT_INPUT } from './support/browserSession';
import { sendChatMessage, stopButton, TRANSCRIPT, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts } from './support/modelRequests';

describe('panel controls', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('completes @paths and /commands, and opens the context of the last request', async function () {
    suite.model.enqueue({ text: 'Noted.', usage: { prompt_tokens: 1500, completion_tokens: 20 } });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    const input = chat.locator(CHAT_INPUT);

    // `@strin` suggests src/util/strings.ts first; Enter puts the mention in the input. Just after the view shows,
    // VS Code moves the focus into the webview once more, and keys typed meanwhile go nowhere: type again then.
    await eventually(async () => {
      await input.fill('');
      await input.pressSequentially('Look at @strin', { delay: 20 });
      assert.equal(await input.inputValue(), 'Look at @strin');
    }, { timeoutMs: 15_000, message: 'typing into the chat input' });
    const firstOption = chat.locator('#completions [role="option"]').first();
    await eventually(async () => assert.equal((await firstOption.textContent())?.trim(), 'src/util/strings.ts'), { timeoutMs: 15_000, message: 'the @ suggestions' });
    assert.equal(await firstOption.getAttribute('aria-selected'), 'true');
    await input.press('Enter');
    assert.equal(await input.inputValue(), 'Look at @src/util/strings.ts ');
    assert.equal(await chat.locator('#completions').isHidden(), true);

    await input.pressSequentially('please', { delay: 10 });
    await input.press('Enter');
    await chat.locator(`${TRANSCRIPT} [data-kind="assistant"]`, { hasText: 'Noted.' }).waitFor({ timeout: 20_000 });
    const sent = suite.model.requests.at(-1)!.body.messages.at(-1).content as string;
    assert.match(sent, /^Look at @src\/util\/strings\.ts please\n\n<system-reminder>\nThe user mentioned @src\/util\/strings\.ts\./);

    // The meter shows the last usage against the window; clicking it opens the layered context.
    const meter = chat.locator('#context-label');
    await eventually(async () => assert.match((await meter.textContent()) ?? '', /Context 1\.5k \/ 200k/), { timeoutMs: 10_000, message: 'the context meter' });
    await meter.click();
    const editor = session.page.locator('.monaco-editor .view-lines').first();
    await eventually(async () => {
      // Monaco renders spaces as no-break spaces.
      const text = ((await editor.textContent()) ?? '').replace(/\u00a0/g, ' ');
      assert.match(text, /Context of the last request/);
      assert.match(text, /L1 · system prompt and tools/);
    }, { timeoutMs: 15_000, message: 'the context document' });

    // `/` lists the commands; `/new` starts a fresh conversation instead of being sent.
    await input.click();
    await input.pressSequentially('/ne', { delay: 20 });
    await eventually(async () => assert.deepEqual(await chat.locator('#completions [role="option"] .completion-label').allTextContents(), ['/new']), { timeoutMs: 5000, message: 'the / suggestions' });
    await input.press('Enter');
    assert.equal(await input.inputValue(), '/new');
    await input.press('Enter');
    await eventually(async () => assert.equal(await chat.locator(`${TRANSCRIPT} > *`).count(), 0), { timeoutMs: 10_000, message: 'a new, empty conversation' });
    assert.equal(suite.model.requests.length, 1, '/new was not sent to the model');
  });

  it('keeps the conversation and the draft while the view is hidden mid-stream', async function () {
    const reply = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');
    // The reply stops after its third line and waits there until the view is hidden.
    suite.model.enqueue({ text: reply, chunkSize: 12, pauseAfterChars: reply.indexOf('Line 4') });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    let chat = await session.chatFrame();
    await sendChatMessage(chat, 'Write a long answer');
    await chat.locator(`${TRANSCRIPT} [data-kind="assistant"]`, { hasText: 'Line 2' }).waitFor({ timeout: 20_000 });
    await chat.locator(CHAT_INPUT).fill('a draft I am still typing');

    // Hide the view while the reply is still streaming, let the reply finish while it is hidden, then show it again.
    assert.equal(suite.model.pausedStreams(), 1, 'the reply still streams');
    await session.page.locator('.part.activitybar .action-label[aria-label^="Explorer"]').first().click();
    await eventually(async () => assert.doesNotMatch((await session.activityBarItem().getAttribute('class')) ?? '', /\bchecked\b/), { timeoutMs: 10_000, message: 'the CodeAgent view is hidden' });
    suite.model.resumePaused();
    await eventually(() => assert.ok(chatPosts(suite.model)[0]!.completedAt, 'the whole reply was sent'), { timeoutMs: 10_000 });
    await session.openCodeAgentView();
    chat = await session.chatFrame();

    const assistant = chat.locator(`${TRANSCRIPT} [data-kind="assistant"]`);
    await eventually(async () => assert.match((await assistant.last().textContent()) ?? '', /Line 40 of a long answer\./), { timeoutMs: 30_000, message: 'the reply finished while hidden and is all there' });
    assert.equal(await assistant.count(), 1);
    assert.equal(await chat.locator(`${TRANSCRIPT} [data-kind="user"]`).count(), 1);
    assert.equal(await chat.locator(CHAT_INPUT).inputValue(), 'a draft I am still typing');
  });

  it('"Send File to CodeAgent" from the explorer context menu puts the file in the chat input', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    await session.chatFrame();
    await session.page.locator('.part.activitybar .action-label[aria-label^="Explorer"]').first().click();
    const readme = session.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'README.md' }).first();
    await readme.waitFor({ timeout: 30_000 });
    await readme.click({ button: 'right' });
    // VS Code's context menu ignores a click that lands right as it opens: highlight the item, then choose it with Enter.
    await session.page.getByRole('menuitem', { name: 'Send File to CodeAgent' }).hover({ timeout: 20_000 });
    await session.page.locator('.monaco-menu .action-item.focused', { hasText: 'Send File to CodeAgent' }).waitFor({ timeout: 10_000 });
    await session.page.keyboard.press('Enter');

    const chat = await session.chatFrame();
    await eventually(async () => assert.equal(await chat.locator(CHAT_INPUT).inputValue(), '@README.md '), { timeoutMs: 15_000, message: 'the file mention in the input' });
  });

  it('renders model Markdown sanitised: no script runs, no event handler survives', async function () {
    const hostile = 'Here:\n\n<script>window.__pwned = 1</script>\n<img src="x" onerror="window.__pwned = 2">\n<a href="javascript:window.__pwned = 3">click</a>\n\n```ts\nconst safe = 1;\n```';
    suite.model.enqueue({ text: hostile, chunkSize: 7 });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'Show me something');
    const assistant = chat.locator(`${TRANSCRIPT} [data-kind="assistant"]`).last();
    await assistant.locator('pre code .hljs-keyword').waitFor({ timeout: 20_000 });
    // The turn is over and the final render is in place before asserting what must be absent.
    await waitForIdle(chat);
    await eventually(async () => assert.match((await assistant.textContent()) ?? '', /const safe = 1;/));
    assert.equal(await assistant.locator('script').count(), 0);
    assert.equal(await assistant.locator('[onerror]').count(), 0);
    assert.equal(await assistant.locator('a[href^="javascript:"]').count(), 0);
    assert.equal(await chat.evaluate('window.__pwned'), undefined);
    assert.ok(await assistant.locator('pre code .hljs-keyword').count() > 0, 'the code block is highlighted');
  });

  it('Stop ends a streaming reply at once; the next message carries what was shown', async function () {
    // The reply stops after 20 words and waits there: Stop comes while it streams.
    suite.model.enqueue({ text: 'word '.repeat(400), chunkSize: 5, pauseAfterChars: 100 }, { text: 'Fine.' });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'Talk for a long time');
    await chat.locator(`${TRANSCRIPT} [data-kind="assistant"]`, { hasText: 'word word word' }).waitFor({ timeout: 20_000 });
    assert.equal(suite.model.pausedStreams(), 1, 'the reply still streams');
    await stopButton(chat).click();
    await chat.locator(`${TRANSCRIPT} [data-kind="error"]`, { hasText: 'Stopped by the user.' }).waitFor({ timeout: 10_000 });
    await chat.getByRole('button', { name: 'Send' }).waitFor({ timeout: 10_000 });

    await sendChatMessage(chat, 'Shorter please');
    await chat.locator(`${TRANSCRIPT} [data-kind="assistant"]`, { hasText: 'Fine.' }).waitFor({ timeout: 20_000 });
    const messages = suite.model.requests.at(-1)!.body.messages as { role: string; content: string }[];
    assert.deepEqual(messages.slice(1).map((m) => m.role), ['user', 'assistant', 'user']);
    assert.match(messages[2]!.content, /^(word )+[\s\S]*\[stopped by the user\]$/);
  });
});
