// `@path` mentions (spec §5): the model gets the user's text followed by the read-this-file reminder
// (no file content); the transcript shows the mention as a chip that opens the file, and the reminder,
// collapsed, under the user message.
import * as assert from 'node:assert/strict';
import { sendAndWaitForTurn, TRANSCRIPT, transcriptEntries } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, lastMessage } from './support/modelRequests';
import { useCodeServerSuite } from './support/codeServerSuite';

const MESSAGE = 'What does @src/a.ts export?';
const REMINDER = '<system-reminder>\nThe user mentioned @src/a.ts.\nYou MUST read this file with the Read tool before answering.\n</system-reminder>';

describe('mentions', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('appends the reminder for @src/a.ts and shows the mention as a chip that opens the file', async function () {
    suite.model.enqueue({ text: 'It exports `greeting(name)`.', usage: { prompt_tokens: 300, completion_tokens: 10 } });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    await sendAndWaitForTurn(chat, MESSAGE);

    // What the model received: the user's text, then exactly the reminder, in the same user message.
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 1);
    const user = lastMessage(posts[0]!);
    assert.equal(user.role, 'user', describeMessages(posts[0]!));
    assert.ok(user.content.endsWith(`\n\n${REMINDER}`), `the user message ends with the reminder: ${JSON.stringify(user.content)}`);
    assert.equal(user.content, `${MESSAGE}\n\n${REMINDER}`);
    assert.ok(!user.content.includes('export function greeting'), 'no file content is injected');
    const reminderMessages = posts[0]!.body.messages.filter((m: { content: unknown }) => JSON.stringify(m.content).includes('The user mentioned @src/a.ts'));
    assert.equal(reminderMessages.length, 1, 'the reminder is in the user message only, not a separate message');

    // The transcript: the user entry with the mention as a chip, the reminder collapsed right after it.
    const userEntry = transcriptEntries(chat, 'user').last();
    const chip = userEntry.locator('button.mention-chip');
    assert.equal(await chip.count(), 1, 'one mention chip');
    assert.equal((await chip.textContent())?.trim(), '@src/a.ts');
    assert.match((await userEntry.textContent()) ?? '', /What does\s*@src\/a\.ts\s*export\?/);
    const reminder = chat.locator(`${TRANSCRIPT} [data-kind="user"] + [data-kind="reminder"]`).last();
    assert.equal(await reminder.count(), 1, 'a reminder entry follows the user entry');
    const details = reminder.locator('details');
    assert.equal(await details.getAttribute('open'), null, 'the reminder is collapsed');
    assert.equal((await reminder.locator('.entry-body').textContent())?.trim(), REMINDER);
    assert.equal(await transcriptEntries(chat, 'assistant').filter({ hasText: 'greeting(name)' }).count(), 1);

    // Clicking the chip opens the file in the editor.
    const page = session.page;
    await chip.click();
    const tab = page.locator('.tabs-container .tab[aria-label*="a.ts"], .tabs-container .tab[title*="a.ts"]').first();
    await tab.waitFor({ timeout: 15_000 });
    await eventually(
      async () => {
        const lines = ((await page.locator('.editor-instance .monaco-editor .view-lines').first().textContent()) ?? '').replace(/\u00a0/g, ' ');
        assert.ok(lines.includes('export function greeting(name: string): string {'), `editor shows src/a.ts: ${JSON.stringify(lines)}`);
      },
      { timeoutMs: 15_000, message: 'the editor shows src/a.ts' },
    );
    assert.equal(chatPosts(suite.model).length, 1, 'opening the file sends nothing to the model');
  });
});
