import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentSession } from '../../../src/core/session/agentSession';
import { PendingApprovals } from '../../../src/core/agent/pendingDecisions';
import { loadAgents } from '../../../src/core/agents/agentLoader';
import { createIdGenerator } from '../../../src/core/ids';
import { AgentCatalog } from '../../../src/core/orchestration/agentCatalog';
import { createFullToolRegistry } from '../../../src/core/orchestration/toolSets';
import { Settings } from '../../../src/core/settings';
import { createNodeToolPorts } from '../../../src/node/createNodeToolPorts';
import { FileConversationStore } from '../../../src/node/fileConversationStore';
import { OpenAiModelClient } from '../../../src/node/openaiModelClient';
import { systemClock } from '../../../src/node/systemClock';
import type { HostMessage } from '../../../src/protocol/messages';
import { ChatController } from '../../../src/vscode/chatController';
import { ReviewActions } from '../../../src/vscode/review/reviewActions';
import { useScriptedWorkspace } from '../../support/scriptedWorkspace';
import { until } from '../../support/until';

describe('Restore checkpoint on an isolated named agent\'s message (spec §8, §7)', function () {
  this.timeout(20000);
  const scripted = useScriptedWorkspace({
    'a.txt': 'one\n',
    '.codeagent/agents/tester.md': '---\nname: tester\ndescription: Writes tests\ncontextMode: isolated\n---\nYou write tests.\n',
  });
  let storeDir: string;
  beforeEach(async () => { storeDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-store-')); });
  afterEach(() => fsp.rm(storeDir, { recursive: true, force: true }));

  function build() {
    const settings = Settings.parse({ model: { baseUrl: scripted.server.baseUrl, name: 'scripted-model', toolProtocol: 'xml' }, approval: { autoApproveEdits: true } });
    const posted: HostMessage[] = [];
    const ports = createNodeToolPorts({ workspaceRoot: scripted.ws.root });
    const catalog = new AgentCatalog(() => loadAgents({ project: ports.fs }));
    void catalog.reload();
    const approvals = new PendingApprovals();
    const review = new ReviewActions({ openChangeDiff: () => {}, openAllChanges: () => {}, confirmRestore: async () => 'restore', info: () => {}, warn: (m) => assert.fail(m) });
    let last: string | undefined;
    const c = new ChatController({
      createSession: (restored, onChange) => new AgentSession({
        model: () => new OpenAiModelClient({ baseUrl: scripted.server.baseUrl, apiKey: undefined }),
        clock: systemClock, settings: () => settings, tools: createFullToolRegistry(), ...ports, approver: approvals,
        agents: catalog, newId: createIdGenerator(Date.now, 't'),
        environment: () => ({ os: 'TestOS', shell: 'bash', workspaceRoot: scripted.ws.root }), onChange,
      }, restored),
      approvals, store: new FileConversationStore(storeDir),
      lastConversation: { get: () => last, set: (id) => { last = id; } },
      onboarding: () => null, planMode: () => false, supportsImages: () => true, setPlanMode: () => {},
      runCommand: () => {}, openFile: () => {}, showContext: () => {}, confirmDelete: async () => true,
      suggestPaths: async () => [], log: () => {}, review,
    });
    c.attach((m) => posted.push(m));
    return { c, posted };
  }

  it('has one; restoring it brings the files back, cuts main and the agent\'s own history, and puts the text back', async () => {
    scripted.server.enqueue(
      { text: '<Read><path>a.txt</path></Read>' },
      { text: '<Write><path>a.txt</path><content>two</content></Write>' },
      { text: 'main done' },
      { text: '<Read><path>a.txt</path></Read>' },
      { text: '<Write><path>a.txt</path><content>three</content></Write>\n<Write><path>a.test.txt</path><content>TESTER-WROTE</content></Write>' },
      { text: 'TESTER-FIRST-ANSWER' },
      { text: 'after the agent' },
      { text: 'the tester again' },
    );
    const { c, posted } = build();
    c.handle({ type: 'ready' });
    await until(() => posted.some((m) => m.type === 'snapshot'));
    await c.send('first');
    await c.send('@tester write the tests');
    await c.send('third');
    assert.equal(await scripted.ws.read('a.txt'), 'three');

    const users = () => (posted.filter((m) => m.type === 'entryAdded') as { entry: { kind: string; turnId?: string; text?: string; meta?: Record<string, unknown> } }[]).map((m) => m.entry).filter((e) => e.kind === 'user');
    const agentEntry = users().find((e) => e.text === '@tester write the tests')!;
    assert.equal(agentEntry.meta?.checkpoint, true, 'the isolated agent\'s message has a Restore checkpoint');

    posted.length = 0;
    c.handle({ type: 'restoreCheckpoint', turnId: agentEntry.turnId! });
    await until(() => posted.some((m) => m.type === 'prefill'));
    assert.equal(await scripted.ws.read('a.txt'), 'two', 'the file as it was when the agent\'s message was sent');
    assert.equal(await scripted.ws.exists('a.test.txt'), false, 'a file the agent created is deleted');
    const snap = posted.find((m) => m.type === 'snapshot') as Extract<HostMessage, { type: 'snapshot' }>;
    assert.deepEqual(snap.entries.filter((e) => e.kind === 'user').map((e) => e.text), ['first'], 'that message and everything after it are gone');
    assert.deepEqual(posted.filter((m) => m.type === 'prefill').map((m) => (m as { text: string }).text), ['@tester write the tests']);

    // The agent's own history lost that exchange: running it again, it sees none of it.
    await c.send('@tester once more');
    const sent = JSON.stringify(scripted.server.requests.at(-1)!.body.messages);
    assert.doesNotMatch(sent, /TESTER-FIRST-ANSWER|TESTER-WROTE/);
    assert.match(sent, /once more/);
  });
});
