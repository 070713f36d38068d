// MCP servers (spec §12): `.vscode/mcp.json` names the reference server-everything (from the npm registry)
// and a server that dies on start. The panel shows one ready with its tools and the other failed with its
// stderr; the scripted model calls `mcp__everything__get-sum` in xml and the sum reaches its next request.
// Restart starts the server again. A second test runs the reference server-filesystem on the workspace: its
// write_file waits for the user in the chat, a rejection reaches the model with its feedback, Run writes the file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { sendChatMessage, TRANSCRIPT, transcriptEntries, waitForIdle } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, lastMessage } from './support/modelRequests';
import { projectRoot } from './support/paths';
import { systemPrompt } from './support/subAgents';
import { useCodeServerSuite } from './support/codeServerSuite';
import { clickNotificationButton } from './support/notifications';
import { expectNoAxeViolations } from './support/axe';

const EVERYTHING = path.join(projectRoot, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const FILESYSTEM = path.join(projectRoot, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');
const USAGE = { prompt_tokens: 300, completion_tokens: 20 };
const SUM_CALL = 'Let me add them with the MCP tool.\n<mcp__everything__get-sum>\n<a>19</a>\n<b>23</b>\n</mcp__everything__get-sum>';

// Plain source text: functions passed to evaluate() would carry tsx's `__name` helper, which the page lacks.
const RECORD_STATUSES = `(() => {
  window.__mcpStatuses = [];
  const section = document.getElementById('mcp-servers');
  new MutationObserver(() => {
    const row = section.querySelector('[data-server="everything"]');
    const status = row && row.getAttribute('data-status');
    const seen = window.__mcpStatuses;
    if (status && seen[seen.length - 1] !== status) seen.push(status);
  }).observe(section, { childList: true, subtree: true, attributes: true });
})()`;

function mcpServer(chat: Frame, name: string) {
  return chat.locator(`[data-kind="mcp"][data-server="${name}"]`);
}

describe('MCP servers', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('.vscode/mcp.json servers show their state; the model calls mcp__everything__get-sum and gets the sum', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'mcp' });
    fs.writeFileSync(path.join(workspace, '.vscode', 'mcp.json'), `{
  // VS Code's own format: comments are allowed.
  "servers": {
    "everything": { "type": "stdio", "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(EVERYTHING)}] },
    "broken": { "command": ${JSON.stringify(process.execPath)}, "args": ["-e", "console.error('broken: missing API token'); process.exit(2)"] }
  }
}
`);
    suite.model.enqueue(
      { text: SUM_CALL, usage: USAGE },
      { text: '<AttemptCompletion>\n<result>19 + 23 = 42</result>\n</AttemptCompletion>', usage: USAGE },
    );
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    // The workspace defines them: neither starts before the user allows it (issue 17, item 9), from its row or
    // from the prompt that names what it runs.
    const everything = mcpServer(chat, 'everything');
    await everything.and(chat.locator('[data-status="notAllowed"]')).waitFor({ timeout: 30_000 });
    await everything.getByRole('button', { name: 'Allow everything' }).click();
    await clickNotificationButton(session.page, 'defines the MCP server "broken"', 'Allow');
    await everything.and(chat.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
    assert.match((await everything.textContent()) ?? '', /ready with \d+ tools/);
    const broken = mcpServer(chat, 'broken');
    await broken.and(chat.locator('[data-status="failed"]')).waitFor({ timeout: 30_000 });
    await eventually(async () => assert.match((await broken.textContent()) ?? '', /exited during startup/));
    await broken.locator('summary').click();
    await eventually(async () => assert.match((await broken.locator('pre').textContent()) ?? '', /broken: missing API token/));

    // A failed server does not block chat: the ready one's tool is offered and called.
    await sendChatMessage(chat, 'What is 19 + 23? Use the sum tool.');
    await waitForIdle(chat, 30_000);
    await suite.model.waitForRequests(2, 10_000);
    const [first, second] = chatPosts(suite.model);
    assert.match(systemPrompt(first!), /^## mcp__everything__get-sum$/m, 'the tool is documented for the model');
    assert.match(systemPrompt(first!), /<mcp__everything__get-sum>\n<a>1<\/a>\n<b>1<\/b>/);
    const result = lastMessage(second!);
    assert.ok(result.content.startsWith('<tool_result tool="mcp__everything__get-sum" status="success">'), describeMessages(second!));
    assert.match(result.content, /The sum of 19 and 23 is 42\./);
    await session.screenshot('mcp-servers');

    // Restart: the row goes through starting and is ready again (every status the row shows is recorded).
    await chat.evaluate(RECORD_STATUSES);
    await everything.getByRole('button', { name: 'Restart everything' }).click();
    await eventually(async () => {
      const seen = (await chat.evaluate('window.__mcpStatuses')) as string[];
      assert.deepEqual(seen.slice(seen.indexOf('starting')), ['starting', 'ready'], seen.join(' → '));
    }, { timeoutMs: 30_000 });

    // Editing .vscode/mcp.json applies at once: the broken server goes, a new one starts.
    fs.writeFileSync(path.join(workspace, '.vscode', 'mcp.json'), JSON.stringify({ servers: {
      everything: { type: 'stdio', command: process.execPath, args: [EVERYTHING] },
      second: { command: process.execPath, args: [EVERYTHING] },
    } }));
    await mcpServer(chat, 'second').getByRole('button', { name: 'Allow second' }).click({ timeout: 30_000 });
    await mcpServer(chat, 'second').and(chat.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
    assert.equal(await everything.getAttribute('data-status'), 'ready', 'an unchanged definition stays allowed');
    await broken.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('an MCP tool that writes waits for the user in its card: Reject sends the feedback, Run calls it', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'mcp-approval' });
    fs.writeFileSync(path.join(workspace, '.vscode', 'mcp.json'), JSON.stringify({ servers: { files: { command: process.execPath, args: [FILESYSTEM, workspace] } } }));
    const notes = path.join(workspace, 'notes.md');
    const writeCall = (content: string) => `Writing the notes.\n<mcp__files__write_file>\n<path>${notes}</path>\n<content>${content}</content>\n</mcp__files__write_file>`;
    suite.model.enqueue(
      { text: writeCall('draft'), usage: USAGE },
      { text: writeCall('final notes'), usage: USAGE },
      { text: '<AttemptCompletion>\n<result>notes.md is written.</result>\n</AttemptCompletion>', usage: USAGE },
    );
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await mcpServer(chat, 'files').getByRole('button', { name: 'Allow files' }).click({ timeout: 30_000 });
    await mcpServer(chat, 'files').and(chat.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
    await sendChatMessage(chat, 'Write my notes to notes.md with the files server.');

    const cards = chat.locator(`${TRANSCRIPT} [data-kind="tool-call"][data-tool="mcp__files__write_file"]`);
    const waiting = cards.first().locator('[data-kind="approval"]');
    await waiting.getByRole('button', { name: 'Reject' }).waitFor({ timeout: 20_000 });
    const asked = (await waiting.textContent()) ?? '';
    assert.match(asked, /Call this MCP tool\?/);
    assert.match(asked, /MCP server: files\s+Tool: write_file/);
    assert.ok(asked.includes('"content": "draft"'), `the arguments are shown: ${asked}`);
    assert.equal(fs.existsSync(notes), false, 'nothing written while the card waits');
    assert.equal(chatPosts(suite.model).length, 1, 'and the model waits too');
    await expectNoAxeViolations(chat, 'an MCP call awaiting approval');
    await waiting.getByRole('textbox', { name: 'Feedback for the agent' }).fill('Not a draft, the final notes.');
    await waiting.getByRole('button', { name: 'Reject' }).click();

    const second = cards.nth(1).locator('[data-kind="approval"]');
    await second.getByRole('button', { name: 'Run', exact: true }).waitFor({ timeout: 20_000 });
    assert.equal(fs.existsSync(notes), false, 'the rejected call wrote nothing');
    const afterReject = lastMessage(chatPosts(suite.model)[1]!);
    assert.match(afterReject.content, /^<tool_result tool="mcp__files__write_file" status="error">/);
    assert.match(afterReject.content, /User feedback: Not a draft, the final notes\./);
    assert.equal(await second.getByRole('button', { name: 'Run', exact: true }).textContent(), 'Run');
    await second.getByRole('button', { name: 'Run', exact: true }).click();

    await transcriptEntries(chat, 'completion').first().waitFor({ timeout: 20_000 });
    await waitForIdle(chat);
    assert.equal(fs.readFileSync(notes, 'utf8'), 'final notes');
    assert.match(lastMessage(chatPosts(suite.model)[2]!).content, /^<tool_result tool="mcp__files__write_file" status="success">/);
    // Decided, each card says how in one line and keeps the call a click away.
    assert.match((await cards.first().locator('.approval-outcome').textContent()) ?? '', /^Rejected: Not a draft, the final notes\.$/);
    assert.equal(await cards.nth(1).locator('.approval-outcome').textContent(), 'Accepted');
    assert.equal(await cards.nth(1).locator('.approval-decided summary').textContent(), 'Call');
  });
});
