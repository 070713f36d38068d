// The chat panel at VS Code's default side-bar width (issue 17 item 8, spec §10), in real VS Code: a plan whose
// two tasks run as sub-agents, then a turn with an MCP call (server-everything's get-sum, from the user's
// settings), a Read, an Edit, an overwriting Write and a new file. Measured in the webview (cardLayoutProbe): every
// card's header on one line, no title narrower than its first word, the MCP parameters as one summary, both Writes
// with +/− and Open diff, the completion shown once. Then an error and a reply still streaming. Screenshots in the
// dark, light and high-contrast themes, and axe-core over the conversation scrolled to its middle and to its end.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import type { Frame } from 'playwright-core';
import type { ScriptedReply } from '../fixtures/scriptedModelServer';
import type { LayoutProbe } from '../support/cardLayoutProbe';
import { sendChatMessage, TRANSCRIPT, transcriptEntries, waitForIdle } from './support/chatPanel';
import { MODERN_UI } from './support/codeServerInstance';
import { useCodeServerSuite } from './support/codeServerSuite';
import { ON_CURRENT_VSCODE, projectRoot, testResultsDir } from './support/paths';
import { afterTwoFrames } from './support/paint';
import { widenSideBar } from './support/sideBar';
import { useTheme } from './support/theme';
import { expectNoAxeViolations } from './support/axe';

const EVERYTHING = path.join(projectRoot, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
/** VS Code's side bar when nothing widens it. */
const DEFAULT_WIDTH = 300;
const USAGE = { prompt_tokens: 300, completion_tokens: 30 };
const reply = (text: string): ScriptedReply => ({ text, usage: USAGE });
const TASKS = [
  { id: '1', description: 'Write the greeting module', goal: 'Create src/greeting.ts exporting greet(name)', file: 'src/greeting.ts', content: 'export function greet(name: string): string {\n  return `Hi there, ${name}!`;\n}\n' },
  { id: '2', description: 'Document the greeting', goal: 'Describe greet() in GREETING.md', file: 'GREETING.md', content: '# Greeting\n\n`greet(name)` says hi.\n' },
];
const PLAN_CALL = `Two tasks.\n<PlanTask>\n<tasks>\n${TASKS.map((t, i) => `<task><id>${t.id}</id><description>${t.description}</description><dependencies>${i === 0 ? '' : '1'}</dependencies></task>`).join('\n')}\n</tasks>\n</PlanTask>`;
const done = (result: string) => `<AttemptCompletion>\n<result>${result}</result>\n</AttemptCompletion>`;
const PLAN_DONE = 'src/greeting.ts and GREETING.md are written.';
const EDIT_DONE = 'The greeting says "Hi there" and src/sum.ts holds the sum, 42448.';
const NEW_A = 'import { capitalize } from \'./util/strings\';\n\nexport function greeting(name: string): string {\n  return `Hi there, ${capitalize(name)}!`;\n}\n\nexport const SUM = 42448;\n';
const REPLIES: ScriptedReply[] = [
  reply(PLAN_CALL),
  ...TASKS.flatMap((t) => [
    reply(`Task ${t.id}.\n<Task>\n<goal>${t.goal}</goal>\n<hints>keep it small</hints>\n<task_id>${t.id}</task_id>\n</Task>`),
    reply(`<Write>\n<path>${t.file}</path>\n<content>${t.content}</content>\n</Write>`),
    reply(done(`${t.file} written`)),
  ]),
  reply(done(PLAN_DONE)),
  reply('<mcp__everything__get-sum>\n<a>31337</a>\n<b>11111</b>\n</mcp__everything__get-sum>'),
  reply('<Read>\n<path>src/a.ts</path>\n</Read>'),
  reply('<Edit>\n<path>src/a.ts</path>\n<old_string>Hello</old_string>\n<new_string>Hi there</new_string>\n</Edit>'),
  reply(`<Write>\n<path>src/a.ts</path>\n<content>${NEW_A}</content>\n</Write>`),
  reply('<Write>\n<path>src/sum.ts</path>\n<content>export const sum = 42448;\n</content>\n</Write>'),
  reply(done(EDIT_DONE)),
];
const STREAMING = 'The greeting reads the name, capitalizes it and says hi.';
const THEMES = [['Default Dark Modern', 'dark'], ['Default Light Modern', 'light'], ['Default High Contrast', 'hc']] as const;

/** cardLayoutProbe as page source (esbuild's output carries no tsx helpers). */
function probeSource(): string {
  const bundle = esbuild.buildSync({ entryPoints: [path.join(projectRoot, 'test/support/cardLayoutProbe.ts')], bundle: true, write: false, format: 'iife', globalName: '__cardLayout', platform: 'browser', target: 'chrome120', logLevel: 'silent' });
  return bundle.outputFiles[0]!.text;
}

async function probe(chat: Frame): Promise<LayoutProbe> {
  return (await chat.evaluate(`${probeSource()}\n__cardLayout.probeLayout(document.querySelector('${TRANSCRIPT}'))`)) as LayoutProbe;
}

/** Scrolls the chat so `selector`'s first match is at the top (or to the end when there is none). */
async function scrollTo(chat: Frame, selector: string | undefined): Promise<void> {
  await chat.evaluate(`(() => {
    const target = ${selector ? `document.querySelector(${JSON.stringify(selector)})` : 'null'};
    if (target) target.scrollIntoView({ block: 'start' });
    else document.scrollingElement.scrollTop = document.scrollingElement.scrollHeight;
  })()`);
  await afterTwoFrames(chat);
}

describe('the chat panel at the default side-bar width', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('a plan with sub-agents, an MCP call and an edit turn: one-line headers, short parameters, +/− on every Write, the completion once', async function () {
    this.timeout(300_000);
    // The MCP server comes from the user's own settings, which need no per-workspace consent.
    // VS Code's own layout on 1.139, its side bar a floating panel (the suite runs the classic one: codeServerInstance.ts).
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'narrow', settings: {
      [MODERN_UI]: true,
      'codeagent.approval.autoApproveEdits': true,
      'codeagent.approval.autoApproveReadOnly': true,
      'codeagent.mcp.servers': { everything: { type: 'stdio', command: process.execPath, args: [EVERYTHING] } },
    } });
    suite.model.enqueue(...REPLIES);
    const session = await suite.openSession(suite.server.urlFor(workspace));
    const page = session.page;
    await page.setViewportSize({ width: 1400, height: 1500 });
    if (ON_CURRENT_VSCODE) await page.locator('.modern-ui').first().waitFor({ timeout: 10_000 });
    await session.openCodeAgentView();
    const measured = (await page.locator('.part.sidebar').boundingBox())!.width;
    if (Math.abs(measured - DEFAULT_WIDTH) > 2) await widenSideBar(page, DEFAULT_WIDTH);
    const width = (await page.locator('.part.sidebar').boundingBox())!.width;
    console.log(`      side bar: ${measured} px as opened, ${width} px for the test`);
    assert.ok(Math.abs(width - DEFAULT_WIDTH) <= 4, `the side bar is ${width} px wide`);
    const chat = await session.chatFrame();
    await chat.locator('[data-kind="mcp"][data-server="everything"][data-status="ready"]').waitFor({ timeout: 30_000 });

    await sendChatMessage(chat, '/plan Add a greeting module and document it');
    await transcriptEntries(chat, 'completion').filter({ hasText: PLAN_DONE }).first().waitFor({ timeout: 60_000 });
    await waitForIdle(chat, 30_000);
    await sendChatMessage(chat, 'Add 31337 and 11111 with the MCP tool, then say hi in src/a.ts and keep the sum');
    await transcriptEntries(chat, 'completion').filter({ hasText: EDIT_DONE }).first().waitFor({ timeout: 60_000 });
    await waitForIdle(chat, 30_000);
    assert.equal(fs.readFileSync(path.join(workspace, 'src/sum.ts'), 'utf8').trim(), 'export const sum = 42448;');

    // The first sub-agent's steps open, as a user would look at them.
    assert.match((await chat.locator(`${TRANSCRIPT} [data-tool="mcp__everything__get-sum"] [data-kind="tool-result"]`).textContent()) ?? '', /^The sum of 31337 and 11111 is 42448\./, 'the MCP card shows the output first');
    await chat.locator(`${TRANSCRIPT} [data-tool="Task"] > details.child-steps > summary`).first().click();
    const layout = await probe(chat);
    assert.deepEqual(layout.problems, [], 'every card fits its header on one line');
    assert.ok(layout.pageScrollWidth <= layout.pageClientWidth, `the panel is not widened: ${JSON.stringify(layout)}`);
    const mcp = layout.cards.find((c) => c.tool === 'mcp__everything__get-sum');
    assert.equal(mcp?.title, 'get-sum');
    assert.equal(mcp?.params, 'a=31337 b=11111');
    assert.match(mcp?.result ?? '', /42448/);
    const writes = chat.locator(`${TRANSCRIPT} [data-kind="tool-call"][data-tool="Write"]`);
    assert.equal(await writes.count(), 4, 'two by the sub-agents, two in the edit turn');
    for (let i = 0; i < 4; i++) {
      const write = writes.nth(i);
      assert.equal(await write.locator('.edit-counts').count(), 1, `Write ${i + 1} shows +/−: ${await write.textContent()}`);
      assert.equal(await write.locator('.open-diff').count(), 1, `Write ${i + 1} has Open diff`);
    }
    const count = (text: string) => layout.visibleText.split(text).length - 1;
    assert.equal(count(EDIT_DONE), 1, 'the completion shows once');
    assert.equal(count(PLAN_DONE), 1, 'the plan\'s completion shows once');
    assert.doesNotMatch(layout.visibleText, /\b1 (lines|files|steps|entries|tasks)\b/);

    // The panel's other states, for axe below: an error (the provider refuses the next turn) and a reply streaming.
    suite.model.enqueue({ fault: { kind: 'http', status: 401, message: 'Incorrect API key provided' } });
    await sendChatMessage(chat, 'Check the greeting once more');
    await transcriptEntries(chat, 'error').filter({ hasText: 'Incorrect API key provided' }).first().waitFor({ timeout: 30_000 });
    await waitForIdle(chat, 30_000);
    suite.model.enqueue({ text: `${STREAMING} `.repeat(30), chunkSize: 20, pauseAfterChars: 3 * STREAMING.length });
    await sendChatMessage(chat, 'Explain the greeting at length');
    await transcriptEntries(chat, 'assistant').filter({ hasText: STREAMING }).first().waitFor({ timeout: 30_000 });

    const shots = path.join(testResultsDir, 'narrow');
    fs.mkdirSync(shots, { recursive: true });
    for (const [theme, name] of THEMES) {
      await useTheme(page, chat, workspace, theme);
      assert.deepEqual((await probe(chat)).problems, [], `${theme}: every card fits its header on one line`);
      await scrollTo(chat, `${TRANSCRIPT} > [data-kind="user"]`);
      await page.locator('.part.sidebar').screenshot({ path: path.join(shots, `narrow-${name}-plan.png`) });
      await scrollTo(chat, `${TRANSCRIPT} [data-tool="mcp__everything__get-sum"]`);
      await expectNoAxeViolations(chat, 'a long conversation scrolled to its middle');
      await scrollTo(chat, undefined);
      await page.locator('.part.sidebar').screenshot({ path: path.join(shots, `narrow-${name}-edit.png`) });
      await expectNoAxeViolations(chat, 'its end: a plan, an MCP call, edits, an error and a reply streaming');
    }
    console.log(`      screenshots in ${shots}`);
    assert.equal(suite.model.pausedStreams(), 1, 'the reply streamed throughout');
    suite.model.resumePaused();
    await waitForIdle(chat, 30_000);
  });
});
