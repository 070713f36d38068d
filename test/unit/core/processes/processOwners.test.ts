import { strict as assert } from 'node:assert';
import { BackgroundProcesses } from '../../../../src/core/processes/backgroundProcesses';
import { createFullToolRegistry } from '../../../../src/core/orchestration/toolSets';
import type { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { NodeProcessLauncher } from '../../../../src/node/nodeProcessLauncher';
import { systemClock } from '../../../../src/node/systemClock';
import { makeHarness, TempWorkspace, type Harness } from '../tools/toolTestKit';
import { createIdGenerator } from '../../../../src/core/ids';
import { runningProcessesReminder } from '../../../../src/core/processes/processReminder';
import type { AgentSession } from '../../../../src/core/session/agentSession';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

const ticker = 'i=0; while true; do i=$((i+1)); echo "tick $i"; sleep 0.2; done';

/** Spec §16: with several conversations at once, a background process belongs to the conversation that started it. */
describe('background processes of several conversations: each agent reaches only its own', function () {
  this.timeout(15_000);
  let ws: TempWorkspace;
  let h: Harness;
  let processes: BackgroundProcesses;
  let tools: ToolRegistry;
  beforeEach(async () => {
    ws = await TempWorkspace.create();
    h = makeHarness(ws);
    processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(ws.root, { env: process.env }), clock: systemClock, maxRunning: () => 10, killGraceMs: 500 });
    tools = createFullToolRegistry([], { processes });
  });
  afterEach(async () => {
    await processes.stopAll();
    await ws.cleanup();
  });

  it('another conversation\'s agent can neither read nor stop it, nor sees it listed; its own agent can', async () => {
    const mine = { ...h.ctx, conversationId: 'conv-a' };
    const theirs = { ...h.ctx, conversationId: 'conv-b' };
    const started = await tools.invoke('Bash', { command: ticker, run_in_background: true }, mine);
    assert.equal(started.status, 'success', started.text);

    const read = await tools.invoke('BashOutput', { id: 'bg-1' }, theirs);
    assert.equal(read.status, 'error');
    assert.match(read.text, /No background process bg-1\. None was started\./);
    const kill = await tools.invoke('KillBash', { id: 'bg-1' }, theirs);
    assert.equal(kill.status, 'error');
    assert.deepEqual(processes.running().map((p) => p.id), ['bg-1'], 'still running');
    assert.deepEqual(processes.listFor('conv-b'), []);
    assert.deepEqual(processes.listFor('conv-a').map((p) => p.id), ['bg-1']);

    assert.equal((await tools.invoke('BashOutput', { id: 'bg-1' }, mine)).status, 'success');
    assert.equal((await tools.invoke('KillBash', { id: 'bg-1' }, mine)).status, 'success');
  });
  it('fails closed: a caller without a conversation id sees no process, and a process without an owner is no agent\'s', async () => {
    await tools.invoke('Bash', { command: ticker, run_in_background: true }, { ...h.ctx, conversationId: 'conv-a' });
    assert.equal(processes.visibleTo('bg-1', undefined), false);
    assert.deepEqual(processes.listFor(undefined), []);
    const anonymous = { ...h.ctx, conversationId: undefined };
    assert.equal((await tools.invoke('BashOutput', { id: 'bg-1' }, anonymous)).status, 'error');
    assert.equal((await tools.invoke('KillBash', { id: 'bg-1' }, anonymous)).status, 'error');
    assert.deepEqual(processes.running().map((p) => p.id), ['bg-1'], 'still running');

    await processes.start('sleep 30', ws.root);
    assert.equal(processes.visibleTo('bg-2', 'conv-a'), false);
    assert.deepEqual(processes.listFor('conv-a').map((p) => p.id), ['bg-1']);
  });
});

/** The same rule through real sessions: the conversation id reaches the tools only if the session passes it on. */
describe('background processes of two real sessions (spec §14, §16)', function () {
  this.timeout(20_000);
  const scripted = useScriptedWorkspace({});
  // One generator for both, as the window has: the two conversations get different ids.
  const newId = createIdGenerator(() => 0, 't');
  let processes: BackgroundProcesses;
  beforeEach(() => {
    processes = new BackgroundProcesses({ launcher: new NodeProcessLauncher(scripted.ws.root, { env: process.env }), clock: systemClock, maxRunning: () => 10, killGraceMs: 500 });
  });
  afterEach(() => processes.stopAll());

  const session = () => scriptedAgentSession(scripted.server, scripted.ws.root, {
    approval: { autoApproveCommands: true },
    deps: {
      newId,
      tools: () => createFullToolRegistry([], { processes }),
      inputReminder: (conversationId) => runningProcessesReminder(processes.listFor(conversationId).filter((p) => p.status === 'running'), systemClock.now()),
    },
  }).session;

  async function results(target: AgentSession, text: string): Promise<Array<{ name: string; status: string; summary: string }>> {
    const seen: Array<{ name: string; status: string; summary: string }> = [];
    await target.send(text, (e) => { if (e.type === 'toolResult') seen.push({ name: e.name, status: e.status, summary: e.summary }); });
    return seen;
  }
  const lastUserMessage = (request: number) => (scripted.server.requests[request]!.body as { messages: Array<{ role: string; content: string }> }).messages.filter((m) => m.role === 'user').at(-1)!.content;

  it('the other session can neither read nor stop the process one session started, nor hears of it; the one that started it can', async () => {
    const starter = session();
    const other = session();
    scripted.server.enqueue({ text: `<Bash>\n<command>${ticker}</command>\n<run_in_background>true</run_in_background>\n</Bash>` }, { text: 'Started.' });
    const [started] = await results(starter, 'start the ticker');
    assert.equal(started?.status, 'success', started?.summary);
    assert.equal(processes.get('bg-1')?.status, 'running');

    scripted.server.enqueue({ text: '<BashOutput>\n<id>bg-1</id>\n</BashOutput>' }, { text: '<KillBash>\n<id>bg-1</id>\n</KillBash>' }, { text: 'Could not.' });
    const denied = await results(other, 'read and stop the ticker');
    assert.equal(scripted.server.requests.length, 5);
    assert.equal(lastUserMessage(2), 'read and stop the ticker', 'the other conversation\'s request does not list it');
    assert.deepEqual(denied.map((r) => [r.name, r.status]), [['BashOutput', 'error'], ['KillBash', 'error']]);
    assert.match(denied[0]!.summary, /No background process bg-1/);
    assert.equal(processes.get('bg-1')?.status, 'running', 'still running');

    scripted.server.enqueue({ text: '<BashOutput>\n<id>bg-1</id>\n</BashOutput>' }, { text: '<KillBash>\n<id>bg-1</id>\n</KillBash>' }, { text: 'Stopped.' });
    const own = await results(starter, 'read and stop the ticker');
    assert.match(lastUserMessage(5), /- bg-1: /, 'its own conversation\'s request lists it');
    assert.deepEqual(own.map((r) => [r.name, r.status]), [['BashOutput', 'success'], ['KillBash', 'success']]);
    assert.equal(processes.get('bg-1')?.status, 'exited');
  });

  it('a sub-agent starts a background command and reads its output: the conversation id reaches its tools too', async () => {
    const parent = session();
    scripted.server.enqueue(
      { text: '<Task>\n<goal>Start the ticker in the background and read its output.</goal>\n</Task>' },
      { text: `<Bash>\n<command>${ticker}</command>\n<run_in_background>true</run_in_background>\n</Bash>` },
      { text: '<BashOutput>\n<id>bg-1</id>\n</BashOutput>' },
      { text: '<AttemptCompletion>\n<result>The ticker runs.</result>\n</AttemptCompletion>' },
      { text: 'Done.' },
    );
    const seen: Array<{ name: string; status: string; summary: string }> = [];
    await parent.send('delegate the ticker', (e) => {
      const result = e.type === 'subagent' ? e.event : e;
      if (result.type === 'toolResult') seen.push({ name: result.name, status: result.status, summary: result.summary });
    });
    const output = seen.find((r) => r.name === 'BashOutput');
    assert.equal(output?.status, 'success', JSON.stringify(seen));
    assert.match(output!.summary, /tick|running/);
    assert.equal(processes.get('bg-1')?.status, 'running');
    assert.ok(processes.listFor(parent.id).some((p) => p.id === 'bg-1'), 'the process is the conversation\'s own');
  });
});
