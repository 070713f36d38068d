// A loose end of the review (issue 17 item 7) in real VS Code: a MultiEdit fills the diff editor edit by edit while
// the model is still streaming it. (Item 4, format on save, is in languageServices.e2e.ts: it needs the JSON
// formatter, so a window with the language services.)
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sendChatMessage, transcriptEntries } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts } from './support/modelRequests';

describe('review loose ends', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('a MultiEdit fills the diff editor edit by edit while the model still streams it', async function () {
    const padding = Array.from({ length: 40 }, (_, i) => `// streamed padding line ${i + 1}`).join('\n');
    const multi = '<MultiEdit>\n<path>src/a.ts</path>\n<edits>\n<edit>\n<old_string>Hello</old_string>\n<new_string>FIRST-EDIT-APPLIED</new_string>\n</edit>\n'
      // The second edit appends below the first (which stays in view); the stream waits in it until the test says.
      + `<edit>\n<old_string>!\`;\n}</old_string>\n<new_string>!\`;\n}\n${padding}\nexport const SECOND_EDIT = 2;</new_string>\n</edit>\n</edits>\n</MultiEdit>`;
    const insideSecondEdit = multi.indexOf('// streamed padding line 3');
    suite.model.enqueue(
      { text: '<Read>\n<path>src/a.ts</path>\n</Read>' },
      { text: multi, chunkSize: 24, pauseAfterChars: insideSecondEdit },
      { text: 'Both edits made.' },
    );
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'multiedit-live' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'Two edits please');

    await session.page.locator('.tabs-container .tab', { hasText: 'a.ts (proposed by CodeAgent)' }).waitFor({ timeout: 20_000 });
    // The one shown: a kept window keeps the diff editor of an earlier test hidden in the DOM, for reuse.
    // Not the deleted lines an inline diff shows in a view zone of the same class (VS Code goes inline when space is short).
    const modified = session.page.locator('.monaco-diff-editor .editor.modified .view-lines:not(.line-delete)').filter({ visible: true });
    await eventually(async () => assert.match((await modified.textContent()) ?? '', /FIRST-EDIT-APPLIED/), { timeoutMs: 20_000, intervalMs: 50, message: 'the first edit is applied on the right' });
    assert.doesNotMatch((await modified.textContent()) ?? '', /SECOND_EDIT/, 'the second edit has not arrived yet');
    assert.equal(chatPosts(suite.model)[1]!.completedAt, undefined, 'the model is still streaming the MultiEdit');
    assert.equal(await transcriptEntries(chat, 'approval').count(), 0, 'no approval asked yet');
    await session.screenshot('multiedit-live-first-edit');
    suite.model.resumePaused();

    const card = transcriptEntries(chat, 'approval').last();
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Accept' }).click();
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Both edits made.' }).first().waitFor({ timeout: 20_000 });
    const written = fs.readFileSync(path.join(workspace, 'src/a.ts'), 'utf8');
    assert.match(written, /FIRST-EDIT-APPLIED/);
    assert.match(written, /export const SECOND_EDIT = 2;/);
  });
});
