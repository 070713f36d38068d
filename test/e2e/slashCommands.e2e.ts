// Slash commands from the team's files (spec §17): `.claude/commands/*.md` (sub-folders namespace) and
// `.github/prompts/*.prompt.md`. `/` lists them with their descriptions; the user entry shows `/name args` and the
// request carries the expanded prompt; `${input:name:default}` asks with VS Code's input box, the default prefilled.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { sendAndWaitForTurn, sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, lastMessage } from './support/modelRequests';
import { useCodeServerSuite } from './support/codeServerSuite';
import { projectRoot } from './support/paths';

const EVERYTHING = path.join(projectRoot, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

const files: Record<string, string> = {
  '.claude/commands/explain.md': '---\ndescription: Explain a file to a newcomer\nargument-hint: [file] [how]\nallowed-tools: Read, Grep, Glob\n---\nExplain the file $1 to a newcomer, $2. The request was: "$ARGUMENTS".\n',
  '.claude/commands/frontend/test.md': '---\ndescription: Run the frontend tests\n---\nRun the frontend tests for $ARGUMENTS.\n',
  '.github/prompts/review-pr.prompt.md': "---\nagent: 'agent'\ndescription: 'Review the open pull request'\n---\nReview the pull request. Focus: ${input:focus:security}.\n",
};

describe('slash commands from command and prompt files', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('/ lists them with descriptions; /explain expands $ARGUMENTS and $1; a prompt file runs as /review-pr and asks its input', async function () {
    suite.model.enqueue({ text: 'E2E: explained a.ts.' }, { text: 'E2E: reviewed with the security focus.' });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'slash-commands' });
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
      fs.writeFileSync(path.join(workspace, rel), text);
    }
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    const input = chat.getByRole('combobox', { name: 'Message CodeAgent' });

    // `/` completion: the built-ins first, then the files' commands with their hints and descriptions.
    const options = chat.locator('#completions [role="option"]');
    await eventually(async () => {
      // Typed again on each try: the view may still be starting (focus, draft restore) when it first opens.
      await input.fill('');
      await input.click();
      await input.pressSequentially('/', { delay: 20 });
      await options.first().waitFor({ timeout: 2000 });
      const labels = await options.locator('.completion-label').allTextContents();
      for (const name of ['/plan', '/agents', '/explain', '/frontend:test', '/review-pr']) assert.ok(labels.includes(name), `${name} in ${labels.join(', ')}`);
    }, { timeoutMs: 20_000, message: 'the / suggestions' });
    assert.equal(await options.filter({ hasText: '/explain' }).locator('.completion-detail').textContent(), '[file] [how] — Explain a file to a newcomer');
    assert.equal(await options.filter({ hasText: '/review-pr' }).locator('.completion-detail').textContent(), 'Review the open pull request');
    await input.pressSequentially('ex', { delay: 20 });
    await eventually(async () => assert.deepEqual(await options.locator('.completion-label').allTextContents(), ['/explain']), { timeoutMs: 5000, message: '/ex' });
    await input.press('Enter');
    assert.equal(await input.inputValue(), '/explain ');
    await input.fill('');

    // `/explain src/a.ts carefully`: shown as typed, sent expanded.
    await sendAndWaitForTurn(chat, '/explain src/a.ts carefully');
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'E2E: explained a.ts.' }).first().waitFor({ timeout: 15_000 });
    assert.equal((await transcriptEntries(chat, 'user').first().textContent())?.includes('/explain src/a.ts carefully'), true, 'the user entry shows /name args');
    const explain = chatPosts(suite.model)[0]!;
    assert.ok(
      lastMessage(explain).content.startsWith('Explain the file src/a.ts to a newcomer, carefully. The request was: "src/a.ts carefully".'),
      describeMessages(explain),
    );
    const system = (explain.body.messages as { role: string; content: string }[])[0]!.content;
    assert.match(system, /<Read>/);
    assert.doesNotMatch(system, /<Bash>|<Write>/, 'allowed-tools narrowed the turn');

    // `/review-pr`: VS Code's input box asks for "focus" with the default prefilled; Enter accepts it.
    await sendChatMessage(chat, '/review-pr');
    const box = session.page.locator('.quick-input-widget input');
    await box.waitFor({ state: 'visible', timeout: 10_000 });
    await eventually(async () => assert.equal(await box.inputValue(), 'security'), { timeoutMs: 5000, message: 'the default is prefilled' });
    await box.press('Enter');
    await waitForIdle(chat);
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'E2E: reviewed with the security focus.' }).first().waitFor({ timeout: 15_000 });
    const review = chatPosts(suite.model)[1]!;
    assert.ok(lastMessage(review).content.startsWith('Review the pull request. Focus: security.'), describeMessages(review));
    assert.equal((await transcriptEntries(chat, 'user').nth(1).textContent())?.includes('/review-pr'), true);
  });

  it('an MCP server\'s prompt runs as /mcp.everything.args-prompt; its resource is attached from @ completion', async function () {
    suite.model.enqueue({ text: 'E2E: the weather in Paris.' }, { text: 'E2E: the architecture, summarised.' });
    const workspace = suite.server.createWorkspace({
      modelBaseUrl: suite.model.baseUrl,
      name: 'mcp-prompts',
      settings: { 'codeagent.mcp.servers': { everything: { type: 'stdio', command: process.execPath, args: [EVERYTHING] } } },
    });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await chat.locator('[data-kind="mcp"][data-server="everything"][data-status="ready"]').waitFor({ timeout: 30_000 });
    const input = chat.getByRole('combobox', { name: 'Message CodeAgent' });
    const options = chat.locator('#completions [role="option"]');

    // `/mcp.` lists the server's prompts with their arguments.
    await input.click();
    await input.pressSequentially('/mcp.everything.ar', { delay: 20 });
    await eventually(async () => {
      assert.deepEqual(await options.locator('.completion-label').allTextContents(), ['/mcp.everything.args-prompt']);
      assert.equal(await options.first().locator('.completion-detail').textContent(), '<city> [state] — A prompt with two arguments, one required and one optional');
    }, { timeoutMs: 15_000, message: 'the MCP prompt in / completion' });
    await input.fill('');

    // Typed words fill the arguments in order; the optional `state` is asked and may be dismissed.
    await sendChatMessage(chat, '/mcp.everything.args-prompt Paris');
    const box = session.page.locator('.quick-input-widget input');
    await box.waitFor({ state: 'visible', timeout: 10_000 });
    await box.press('Escape');
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'E2E: the weather in Paris.' }).first().waitFor({ timeout: 15_000 });
    const prompt = chatPosts(suite.model)[0]!;
    assert.ok(lastMessage(prompt).content.startsWith("What's weather in Paris?"), describeMessages(prompt));
    await waitForIdle(chat);

    // `@archi` lists the server's resource under its name; picking it inserts @mcp:everything:<uri>.
    await input.click();
    await input.pressSequentially('summarise @archi', { delay: 20 });
    const resource = options.filter({ hasText: 'architecture.md' });
    await eventually(async () => assert.equal(await resource.locator('.completion-tag').textContent(), 'everything'), { timeoutMs: 10_000, message: 'the resource in @ completion' });
    await resource.first().dispatchEvent('mousedown');
    assert.equal(await input.inputValue(), 'summarise @mcp:everything:demo://resource/static/document/architecture.md ');
    await chat.getByRole('button', { name: 'Send' }).click();
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'E2E: the architecture, summarised.' }).first().waitFor({ timeout: 15_000 });
    const attached = chatPosts(suite.model)[1]!;
    assert.match(lastMessage(attached).content, /<Resource server="everything" uri="demo:\/\/resource\/static\/document\/architecture\.md" mimeType="text\/markdown"><!\[CDATA\[# Everything Server/, describeMessages(attached));
  });
});

/** Types `typed` into the input until the suggestions list shows (the view may still be starting); their labels. */
async function suggestions(chat: Frame, typed: string): Promise<string[]> {
  const input = chat.getByRole('combobox', { name: 'Message CodeAgent' });
  const options = chat.locator('#completions [role="option"]');
  await input.fill('');
  await input.click();
  await input.pressSequentially(typed, { delay: 20 });
  await options.first().waitFor({ timeout: 2000 });
  return options.locator('.completion-label').allTextContents();
}

describe('command files written while the window is open', function () {
  // The extension host's home is its code-server's own, emptied after every test of a shared window: its command
  // folders do not exist when the window opens.
  const suite = useCodeServerSuite({ window: 'shared' });
  let home = '';
  beforeEach(() => {
    home = suite.server.home;
  });

  it('a command file written in folders that did not exist, in the workspace and in ~/.claude/commands, is offered by / within seconds', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'late-command' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await eventually(async () => assert.ok((await suggestions(chat, '/')).includes('/plan')), { timeoutMs: 20_000, message: 'the / suggestions' });
    assert.ok(!(await suggestions(chat, '/')).includes('/late'));

    fs.mkdirSync(path.join(workspace, '.claude', 'commands'), { recursive: true });
    fs.writeFileSync(path.join(workspace, '.claude', 'commands', 'late.md'), '---\ndescription: Written after the window opened\n---\nSay late.\n');
    await eventually(async () => assert.ok((await suggestions(chat, '/la')).includes('/late')), { timeoutMs: 20_000, message: '/late offered once its file exists' });

    // A checkout that replaces .claude at once, then one that removes it: VS Code's watcher of a removed folder polls
    // for it and misses what is written in it meanwhile, so each folder on the way is watched from its parent too.
    fs.rmSync(path.join(workspace, '.claude'), { recursive: true });
    fs.mkdirSync(path.join(workspace, '.claude', 'commands'), { recursive: true });
    fs.writeFileSync(path.join(workspace, '.claude', 'commands', 'again.md'), '---\ndescription: Back after a checkout\n---\nSay again.\n');
    await eventually(async () => {
      const offered = await suggestions(chat, '/');
      assert.ok(offered.includes('/again') && !offered.includes('/late'), offered.join(' '));
    }, { timeoutMs: 20_000, message: '/again offered, /late gone, once .claude was replaced' });
    fs.rmSync(path.join(workspace, '.claude'), { recursive: true });
    await eventually(async () => assert.ok(!(await suggestions(chat, '/')).includes('/again')), { timeoutMs: 20_000, message: '/again gone with .claude' });

    // Under the home folder the watcher is rooted at ~/.claude/commands, never at home: while it is missing, its
    // nearest existing parent is watched for it.
    fs.mkdirSync(path.join(home, '.claude', 'commands'), { recursive: true });
    fs.writeFileSync(path.join(home, '.claude', 'commands', 'mine.md'), '---\ndescription: My own command\n---\nSay mine.\n');
    await eventually(async () => assert.ok((await suggestions(chat, '/mi')).includes('/mine')), { timeoutMs: 20_000, message: '/mine offered once ~/.claude/commands/mine.md exists' });
  });
});
