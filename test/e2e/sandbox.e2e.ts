// Sandboxed commands (spec §18) in real VS Code, with the packaged extension's own copy of the sandbox runtime:
// with codeagent.sandbox.enabled a command runs unasked and its card says `sandboxed`; writes outside the workspace
// and to .vscode/settings.json, a read of ~/.ssh/id_rsa and a local HTTP request are blocked, and the model hears what
// the sandbox blocked; `Run outside sandbox` and `sandbox: false` ask like any command; a background command runs
// sandboxed; a workspace cannot turn the sandbox on; without bubblewrap the panel says why, once, and commands ask.
// The machine needs bubblewrap and socat (scripts/installSystemDeps.sh); without them this file skips.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { sendChatMessage, TRANSCRIPT, transcriptEntries, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import type { CodeServerOptions } from './support/codeServerInstance';
import { eventually } from './support/eventually';
import { chatPosts, lastMessage } from './support/modelRequests';
import { freshDir } from './support/runRoot';
import { writeWorkspaceSettings } from './support/testWorkspace';

const SECRET = 'PRIVATE-KEY-E2E-SECRET';
const bash = (command: string, extra = '') => `<Bash>\n<command>${command}</command>\n${extra}</Bash>`;
const done = (text: string) => `<AttemptCompletion>\n<result>${text}</result>\n</AttemptCompletion>`;
const bashCards = (chat: Frame) => chat.locator(`${TRANSCRIPT} [data-kind="tool-call"][data-tool="Bash"]`);

/** A sandbox can start here: bwrap and socat are installed and bwrap may create namespaces. */
function sandboxAvailable(): boolean {
  const bwrap = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true'], { stdio: 'ignore' });
  return bwrap.status === 0 && spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0;
}

/** A private key the sandbox must keep from commands, in the window's home (outside the temp dir, where they may write). */
function plantKey(home: string): void {
  fs.mkdirSync(path.join(home, '.ssh'), { recursive: true });
  fs.writeFileSync(path.join(home, '.ssh', 'id_rsa'), `${SECRET}\n`, { mode: 0o600 });
}

/** A PATH with everything in it but bubblewrap: the machine as a user without it has it. */
function pathWithoutBwrap(): string {
  const bin = freshDir('bin-without-bwrap');
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      const target = path.join(dir, name);
      if (name !== 'bwrap' && !fs.existsSync(path.join(bin, name))) fs.symlinkSync(target, path.join(bin, name));
    }
  }
  return bin;
}

describe('sandboxed commands', function () {
  const suite = useCodeServerSuite({ window: 'shared' });
  let home = '';
  before(function () {
    if (!sandboxAvailable()) this.skip();
  });
  // Before each test: the shared window's home is emptied after every test.
  beforeEach(() => {
    home = suite.server.home;
    plantKey(home);
  });

  async function openChat(name: string, settings: Record<string, unknown>) {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name, settings });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    return { workspace, chat: await session.chatFrame() };
  }

  it('runs a command unasked inside the sandbox; writes outside the workspace and to .vscode/settings.json, ~/.ssh and local HTTP are blocked, and the model hears what', async function () {
    const probe = `/sandbox-probe-${Date.now()}`;
    const escape = path.join(home, 'escaped.txt');
    const blocked = [
      `echo escaped > ${escape}`,
      'echo "{}" > .vscode/settings.json',
      'cat ~/.ssh/id_rsa',
      `curl -sS --max-time 5 ${suite.model.baseUrl.replace(/\/v1$/, '')}${probe}`,
    ].join('; ');
    suite.model.enqueue({ text: bash('echo made > made.txt && cat made.txt') }, { text: bash(blocked) }, { text: done('Tried.') });
    const { workspace, chat } = await openChat('sandboxed', { 'codeagent.sandbox.enabled': true, 'codeagent.approval.autoApproveCommands': false });
    const settingsBefore = fs.readFileSync(path.join(workspace, '.vscode', 'settings.json'), 'utf8');

    await sendChatMessage(chat, 'Make a file, then try what the sandbox forbids');
    await suite.model.waitForRequests(3, 60_000);
    await waitForIdle(chat, 30_000);

    assert.equal(await transcriptEntries(chat, 'approval').count(), 0, 'no command asked');
    await eventually(async () => assert.equal(await bashCards(chat).locator('[data-kind="sandboxed"]').count(), 2, 'both cards say sandboxed'));
    assert.equal(fs.readFileSync(path.join(workspace, 'made.txt'), 'utf8'), 'made\n', 'the write inside the workspace landed');
    assert.ok(!fs.existsSync(escape), 'nothing written to the home folder');
    assert.equal(fs.readFileSync(path.join(workspace, '.vscode', 'settings.json'), 'utf8'), settingsBefore, '.vscode/settings.json unchanged');
    assert.ok(!suite.model.requests.some((request) => request.path.startsWith(probe)), 'the local HTTP request never reached the server');

    const result = lastMessage(chatPosts(suite.model)[2]!).content;
    assert.ok(result.includes('The sandbox blocked this command'), `the model hears it was the sandbox: ${result}`);
    assert.ok(result.includes(escape) && result.includes('.vscode/settings.json'), `the model hears which writes: ${result}`);
    assert.ok(result.includes('network refused'), `the model hears the network was refused: ${result}`);
    assert.ok(result.includes(`read refused: ${home}/.ssh/id_rsa`), `the model hears the key was hidden: ${result}`);
    assert.ok(result.includes('sandbox: false'), `the model hears the way out: ${result}`);
    assert.ok(!result.includes(SECRET), 'the private key never reached the model');
  });

  it('Run outside sandbox asks like any command, then runs it; sandbox: false asks even with every command auto-approved', async function () {
    suite.model.enqueue(
      { text: bash('echo inside') },
      { text: done('Ran it.') },
      { text: bash('echo outside-$((20+22))', '<sandbox>false</sandbox>\n') },
      { text: done('Ran it outside.') },
    );
    const { chat } = await openChat('outside', { 'codeagent.sandbox.enabled': true, 'codeagent.approval.autoApproveCommands': true });
    await sendChatMessage(chat, 'Say inside');
    await suite.model.waitForRequests(2, 30_000);
    await waitForIdle(chat, 30_000);
    const card = bashCards(chat).first();
    await card.locator('[data-kind="sandboxed"]').waitFor({ timeout: 20_000 });

    await card.getByRole('button', { name: 'Run outside sandbox' }).click();
    await suite.model.waitForRequests(3, 30_000);
    assert.ok(lastMessage(chatPosts(suite.model)[2]!).content.includes('sandbox: false'), 'the user asked the agent for the same command outside the sandbox');
    const approval = bashCards(chat).last().locator('[data-kind="approval"]');
    await approval.getByRole('button', { name: 'Run', exact: true }).waitFor({ timeout: 20_000 });
    assert.match((await approval.textContent()) ?? '', /Outside the sandbox/);
    assert.equal(chatPosts(suite.model).length, 3, 'nothing ran outside the sandbox before Run');
    await approval.getByRole('button', { name: 'Run', exact: true }).click();
    await suite.model.waitForRequests(4, 30_000);
    await waitForIdle(chat, 30_000);
    assert.ok(lastMessage(chatPosts(suite.model)[3]!).content.includes('outside-42'), 'it ran once the user said Run');
    assert.equal(await bashCards(chat).last().locator('[data-kind="sandboxed"]').count(), 0, 'outside the sandbox');
  });

  it('a background command runs sandboxed, and its row says so', async function () {
    suite.model.enqueue({ text: bash('sleep 30', '<run_in_background>true</run_in_background>\n') }, { text: done('Started.') });
    const { chat } = await openChat('background', { 'codeagent.sandbox.enabled': true, 'codeagent.approval.autoApproveCommands': false });
    await sendChatMessage(chat, 'Start a sleeper');
    // By its command: the id counts the window's background processes, and a kept window may have had some.
    const row = chat.locator('[data-kind="process"]', { hasText: 'sleep 30' }).last();
    await row.locator('[data-kind="sandboxed"]').waitFor({ timeout: 30_000 });
    assert.equal(await transcriptEntries(chat, 'approval').count(), 0, 'it started unasked');
    await chat.getByRole('button', { name: `Stop process ${await row.getAttribute('data-process')}` }).click();
    await eventually(async () => assert.equal(await row.getAttribute('data-status'), 'exited'));
  });

  it('a workspace cannot turn the sandbox on: its commands still ask and run unsandboxed only after Run', async function () {
    suite.model.enqueue({ text: bash('touch asked.txt') }, { text: done('Ran.') });
    const { workspace, chat } = await openChat('repo-says-sandbox', { 'codeagent.approval.autoApproveCommands': false });
    writeWorkspaceSettings(workspace, { ...JSON.parse(fs.readFileSync(path.join(workspace, '.vscode', 'settings.json'), 'utf8')), 'codeagent.sandbox.enabled': true });
    await sendChatMessage(chat, 'Say asked');
    const approval = bashCards(chat).last().locator('[data-kind="approval"]');
    await approval.getByRole('button', { name: 'Run', exact: true }).click({ timeout: 30_000 });
    await suite.model.waitForRequests(2, 30_000);
    await waitForIdle(chat, 30_000);
    assert.equal(await bashCards(chat).locator('[data-kind="sandboxed"]').count(), 0, 'not sandboxed');
  });
});

describe('sandboxed commands without bubblewrap', function () {
  const options: CodeServerOptions = {};
  // VS Code's server and CodeAgent's commands take the login shell's environment: its profile sets the PATH.
  before(() => {
    const home = freshDir('home-without-bwrap');
    const bin = pathWithoutBwrap();
    fs.writeFileSync(path.join(home, '.bash_profile'), `export PATH=${bin}\n`);
    options.env = { HOME: home, PATH: bin, SHELL: '/bin/bash' };
  });
  const suite = useCodeServerSuite(options);

  it('the panel says why, once, with the install hint, and every command asks', async function () {
    suite.model.enqueue({ text: bash('touch one.txt') }, { text: bash('touch two.txt') }, { text: done('Both ran.') });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'no-bwrap', settings: { 'codeagent.sandbox.enabled': true, 'codeagent.approval.autoApproveCommands': false } });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'Say one, then two');
    for (const index of [0, 1]) {
      const approval = bashCards(chat).nth(index).locator('[data-kind="approval"]');
      await approval.getByRole('button', { name: 'Run', exact: true }).click({ timeout: 30_000 });
    }
    await suite.model.waitForRequests(3, 30_000);
    await waitForIdle(chat, 30_000);
    const notices = chat.locator(`${TRANSCRIPT} [data-kind="error"]`, { hasText: 'Commands are not sandboxed' });
    await notices.first().waitFor({ timeout: 20_000 });
    assert.equal(await notices.count(), 1, 'said once');
    assert.match((await notices.first().textContent()) ?? '', /bwrap|bubblewrap/);
    assert.match((await notices.first().textContent()) ?? '', /apt/);
    assert.equal(await bashCards(chat).locator('[data-kind="sandboxed"]').count(), 0, 'nothing ran sandboxed');
  });
});
