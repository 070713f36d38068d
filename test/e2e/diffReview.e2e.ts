// Review in the editor (spec §8): a proposed Write opens VS Code's diff editor while the model streams it,
// without taking focus from the chat; the user edits the right side and accepts from the command palette
// (the file holds their text, the model is told); Reject with feedback from the editor title bar; a new
// file accepted from the CodeLens.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts, lastMessage } from './support/modelRequests';

const FILE = 'src/a.ts';
const READ = `<Read>\n<path>${FILE}</path>\n</Read>`;
const NEW_BODY = `import { capitalize } from './util/strings';\n\nexport function greeting(name: string): string {\n  return \`Hi there, \${capitalize(name)}!\`;\n}\n${Array.from({ length: 30 }, (_, i) => `// line ${i + 1} of a longer proposal`).join('\n')}\n`;
const WRITE = `<Write>\n<path>${FILE}</path>\n<content>${NEW_BODY}</content>\n</Write>`;

function proposalTab(page: Page, name: string) {
  return page.locator('.tabs-container .tab', { hasText: `${name} (proposed by CodeAgent)` });
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 10_000 });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
}

describe('review in the diff editor', function () {
  const suite = useCodeServerSuite();

  async function open(name: string) {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    return { workspace, session, chat };
  }

  it('opens while the model streams, keeps the chat focused; the user edits the proposal and accepts from the palette', async function () {
    suite.model.enqueue({ text: READ }, { text: WRITE, chunkSize: 40, delayMs: 60 }, { text: '<AttemptCompletion><result>Greeting changed.</result></AttemptCompletion>' });
    const { workspace, session, chat } = await open('diff-accept');
    await sendChatMessage(chat, 'Change the greeting');

    const tab = proposalTab(session.page, 'a.ts');
    await tab.waitFor({ timeout: 20_000 });
    assert.equal(await transcriptEntries(chat, 'approval').count(), 0, 'the diff is open before the call finished streaming');
    assert.equal(await chat.evaluate('document.hasFocus()'), true, 'the chat keeps the focus');
    const modified = session.page.locator('.monaco-diff-editor .editor.modified');
    await eventually(async () => assert.match((await modified.locator('.view-lines').textContent()) ?? '', /Hi\sthere/), { timeoutMs: 20_000, message: 'the streamed proposal is on the right' });

    const card = transcriptEntries(chat, 'approval').last();
    await card.waitFor({ timeout: 20_000 });
    await session.screenshot('diff-editor-proposal');
    await modified.locator('.view-lines').click();
    await session.page.keyboard.press('Control+Home');
    await session.page.keyboard.type('// reviewed by the user\n');
    await runCommand(session.page, 'CodeAgent: Accept');

    await transcriptEntries(chat, 'completion').first().waitFor({ timeout: 20_000 });
    await waitForIdle(chat);
    const written = fs.readFileSync(path.join(workspace, FILE), 'utf8');
    assert.ok(written.startsWith('// reviewed by the user\n'), `the file holds the user's text: ${written.slice(0, 80)}`);
    assert.ok(written.includes('Hi there'), 'and the proposal');
    const told = lastMessage(chatPosts(suite.model)[2]!).content;
    assert.match(told, /The user edited your proposal/);
    assert.match(told, /\+\/\/ reviewed by the user/);
    await eventually(async () => assert.equal(await tab.count(), 0, 'the diff editor closed after the decision'));
    await eventually(async () => assert.match((await card.textContent()) ?? '', /Accepted/), { message: 'the chat card followed the editor' });
  });

  it('Reject with feedback from the editor title bar leaves the file alone and tells the model', async function () {
    const feedback = 'Keep the original greeting.';
    suite.model.enqueue({ text: READ }, { text: WRITE }, { text: 'Understood, leaving it.' });
    const { workspace, session, chat } = await open('diff-reject');
    const original = fs.readFileSync(path.join(workspace, FILE), 'utf8');
    await sendChatMessage(chat, 'Change the greeting');
    await transcriptEntries(chat, 'approval').last().waitFor({ timeout: 20_000 });
    const tab = proposalTab(session.page, 'a.ts');
    await tab.waitFor({ timeout: 20_000 });

    await session.page.locator('.editor-actions .action-label[aria-label*="Reject"]').first().click();
    const input = session.page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: 10_000 });
    await input.fill(feedback);
    await session.page.keyboard.press('Enter');

    await transcriptEntries(chat, 'assistant').filter({ hasText: 'leaving it' }).first().waitFor({ timeout: 20_000 });
    await waitForIdle(chat);
    assert.equal(fs.readFileSync(path.join(workspace, FILE), 'utf8'), original, 'the file is unchanged');
    const told = lastMessage(chatPosts(suite.model)[2]!).content;
    assert.match(told, /status="error"/);
    assert.ok(told.includes(feedback), `the feedback reaches the model: ${told}`);
    await eventually(async () => assert.equal(await tab.count(), 0, 'the diff editor closed'));
    await session.screenshot('diff-editor-rejected');
  });

  it('a new file shows an empty left side and is created from the CodeLens', async function () {
    suite.model.enqueue({ text: '<Write>\n<path>src/new.ts</path>\n<content>export const fresh = true;\n</content>\n</Write>' }, { text: 'Created.' });
    const { workspace, session, chat } = await open('diff-codelens');
    await sendChatMessage(chat, 'Create src/new.ts');
    await transcriptEntries(chat, 'approval').last().waitFor({ timeout: 20_000 });
    await proposalTab(session.page, 'new.ts').waitFor({ timeout: 20_000 });
    const original = session.page.locator('.monaco-diff-editor .editor.original .view-lines');
    assert.equal(((await original.textContent()) ?? '').trim(), '', 'nothing on the left for a new file');
    await session.page.locator('.codelens-decoration a', { hasText: 'Accept' }).first().click({ timeout: 20_000 });
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Created.' }).first().waitFor({ timeout: 20_000 });
    assert.equal(fs.readFileSync(path.join(workspace, 'src/new.ts'), 'utf8').trim(), 'export const fresh = true;');
  });
});
