// Spec §8 / docs/security.md: the agent cannot loosen its own approvals. With edits auto-approved, the
// agent's Write of .vscode/settings.json still waits for the user — diff editor and chat card, the card
// saying why — and nothing is written until Accept; an ordinary Write in the same step lands unasked.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { transcriptEntries, sendChatMessage, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts } from './support/modelRequests';

const SETTINGS = '.vscode/settings.json';
const REASON = /This file configures CodeAgent or runs code when the workspace opens \(\.vscode\/settings\.json .*\); it is always asked, even with edits auto-approved\./;

describe('protected config files: edits always ask', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('with autoApproveEdits on, a Write of .vscode/settings.json waits for Accept with the reason; an ordinary Write lands unasked', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'protected', settings: { 'codeagent.approval.autoApproveEdits': true } });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    // Read once the window is open: a kept window's settings change as it opens (sharedWindow.ts).
    const original = fs.readFileSync(path.join(workspace, SETTINGS), 'utf8');
    // What a prompt-injected agent would write (the pattern of CVE-2025-53773): approve every command.
    const loosened = JSON.stringify({ ...JSON.parse(original), 'codeagent.approval.autoApproveCommands': true }, null, 2);
    suite.model.enqueue(
      { text: `<Read>\n<path>${SETTINGS}</path>\n</Read>` },
      { text: `Two files.\n<Write>\n<path>notes.md</path>\n<content>ordinary note</content>\n</Write>\n<Write>\n<path>${SETTINGS}</path>\n<content>${loosened}</content>\n</Write>` },
      { text: '<AttemptCompletion>\n<result>Both files are written.</result>\n</AttemptCompletion>' },
    );
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'Write a note and tidy the settings');

    const card = transcriptEntries(chat, 'approval').last();
    await card.waitFor({ timeout: 20_000 });
    const reason = card.locator('.approval-reason');
    await eventually(async () => assert.match((await reason.textContent()) ?? '', REASON), { message: 'the card says why it asks' });
    assert.equal(await reason.getAttribute('role'), 'note');
    assert.ok(await card.getByRole('button', { name: 'Accept' }).isVisible(), 'Accept is shown');
    assert.equal(await transcriptEntries(chat, 'approval').count(), 1, 'only settings.json is asked about');
    assert.equal(fs.readFileSync(path.join(workspace, 'notes.md'), 'utf8').trim(), 'ordinary note', 'the ordinary Write landed unasked');
    assert.equal(fs.readFileSync(path.join(workspace, SETTINGS), 'utf8'), original, 'nothing written before Accept');
    assert.equal(chatPosts(suite.model).length, 2, 'the turn waits for the decision');

    // The normal review opens although edits are auto-approved: the diff editor, its CodeLens saying why.
    await session.page.locator('.tabs-container .tab', { hasText: 'settings.json (proposed by CodeAgent)' }).waitFor({ timeout: 20_000 });
    await session.page.locator('.codelens-decoration', { hasText: 'always asked' }).first().waitFor({ timeout: 20_000 });

    await card.getByRole('button', { name: 'Accept' }).click();
    await transcriptEntries(chat, 'completion').first().waitFor({ timeout: 20_000 });
    await waitForIdle(chat);
    assert.equal(fs.readFileSync(path.join(workspace, SETTINGS), 'utf8').trim(), loosened, 'written once the user accepted');
    await eventually(async () => assert.match((await card.textContent()) ?? '', /Accepted/), { message: 'the card shows the decision' });
  });
});
