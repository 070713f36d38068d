// Review after edits (spec §15): a MultiEdit of two far-apart hunks lands at once without an approval, each hunk
// marked in the real editor with Keep / Undo; the second hunk's Undo reverts only it on disk and the model hears of
// it at its next request. Typing inside a hunk makes its Undo refuse (nothing lost); Keep All clears the marks.
// Screenshots of the marked editor in the dark and light themes for docs/images.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHAT_INPUT } from './support/browserSession';
import { sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { openFile } from './support/commandPalette';
import { eventually } from './support/eventually';
import { chatPosts, lastMessage } from './support/modelRequests';
import { notificationTexts } from './support/notifications';
import { testResultsDir } from './support/paths';
import { useTheme } from './support/theme';
import { reloadWindow } from './support/windowReload';

const FILE = 'src/long.ts';
const REFUSED = 'src/refused.ts';
const LINES = Array.from({ length: 30 }, (_, i) => `export const value${i + 1} = ${i + 1};`);
const multiEdit = (file: string) => `<MultiEdit>\n<path>${file}</path>\n<edits>${JSON.stringify([
  { old_string: 'export const value3 = 3;', new_string: 'export const value3 = 300;\nexport const extra3 = 3;' },
  { old_string: 'export const value26 = 26;', new_string: 'export const value26 = 2600;' },
])}</edits>\n</MultiEdit>`;
const DONE = '<AttemptCompletion><result>Both values changed.</result></AttemptCompletion>';

describe('inline review after edits', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  /** `file` edited by the agent and open for review. Each test edits a file of its own: a kept window may still hold another test's. */
  async function editedFile(name: string, file: string) {
    const workspace = suite.server.createWorkspace({
      modelBaseUrl: suite.model.baseUrl, name,
      // The web build saves after a second by default; here the user's typing stays unsaved until someone saves it.
      settings: { 'codeagent.approval.editReview': 'after', 'workbench.colorTheme': 'Default Dark Modern', 'files.autoSave': 'off' },
    });
    fs.writeFileSync(path.join(workspace, file), `${LINES.join('\n')}\n`);
    suite.model.enqueue({ text: `<Read>\n<path>${file}</path>\n</Read>` }, { text: multiEdit(file) }, { text: DONE });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.page.setViewportSize({ width: 1400, height: 1200 });
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await openFile(session.page, file);
    await sendChatMessage(chat, 'Change value3 and value26');
    await transcriptEntries(chat, 'completion').first().waitFor({ timeout: 30_000 });
    await waitForIdle(chat);
    const undo = session.page.locator('.codelens-decoration a', { hasText: /^Undo$/ });
    await eventually(async () => assert.equal(await undo.count(), 2, 'an Undo above each hunk'), { timeoutMs: 20_000 });
    return { workspace, session, chat, undo, onDisk: () => fs.readFileSync(path.join(workspace, file), 'utf8') };
  }

  it('lands at once without approval; Undo of the second hunk reverts only it on disk, the next request tells the model, the other survives a reload', async function () {
    const { workspace, session, chat, undo, onDisk } = await editedFile('inline-undo', FILE);
    assert.equal(await transcriptEntries(chat, 'approval').count(), 0, 'no approval was asked');
    assert.match(onDisk(), /value3 = 300;\nexport const extra3 = 3;/);
    assert.match(onDisk(), /value26 = 2600;/);
    assert.equal(await session.page.locator('.codelens-decoration a', { hasText: /^Keep$/ }).count(), 2);
    const toReview = transcriptEntries(chat, 'changes').last().locator('[data-kind="changes-review"]');
    await eventually(async () => assert.match((await toReview.textContent()) ?? '', /^2 to review/));
    assert.equal(await chat.locator('[aria-label="Review after edits"]').getAttribute('aria-pressed'), 'true');

    const shots = path.join(testResultsDir, 'inline-review');
    fs.mkdirSync(shots, { recursive: true });
    await session.page.screenshot({ path: path.join(shots, 'inline-review-dark.png') });
    await useTheme(session.page, chat, workspace, 'Default Light Modern');
    await session.page.screenshot({ path: path.join(shots, 'inline-review-light.png') });

    await undo.nth(1).click();
    await eventually(async () => assert.match(onDisk(), /value26 = 26;/), { timeoutMs: 15_000, message: 'the second hunk reverted on disk' });
    assert.match(onDisk(), /value3 = 300;\nexport const extra3 = 3;/, 'the first hunk is untouched');
    await eventually(async () => assert.equal(await undo.count(), 1));

    suite.model.enqueue({ text: 'Understood.' });
    await sendChatMessage(chat, 'Thanks');
    await eventually(async () => assert.equal(chatPosts(suite.model).length, 4), { timeoutMs: 20_000, message: 'the next request was sent' });
    await waitForIdle(chat);
    const told = lastMessage(chatPosts(suite.model)[3]!).content;
    assert.match(told, /^Thanks\n\n<system-reminder>\nThe user reviewed your edits and undid these changes/);
    assert.match(told, /- src\/long\.ts line 27: restored to:\n```\nexport const value26 = 26;\n```/);

    // The hunk not yet decided survives a window reload.
    const reloaded = await reloadWindow(session);
    if ((await session.page.locator('.tabs-container .tab', { hasText: 'long.ts' }).count()) === 0) await openFile(session.page, FILE);
    // The user looks at the file. VS Code asks CodeLens providers after a debounce that the editor losing the focus
    // cancels, and asks again when it gets the focus back: a reload on a busy machine can end with the restored
    // editor's lenses not asked for (the hunk's marks show, its Keep and Undo not) until the editor is clicked.
    await reloaded.locator(CHAT_INPUT).click();
    await session.page.locator('.part.editor .monaco-editor .view-lines').first().click();
    await eventually(async () => assert.equal(await undo.count(), 1, 'still marked after the reload'), { timeoutMs: 20_000 });
    await eventually(async () => assert.match((await transcriptEntries(reloaded, 'changes').last().locator('[data-kind="changes-review"]').textContent()) ?? '', /^1 to review/));
  });

  it('typing inside a hunk makes its Undo refuse, losing nothing; Keep All in the editor title clears the marks; the next edit goes into the unsaved buffer', async function () {
    const { session, chat, undo, onDisk } = await editedFile('inline-refuse', REFUSED);
    const line = session.page.locator('.view-line', { hasText: 'export const value3 = 300;' });
    await line.click();
    await session.page.keyboard.press('End');
    await session.page.keyboard.type(' // mine');
    await undo.first().click();
    await eventually(async () => assert.ok((await notificationTexts(session.page)).some((t) => /Not undone: lines 3–4 of src\/refused\.ts were changed since/.test(t))), { timeoutMs: 15_000, message: 'the refusal is explained' });
    assert.ok((await session.page.locator('.view-line', { hasText: 'value3 = 300; // mine' }).count()) === 1, 'the typed text is still there');
    assert.match(onDisk(), /value3 = 300;\nexport const extra3 = 3;\n/, 'the refused Undo wrote nothing');

    await session.page.locator('.editor-actions [aria-label*="Keep All"]').click({ timeout: 10_000 });
    await eventually(async () => assert.equal(await undo.count(), 0, 'no marks left'), { timeoutMs: 10_000 });
    await eventually(async () => assert.equal(await transcriptEntries(chat, 'changes').last().locator('[data-kind="changes-review"]').isHidden(), true));
    assert.equal(await session.page.locator('.view-line', { hasText: 'value3 = 300; // mine' }).count(), 1);

    // The typed text is still unsaved: the agent's next edit reads the buffer, edits it in place and saves it.
    suite.model.enqueue(
      { text: `<Read>\n<path>${REFUSED}</path>\n</Read>` },
      { text: `<Edit>\n<path>${REFUSED}</path>\n<old_string>export const value10 = 10;</old_string>\n<new_string>export const value10 = 1000;</new_string>\n</Edit>` },
      { text: DONE },
    );
    await sendChatMessage(chat, 'Change value10');
    await eventually(async () => assert.match(onDisk(), /value3 = 300; \/\/ mine\n[^]*value10 = 1000;/), { timeoutMs: 30_000, message: `the user's unsaved text and the agent's edit both saved: ${onDisk().slice(0, 300)}` });
    await eventually(async () => assert.equal(await undo.count(), 1, 'the new edit is marked'), { timeoutMs: 10_000 });
  });
});
