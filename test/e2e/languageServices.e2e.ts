// Spec §13 in real VS Code (code-server's built-in TypeScript, offline): an Edit that breaks types is told the
// new errors of the edited file and of its open caller; Usages finds a caller in another file; Rename changes
// two files with one approval, lists both in the changes entry, and Revert restores both. Prints figures. And an
// accepted write that format on save changes (the JSON formatter) is reported to the model with the save's diff and
// still reverts (issue 17 item 4).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { openFile } from './support/commandPalette';
import { eventually } from './support/eventually';
import { codeAgentLogText } from './support/extensionLog';
import { chatPosts, lastMessage } from './support/modelRequests';

const CALC = 'export function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n';
// A problem that was there before the change: never reported as new.
const MAIN = "import { total } from './calc';\n\nexport const sum: number = total([1, 2]);\nexport const old: string = 1;\n";
const TSCONFIG = '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "ES2020", "module": "commonjs" },\n  "include": ["src"]\n}\n';

/** The time from the model's reply (the tool call) to the next request (its result), per request index. */
function toolTurnaround(requests: ReturnType<typeof chatPosts>, index: number): number {
  return requests[index + 1]!.receivedAt - requests[index]!.completedAt!;
}

describe('what VS Code knows: problems and code navigation', function () {
  const suite = useCodeServerSuite({ window: 'shared', languageServers: true });

  async function openTsProject(name: string, settings: Record<string, unknown>) {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name, settings });
    fs.writeFileSync(path.join(workspace, 'tsconfig.json'), TSCONFIG);
    fs.writeFileSync(path.join(workspace, 'src/calc.ts'), CALC);
    fs.writeFileSync(path.join(workspace, 'src/main.ts'), MAIN);
    const session = await suite.openSession(suite.server.urlFor(workspace));
    // The caller is open, as a user's would be; its old error's squiggle says the TypeScript server is up.
    await openFile(session.page, 'src/main.ts');
    await session.page.locator('.squiggly-error').first().waitFor({ timeout: 60_000 });
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    return { workspace, session, chat };
  }

  it('an Edit that breaks types reports error ts 2322 in the edited file and in its caller; a text file adds no wait', async function () {
    suite.model.enqueue(
      { text: '<Read>\n<path>src/calc.ts</path>\n</Read>' },
      { text: '<Edit>\n<path>src/calc.ts</path>\n<old_string>): number {</old_string>\n<new_string>): string {</new_string>\n</Edit>' },
      { text: '<Write>\n<path>notes.txt</path>\n<content>plain text, no language server</content>\n</Write>' },
      { text: '<Write>\n<path>more-notes.txt</path>\n<content>more plain text</content>\n</Write>' },
      { text: '<Read>\n<path>src/main.ts</path>\n</Read>' },
      // The open caller: its old error fixed, which is not reported (only new problems are).
      { text: "<Edit>\n<path>src/main.ts</path>\n<old_string>export const old: string = 1;</old_string>\n<new_string>export const old: string = '1';</new_string>\n</Edit>" },
      { text: 'Done.' },
    );
    const { chat } = await openTsProject('lang-edit', { 'codeagent.approval.autoApproveEdits': true });
    await sendChatMessage(chat, 'Make total return a string');
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Done.' }).first().waitFor({ timeout: 60_000 });
    await waitForIdle(chat);

    const requests = chatPosts(suite.model);
    const told = lastMessage(requests[2]!).content;
    assert.match(told, /New problems after this edit:\n/, told);
    assert.match(told, /^src\/calc\.ts:2:\d+ error ts 2322: Type 'number' is not assignable to type 'string'\.$/m, told);
    assert.match(told, /^src\/main\.ts:3:\d+ error ts 2322: Type 'string' is not assignable to type 'number'\.$/m, `the broken caller: ${told}`);
    assert.doesNotMatch(told, /main\.ts:4/, 'the error that was there before is not new');
    const written = lastMessage(requests[3]!).content;
    assert.doesNotMatch(written, /New problems/);
    assert.match(lastMessage(requests[4]!).content, /more-notes\.txt/);
    const fixed = lastMessage(requests[6]!).content;
    assert.match(fixed, /Edited src\/main\.ts/, fixed);
    assert.doesNotMatch(fixed, /New problems/, 'a fixed problem is not a new one');

    // The card shows the new problems, each a link to its file and line.
    const card = transcriptEntries(chat, 'tool-call').filter({ hasText: 'calc.ts' }).last();
    await card.locator('[data-kind="new-problems"] .file-line').first().waitFor({ timeout: 10_000 });

    const log = codeAgentLogText(suite.server.userDataDir);
    const edit = /problems after a change to src\/calc\.ts: waited (\d+) ms \(([^)]*)\), (\d+) new \(own work (\d+) ms\)/.exec(log);
    const baseline = /problems before a change to src\/calc\.ts: newly opened, waited (\d+) ms \(([^;]*); own work (\d+) ms\)/.exec(log);
    const text = /problems after a change to notes\.txt: no language server, no wait \(own work (\d+) ms\)/.exec(log);
    const moreText = /problems after a change to more-notes\.txt: no language server, no wait \(own work (\d+) ms\)/.exec(log);
    const openEdit = /problems after a change to src\/main\.ts: waited (\d+) ms \(([^)]*)\), (\d+) new \(own work (\d+) ms\)/.exec(log);
    assert.ok(edit && text && moreText && openEdit, log);
    const turnaround = toolTurnaround(requests, 1);
    const waited = Number(edit[1]) + Number(baseline?.[1] ?? 0);
    console.log(`      figure: Edit (TypeScript) → next request ${turnaround} ms: waited for the language server ${waited} ms (before the write ${baseline?.[1] ?? 0} ms: calc.ts newly shown, own work there ${baseline?.[3] ?? 0} ms; after: ${edit[1]} ms, ${edit[2]}), own work ${turnaround - waited} ms; ${edit[3]} new problems`);
    const openTurnaround = toolTurnaround(requests, 5);
    console.log(`      figure: Edit of a file already open (TypeScript) → next request ${openTurnaround} ms: waited for the language server ${openEdit[1]} ms (${openEdit[2]}), own work ${openTurnaround - Number(openEdit[1])} ms; ${openEdit[3]} new problems`);
    console.log(`      figure: Write of a .txt (no language server), first of its kind → next request ${toolTurnaround(requests, 2)} ms; no wait, own work ${text[1]} ms (asking once whether .txt has a server)`);
    console.log(`      figure: Write of a .txt, next ones → next request ${toolTurnaround(requests, 3)} ms; no wait, own work ${moreText[1]} ms`);
  });

  it('Problems lists the open caller\'s error, Usages lists the caller in another file, Symbols finds the function, Rename changes both files with one approval and Revert restores both', async function () {
    suite.model.enqueue(
      { text: '<Problems>\n<path>src</path>\n</Problems>' },
      { text: '<Usages>\n<symbol>total</symbol>\n<path>src/calc.ts</path>\n<line_content>export function total</line_content>\n</Usages>' },
      { text: '<Symbols>\n<query>total</query>\n</Symbols>' },
      { text: '<Rename>\n<symbol>total</symbol>\n<path>src/calc.ts</path>\n<line_content>export function total</line_content>\n<new_name>sumAll</new_name>\n</Rename>' },
      { text: 'Renamed.' },
    );
    const { workspace, session, chat } = await openTsProject('lang-nav', {});
    await sendChatMessage(chat, 'Rename total to sumAll');

    const approval = transcriptEntries(chat, 'approval').last();
    await approval.waitFor({ timeout: 60_000 });
    const requests = chatPosts(suite.model);
    const problems = lastMessage(requests[1]!).content;
    assert.match(problems, /^src\/main\.ts:4:14 error ts 2322: Type 'number' is not assignable to type 'string'\.$/m, problems);
    const usages = lastMessage(requests[2]!).content;
    assert.match(usages, /Definitions:\nsrc\/calc\.ts:1: export function total\(items: number\[\]\): number \{/, usages);
    assert.match(usages, /References:[\s\S]*^src\/main\.ts:1: import \{ total \} from '\.\/calc';$/m, usages);
    assert.match(usages, /^src\/main\.ts:3: export const sum: number = total\(\[1, 2\]\);$/m, usages);
    const symbols = lastMessage(requests[3]!).content;
    // TypeScript names a function `total()`.
    assert.match(symbols, /^function total(\(\))? — src\/calc\.ts:1$/m, symbols);

    // One review of every file: the multi-file diff editor, decided once in the chat card.
    await session.page.locator('.tabs-container .tab', { hasText: 'proposed by CodeAgent' }).first().waitFor({ timeout: 20_000 });
    assert.match((await approval.textContent()) ?? '', /src\/calc\.ts[\s\S]*src\/main\.ts/);
    await approval.getByRole('button', { name: 'Accept' }).click();
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Renamed.' }).first().waitFor({ timeout: 30_000 });
    await waitForIdle(chat);
    assert.equal(await transcriptEntries(chat, 'approval').count(), 1, 'approved once');
    assert.match(fs.readFileSync(path.join(workspace, 'src/calc.ts'), 'utf8'), /export function sumAll\(/);
    assert.match(fs.readFileSync(path.join(workspace, 'src/main.ts'), 'utf8'), /import \{ sumAll \} from '\.\/calc';[\s\S]*= sumAll\(\[1, 2\]\)/);
    const renamed = lastMessage(chatPosts(suite.model)[4]!).content;
    assert.match(renamed, /Renamed 'total' to 'sumAll' in 2 files:\nsrc\/calc\.ts: 1 replacement\nsrc\/main\.ts: 2 replacements/, renamed);
    await eventually(async () => assert.equal(await session.page.locator('.tabs-container .tab', { hasText: 'proposed by CodeAgent' }).count(), 0), { message: 'the review closed' });

    const rows = transcriptEntries(chat, 'changes').first().locator('.change-row');
    assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.path} ${(e as HTMLElement).dataset.changeKind}`)), ['src/calc.ts modified', 'src/main.ts modified']);
    await chat.getByRole('button', { name: 'Revert src/calc.ts' }).click();
    await chat.getByRole('button', { name: 'Revert src/main.ts' }).click();
    await eventually(async () => {
      assert.equal(fs.readFileSync(path.join(workspace, 'src/calc.ts'), 'utf8'), CALC);
      assert.equal(fs.readFileSync(path.join(workspace, 'src/main.ts'), 'utf8'), MAIN);
    }, { timeoutMs: 20_000, message: 'both files reverted' });

    console.log(`      figure: Usages (warm TypeScript server) → next request ${toolTurnaround(requests, 1)} ms`);
    console.log(`      figure: Symbols (warm TypeScript server) → next request ${toolTurnaround(requests, 2)} ms`);
  });

  it('format on save: the model is told what the save changed, its next Edit is not stale, and Revert still works', async function () {
    const original = '{\n    "name": "demo"\n}\n';
    // Trailing spaces and no final newline: VS Code's own save participants change those whatever the
    // JSON formatter does; the one-line object is what the JSON formatter (format on save) spreads out.
    const ugly = '{"name":"demo",   \n"version":"1.0.0",   "private":true}';
    suite.model.enqueue(
      { text: '<Read>\n<path>config.json</path>\n</Read>' },
      { text: `<Write>\n<path>config.json</path>\n<content>${ugly}</content>\n</Write>` },
      // Straight on, without a Read: the saved file's mtime is the one the agent knows.
      { text: '<Edit>\n<path>config.json</path>\n<old_string>"private"</old_string>\n<new_string>"shared"</new_string>\n</Edit>' },
      { text: '<AttemptCompletion><result>Config written.</result></AttemptCompletion>' },
    );
    const workspace = suite.server.createWorkspace({
      modelBaseUrl: suite.model.baseUrl,
      name: 'format-on-save',
      settings: {
        'codeagent.approval.autoApproveEdits': true,
        'editor.formatOnSave': true,
        'files.trimTrailingWhitespace': true,
        'files.insertFinalNewline': true,
        'files.autoSave': 'off',
      },
    });
    fs.writeFileSync(path.join(workspace, 'config.json'), original);
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    // The file is open (and saved): the write goes through its document, and VS Code saves it with its participants.
    await openFile(session.page, 'config.json');

    await sendChatMessage(chat, 'Add a version to config.json');
    await transcriptEntries(chat, 'completion').first().waitFor({ timeout: 30_000 });
    await waitForIdle(chat);
    const onDisk = fs.readFileSync(path.join(workspace, 'config.json'), 'utf8').replace('"shared"', '"private"');
    assert.notEqual(onDisk, ugly, 'the save changed what was approved');
    assert.ok(onDisk.endsWith('\n') && !/ +\n/.test(onDisk), `trimmed, with a final newline: ${JSON.stringify(onDisk)}`);
    console.log(`      by the end of the turn the JSON formatter ${onDisk.split('\n').length > 3 ? 'had' : 'had not'} run on a save: ${JSON.stringify(onDisk)}`);
    const told = lastMessage(chatPosts(suite.model)[2]!).content;
    assert.match(told, /Note: the file was changed on save/, told);
    // The approved text's trailing spaces as removed lines (the Edit's save may format the file further).
    assert.match(told, /^-\{"name":"demo", {3}$/m, `the save's diff reaches the model: ${told}`);
    assert.match(told, /^\+/m);

    const edited = lastMessage(chatPosts(suite.model)[3]!).content;
    assert.match(edited, /Edited config\.json/, `the next Edit is not refused as stale: ${edited}`);
    assert.match(fs.readFileSync(path.join(workspace, 'config.json'), 'utf8'), /"shared"/);

    await chat.getByRole('button', { name: 'Revert config.json' }).click();
    await eventually(async () => assert.equal(fs.readFileSync(path.join(workspace, 'config.json'), 'utf8'), original, 'reverted'), { timeoutMs: 20_000 });
  });
});
