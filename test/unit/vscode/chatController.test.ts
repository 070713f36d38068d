import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PendingApprovals } from '../../../src/core/agent/pendingDecisions';
import type { RestorePlan } from '../../../src/core/review/restoreCheckpoint';
import { ReviewActions } from '../../../src/vscode/review/reviewActions';
import { Settings } from '../../../src/core/settings';
import { AgentCatalog } from '../../../src/core/orchestration/agentCatalog';
import { loadAgents } from '../../../src/core/agents/agentLoader';
import { createNodeToolPorts } from '../../../src/node/createNodeToolPorts';
import type { HostMessage } from '../../../src/protocol/messages';
import { ChatController } from '../../../src/vscode/chatController';
import { FileConversationStore } from '../../../src/node/fileConversationStore';
import { ListedConversationStore } from '../../../src/core/conversation/listedConversationStore';
import type { ConversationStore } from '../../../src/core/conversation/conversationStore';
import { scriptedChatController } from '../../support/scriptedChatController';
import { useScriptedWorkspace } from '../../support/scriptedWorkspace';
import { dataUrlOf, solidPng } from '../../support/imageBytes';
import { until } from '../../support/until';

describe('ChatController: persistence across a window reload', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });
  let storeDir: string;
  let lastId: string | undefined;

  beforeEach(async () => {
    lastId = undefined;
    storeDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-store-'));
  });
  afterEach(() => fsp.rm(storeDir, { recursive: true, force: true }));

  /** A controller as the extension builds it, over a real store: a new one stands for a reloaded window. */
  function controller(approvals = new PendingApprovals(), extra: { planMode?: boolean; agents?: AgentCatalog; autoApproveEdits?: boolean; maxIterations?: number; supportsImages?: boolean } = {}) {
    const settings = Settings.parse({ model: { baseUrl: scripted.server.baseUrl, name: 'scripted-model', toolProtocol: 'xml', supportsImages: extra.supportsImages ?? true }, agent: { planMode: extra.planMode ?? false, maxIterations: extra.maxIterations ?? 50 }, approval: { autoApproveEdits: extra.autoApproveEdits ?? false } });
    return scriptedChatController(scripted, {
      settings,
      storeDir,
      lastConversation: { get: () => lastId, set: (id) => { lastId = id; } },
      approvals,
      session: { agents: extra.agents },
    });
  }

  async function snapshot(c: ChatController, posted: HostMessage[]) {
    posted.length = 0;
    c.handle({ type: 'ready' });
    await until(() => posted.some((m) => m.type === 'snapshot'));
    return posted.find((m) => m.type === 'snapshot') as Extract<HostMessage, { type: 'snapshot' }>;
  }

  it('reopens the last conversation with its transcript and continues the same history', async () => {
    scripted.server.enqueue({ text: 'First answer.', usage: { prompt_tokens: 100, completion_tokens: 10 } }, { text: 'Second answer.' }, { text: 'Third answer.' });
    const first = controller();
    await first.c.send('first question');
    await first.c.send('second question');
    await first.c.flush();

    const reloaded = controller();
    const snap = await snapshot(reloaded.c, reloaded.posted);
    assert.deepEqual(snap.entries.filter((e) => e.kind === 'user' || e.kind === 'assistant').map((e) => e.text),
      ['first question', 'First answer.', 'second question', 'Second answer.']);
    const usageBefore = first.posted.filter((m) => m.type === 'usage').at(-1) as Extract<HostMessage, { type: 'usage' }>;
    assert.ok(usageBefore.usage.inputTokens > 100);
    assert.equal(snap.usage?.inputTokens, usageBefore.usage.inputTokens, 'token totals survive the reload');
    assert.equal(snap.usage?.outputTokens, usageBefore.usage.outputTokens);
    assert.equal(snap.usage?.contextWindow, 200000);
    assert.equal(snap.usage?.contextUsed, usageBefore.usage.contextUsed);

    await reloaded.c.send('third question');
    const sent = scripted.server.requests[2]!.body.messages.map((m: { role: string; content: string }) => `${m.role}:${m.content}`);
    assert.deepEqual(sent.slice(1), ['user:first question', 'assistant:First answer.', 'user:second question', 'assistant:Second answer.', 'user:third question']);
    const listed = await reloaded.store.list();
    assert.equal(listed.length, 1);
    assert.equal(listed[0]!.title, 'first question');
  });

  it('cached input of the agent and its sub-agent adds up in the meter, and survives a reload', async () => {
    scripted.server.enqueue(
      { text: '<Task><goal>read a</goal></Task>', usage: { prompt_tokens: 1000, completion_tokens: 10, cached_tokens: 0 } },
      { text: '<AttemptCompletion><result>a = 1</result></AttemptCompletion>', usage: { prompt_tokens: 500, completion_tokens: 5, cached_tokens: 400 } },
      { text: 'a is 1.', usage: { prompt_tokens: 1100, completion_tokens: 5, cached_tokens: 1000 } },
    );
    const first = controller();
    await first.c.send('what is a?');
    await first.c.flush();
    assert.equal(scripted.server.requests.length, 3, 'parent, child, parent');
    const live = first.posted.filter((m) => m.type === 'usage').at(-1) as Extract<HostMessage, { type: 'usage' }>;
    assert.deepEqual([live.usage.inputTokens, live.usage.cachedInputTokens], [2600, 1400]);
    const reloaded = controller();
    const snap = await snapshot(reloaded.c, reloaded.posted);
    assert.deepEqual([snap.usage?.inputTokens, snap.usage?.cachedInputTokens], [2600, 1400]);
  });

  it('a reload in the middle of a turn keeps what was done and closes the interrupted step', async () => {
    const approvals = new PendingApprovals();
    scripted.server.enqueue(
      { text: '<Read><path>src/a.ts</path></Read>' },
      { text: '<Edit><path>src/a.ts</path><old_string>export const a = 1;</old_string><new_string>export const a = 2;</new_string></Edit>' },
    );
    const first = controller(approvals);
    const running = first.c.send('change a');
    // The turn now waits for the approval of the Edit: the window "reloads" here.
    await until(() => approvals.size > 0);
    assert.equal(approvals.size, 1);
    await first.c.flush();

    const reloaded = controller();
    const snap = await snapshot(reloaded.c, reloaded.posted);
    assert.ok(snap.entries.some((e) => e.kind === 'error' && /window was reloaded/.test(e.text)));
    assert.ok(snap.entries.filter((e) => e.kind === 'approval').every((e) => e.meta?.phase === 'decision'), 'stale approval cards cannot be answered');

    scripted.server.enqueue({ text: 'Continuing.' });
    await reloaded.c.send('go on');
    const sent = scripted.server.requests.at(-1)!.body.messages as { role: string; content: string }[];
    assert.match(sent[1]!.content, /^change a/);
    assert.match(sent.at(-2)!.content, /<tool_result status="cancelled">\nThe window was reloaded/);
    assert.equal(sent.at(-1)!.content, 'go on');
    assert.equal(await scripted.ws.read('src/a.ts'), 'export const a = 1;\n');

    first.c.handle({ type: 'stop' });
    await running;
  });

  it('images (spec §16): refused with the reason when the model takes none, nothing sent; else shown in the user entry and sent again by Retry', async () => {
    const image = { name: 'shot.png', dataUrl: dataUrlOf(solidPng(12, 8)) };
    const blind = controller(undefined, { supportsImages: false });
    blind.c.handle({ type: 'send', text: 'what is this?', images: [image] });
    await until(() => blind.posted.some((m) => m.type === 'entryAdded'));
    const refusal = blind.posted.flatMap((m) => (m.type === 'entryAdded' ? [m.entry] : []));
    assert.deepEqual(refusal.map((e) => e.kind), ['error']);
    assert.match(refusal[0]!.text, /This model takes no images: codeagent\.model\.supportsImages is false/);
    assert.equal(scripted.server.requests.length, 0, 'nothing reached the model');

    scripted.server.enqueue({ fault: { kind: 'http', status: 401, message: 'Incorrect API key provided' } }, { text: 'A small image.' });
    const seeing = controller();
    await seeing.c.send('what is this?', [image]);
    const user = seeing.posted.flatMap((m) => (m.type === 'entryAdded' && m.entry.kind === 'user' ? [m.entry] : []))[0]!;
    assert.deepEqual((user.meta?.images as { name: string; width: number; dataUrl: string }[]).map((i) => [i.name, i.width, i.dataUrl]), [['shot.png', 12, image.dataUrl]]);
    seeing.posted.length = 0;
    seeing.c.handle({ type: 'retry', turnId: user.turnId! });
    await until(() => seeing.posted.some((m) => m.type === 'busy' && !m.busy));
    const retried = scripted.server.requests.at(-1)!.body.messages.at(-1) as { content: { type: string; image_url?: { url: string } }[] };
    assert.deepEqual(retried.content.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url), [image.dataUrl], 'Retry sends the image again');
  });

  it('a turn the provider failed before anything happened offers Retry, which survives a reload and sends the message once', async () => {
    scripted.server.enqueue({ text: 'Earlier answer.' }, { fault: { kind: 'http', status: 401, message: 'Incorrect API key provided' } });
    const first = controller();
    await first.c.send('earlier question');
    await first.c.send('explain @src/a.ts');
    const failure = first.posted.filter((m) => m.type === 'entryUpdated' || m.type === 'entryAdded').map((m) => (m as Extract<HostMessage, { type: 'entryAdded' }>).entry).filter((e) => e.kind === 'error').at(-1)!;
    assert.match(failure.text, /Incorrect API key/);
    assert.equal(failure.meta?.retryable, true, 'the error offers Retry');
    await first.c.flush();

    // After a reload the Retry is still there and still works.
    const reloaded = controller();
    const snap = await snapshot(reloaded.c, reloaded.posted);
    const failed = snap.entries.find((e) => e.kind === 'user' && e.text === 'explain @src/a.ts')!;
    assert.equal(snap.entries.find((e) => e.kind === 'error' && e.turnId === failed.turnId)?.meta?.retryable, true);
    assert.equal(failed.meta?.checkpoint, true);
    scripted.server.enqueue({ text: 'It exports a.' });
    reloaded.posted.length = 0;
    reloaded.c.handle({ type: 'retry', turnId: failed.turnId! });
    await until(() => reloaded.posted.some((m) => m.type === 'busy' && !m.busy));

    const sent = (scripted.server.requests.at(-1)!.body.messages as { role: string; content: string }[]).slice(1).map((m) => `${m.role}:${m.content.split('\n')[0]}`);
    assert.deepEqual(sent, ['user:earlier question', 'assistant:Earlier answer.', 'user:explain @src/a.ts'], 'the message once, its mention expanded again');
    const after = (await snapshot(reloaded.c, reloaded.posted)).entries;
    assert.deepEqual(after.filter((e) => e.kind === 'user').map((e) => [e.text, e.meta?.checkpoint ?? false]),
      [['earlier question', true], ['explain @src/a.ts', false], ['explain @src/a.ts', true]], 'the failed turn keeps its entry but not its Restore checkpoint; the retry has one');
    assert.equal(after.some((e) => e.meta?.retryable), false, 'no Retry left');
    assert.equal(after.filter((e) => e.kind === 'assistant').at(-1)?.text, 'It exports a.');
    await reloaded.c.flush();
    const stored = (await reloaded.store.load(lastId!))!;
    assert.deepEqual(stored.messages.filter((m) => m.kind === 'user').map((m) => m.content.split('\n')[0]), ['earlier question', 'explain @src/a.ts']);
    assert.equal(stored.checkpoints?.length, 2, 'one checkpoint per message in history');
  });

  it('a new message instead of Retry takes the Retry away; the failed message stays in history', async () => {
    scripted.server.enqueue({ fault: { kind: 'http', status: 401 } }, { text: 'Hello again.' });
    const { c, posted } = controller();
    await c.send('first try');
    assert.equal((await snapshot(c, posted)).entries.find((e) => e.kind === 'error')?.meta?.retryable, true);
    await c.send('second message');
    const entries = (await snapshot(c, posted)).entries;
    assert.equal(entries.some((e) => e.meta?.retryable), false, 'no Retry left');
    assert.deepEqual(entries.filter((e) => e.kind === 'user').map((e) => e.meta?.checkpoint), [true, true], 'both messages keep their checkpoints');
    const sent = (scripted.server.requests.at(-1)!.body.messages as { role: string; content: string }[]).slice(1).map((m) => `${m.role}:${m.content}`);
    assert.deepEqual(sent, ['user:first try', 'user:second message']);
  });

  it('a turn stopped at the iteration limit offers Continue until the next turn starts', async () => {
    scripted.server.enqueue({ text: '<LS><path>.</path></LS>' }, { text: 'Done looking.' });
    const { c, posted } = controller(undefined, { maxIterations: 1 });
    await c.send('look around');
    const limit = (await snapshot(c, posted)).entries.find((e) => e.kind === 'error' && e.meta?.code === 'maxIterations')!;
    assert.match(limit.text, /Stopped after 1 model calls/);
    assert.equal(limit.meta?.continuable, true);
    assert.equal(limit.meta?.retryable, undefined, 'the turn did something: no Retry');
    await c.send('Continue.');
    const entries = (await snapshot(c, posted)).entries;
    assert.equal(entries.some((e) => e.meta?.continuable), false, 'no Continue left');
    assert.equal(entries.filter((e) => e.kind === 'assistant').at(-1)?.text, 'Done looking.');
  });

  it('a turn that failed after doing something offers no Retry, and a stale Retry changes nothing', async () => {
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { fault: { kind: 'http', status: 401 } });
    const { c, posted } = controller();
    await c.send('read a');
    const entries = (await snapshot(c, posted)).entries;
    const failure = entries.find((e) => e.kind === 'error')!;
    assert.equal(failure.meta?.retryable, undefined, 'the Read already ran: sending again is the user\'s call');
    const requests = scripted.server.requests.length;
    posted.length = 0;
    c.handle({ type: 'retry', turnId: failure.turnId! });
    await until(() => posted.some((m) => m.type === 'entryAdded'));
    assert.match((posted.find((m) => m.type === 'entryAdded') as Extract<HostMessage, { type: 'entryAdded' }>).entry.text, /can no longer be retried/);
    assert.equal(scripted.server.requests.length, requests, 'nothing sent');
  });

  it('a message sent while New Chat still saves the conversation it leaves goes to the new conversation', async () => {
    scripted.server.enqueue({ text: 'one' }, { text: 'two' });
    // Saves wait for a gate: the old conversation's last save is still being written when New Chat and Send arrive.
    const disk = new ListedConversationStore(new FileConversationStore(storeDir));
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => { openGate = resolve; });
    const store: ConversationStore = { list: () => disk.list(), load: (id) => disk.load(id), delete: (id) => disk.delete(id), save: async (conversation) => { await gate; await disk.save(conversation); } };
    const settings = Settings.parse({ model: { baseUrl: scripted.server.baseUrl, name: 'scripted-model', toolProtocol: 'xml' } });
    const { c, posted } = scriptedChatController(scripted, { settings, storeDir, lastConversation: { get: () => undefined, set: () => {} }, controller: () => ({ store }) });
    const first = c.send('conversation one');
    // The answer is in; the turn's last save waits at the gate.
    await until(() => posted.some((m) => m.type === 'entryAdded' && m.entry.kind === 'assistant'));
    c.handle({ type: 'newChat' });
    c.handle({ type: 'send', text: 'conversation two' });
    openGate();
    await first;
    await until(() => scripted.server.requests.length === 2);
    const sent = (scripted.server.requests[1]!.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'user').map((m) => m.content);
    assert.deepEqual(sent, ['conversation two'], 'the new conversation\'s first request holds its own message only');
    await until(() => posted.some((m) => m.type === 'entryAdded' && m.entry.kind === 'user' && m.entry.text === 'conversation two'));
    const lastSnapshot = posted.map((m, i) => [m, i] as const).filter(([m]) => m.type === 'snapshot').at(-1)![1];
    const shownAfter = posted.slice(lastSnapshot).flatMap((m) => (m.type === 'entryAdded' ? [m.entry.text] : []));
    assert.ok(shownAfter.includes('conversation two'), `shown in the new conversation: ${shownAfter.join(' | ')}`);
    await c.flush();
  });

  it('history list, open and delete', async () => {
    scripted.server.enqueue({ text: 'one' }, { text: 'two' });
    const { c, posted, store } = controller();
    await c.send('conversation one');
    await c.newChat();
    await c.send('conversation two');
    await c.flush();
    posted.length = 0;
    c.handle({ type: 'listConversations' });
    await until(() => posted.some((m) => m.type === 'conversations'));
    const list = posted.find((m) => m.type === 'conversations') as Extract<HostMessage, { type: 'conversations' }>;
    assert.deepEqual(list.items.map((i) => i.title), ['conversation two', 'conversation one']);

    await c.openConversation(list.items[1]!.id);
    const snap = posted.filter((m) => m.type === 'snapshot').at(-1) as Extract<HostMessage, { type: 'snapshot' }>;
    assert.equal(snap.entries[0]!.text, 'conversation one');

    await c.deleteConversation(list.items[1]!.id);
    assert.deepEqual((await store.list()).map((i) => i.title), ['conversation two']);
  });

  it('History: the list this window knows at once, then the disk\'s only when another window changed it', async () => {
    scripted.server.enqueue({ text: 'one' });
    const { c, posted, store } = controller();
    await c.send('conversation one');
    await c.flush();
    await store.list();
    const lists = () => posted.filter((m): m is Extract<HostMessage, { type: 'conversations' }> => m.type === 'conversations').map((m) => m.items.map((i) => i.title));
    posted.length = 0;
    c.handle({ type: 'listConversations' });
    await until(() => lists().length > 0);
    // Another window on the same folder saves a conversation: the known list lacks it, the disk's has it.
    const other = await new FileConversationStore(storeDir).load((await store.list())[0]!.id);
    await new FileConversationStore(storeDir).save({ ...other!, id: 'c-other-window', title: 'from another window', updatedAt: Date.now() + 60_000 });
    posted.length = 0;
    c.handle({ type: 'listConversations' });
    await until(() => lists().length === 2);
    assert.deepEqual(lists(), [['conversation one'], ['from another window', 'conversation one']]);
    posted.length = 0;
    c.handle({ type: 'listConversations' });
    await until(() => lists().length === 1);
    await c.flush();
    await store.list();
    assert.deepEqual(lists(), [['from another window', 'conversation one']], 'nothing changed: one list, not two');
  });

  it('Send File text waits for a loaded view: nothing is lost while the view is hidden, nothing is inserted twice', async () => {
    const { c, posted } = controller();
    const prefills = () => posted.filter((m) => m.type === 'prefill').map((m) => (m as { text: string }).text);
    c.prefill('@README.md ');
    assert.deepEqual(prefills(), [], 'no view has loaded yet');
    await snapshot(c, posted);
    assert.deepEqual(prefills(), ['@README.md ']);

    posted.length = 0;
    c.viewHidden();
    c.prefill('@src/a.ts ');
    assert.deepEqual(prefills(), [], 'the hidden view would drop it');
    await snapshot(c, posted);
    assert.deepEqual(prefills(), ['@src/a.ts ']);
    c.prefill('@src/b.ts ');
    assert.deepEqual(prefills(), ['@src/a.ts ', '@src/b.ts '], 'a shown view gets it at once');
  });
});

describe('ChatController: plan mode, sub-agents and named agents end to end over the scripted server', function () {
  this.timeout(20000);
  const scripted = useScriptedWorkspace({
      'README.md': '# demo\n',
      '.codeagent/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews code\ncontextMode: shared\ntools:\n  allow: [Read, Grep, Glob, LS]\n---\nYou are a strict code reviewer. REVIEWER-ROLE-MARKER\n',
      '.codeagent/agents/tester.md': '---\nname: tester\ndescription: Writes tests\ncontextMode: isolated\n---\nYou write tests. TESTER-ROLE-MARKER\n',
    });
  let storeDir: string;

  beforeEach(async () => {
    storeDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-store-'));
  });
  afterEach(() => fsp.rm(storeDir, { recursive: true, force: true }));

  function build(options: { planMode?: boolean; lastId?: { value?: string }; review?: ReviewActions } = {}) {
    const settings = Settings.parse({ model: { baseUrl: scripted.server.baseUrl, name: 'scripted-model', toolProtocol: 'xml' }, agent: { planMode: options.planMode ?? false }, approval: { autoApproveEdits: true } });
    const ports = createNodeToolPorts({ workspaceRoot: scripted.ws.root });
    const catalog = new AgentCatalog(() => loadAgents({ project: ports.fs }));
    void catalog.reload();
    const last = options.lastId ?? {};
    const built = scriptedChatController(scripted, {
      settings,
      storeDir,
      lastConversation: { get: () => last.value, set: (id) => { last.value = id; } },
      session: { ...ports, agents: catalog },
      controller: () => ({ review: options.review }),
    });
    return { ...built, last };
  }

  const systemOf = (i: number) => (scripted.server.requests[i]!.body.messages as { role: string; content: string }[])[0]!.content;
  const messagesOf = (i: number) => scripted.server.requests[i]!.body.messages as { role: string; content: string }[];
  const plan = '<PlanTask><tasks><task><id>1</id><description>Write the board</description><dependencies></dependencies></task>\n<task><id>2</id><description>Write the loop</description><dependencies>1</dependencies></task>\n<task><id>3</id><description>Write the README</description><dependencies>2</dependencies></task></tasks></PlanTask>';
  const task = (id: string, goal: string) => `<Task><goal>${goal}</goal><resources>README.md</resources><hints>keep it small</hints><task_id>${id}</task_id></Task>`;
  const done = (result: string) => `<AttemptCompletion><result>${result}</result></AttemptCompletion>`;

  it('/plan: the planner cannot act, each task runs as a child in order, a failed child fails its task and skips the dependent, and the plan persists', async () => {
    scripted.server.enqueue(
      { text: `Planning.\n${plan}` },
      { text: task('1', 'Create board.py') },
      { text: '<Write><path>board.py</path><content>BOARD = []\n</content></Write>' }, // child 1, step 1
      { text: done('board.py written') }, // child 1, step 2
      { text: `<Write><path>x.py</path><content>no</content></Write>\n${task('2', 'Create loop.py')}` }, // planner tries to act, then dispatches
      { fault: { kind: 'http', status: 400, message: 'child 2 breaks' } }, // child 2 fails
      { text: done('Task 1 done; task 2 failed; task 3 skipped.') },
    );
    const { c, posted, store } = build();
    await c.send('/plan Write a snake game');

    // The planner was told it plans, and offered no acting tools.
    assert.match(systemOf(0), /# Plan mode/);
    assert.doesNotMatch(systemOf(0), /## Write\b/);
    assert.match(systemOf(0), /## PlanTask/);
    // Child 1's briefing: its own system prompt without plan tools, the goal, resources and hints.
    const childBriefing = messagesOf(2).at(-1)!.content;
    assert.match(childBriefing, /# Goal\nCreate board\.py/);
    assert.match(childBriefing, /README\.md/);
    assert.match(childBriefing, /keep it small/);
    assert.match(systemOf(2), /# Sub-agent/);
    assert.doesNotMatch(systemOf(2), /## PlanTask|## Task\b/);
    assert.equal((await scripted.ws.read('board.py')).trim(), 'BOARD = []');
    // The planner's own Write was refused, not run.
    assert.equal(await fsp.stat(path.join(scripted.ws.root, 'x.py')).catch(() => undefined), undefined);
    const afterRefusal = messagesOf(6).map((m) => m.content).join('\n');
    assert.match(afterRefusal, /Plan mode: Write is not available to the planner/);
    assert.match(afterRefusal, /\[X\] Task 1: Write the board \(Result: board\.py written\)/);
    assert.match(afterRefusal, /\[!\] Task 2: Write the loop/);
    assert.match(afterRefusal, /\[-\] Task 3: Write the README/);

    const entries = (posted.filter((m) => m.type === 'entryAdded' || m.type === 'entryUpdated') as { entry: { id: string; kind: string; parent?: string; meta?: Record<string, unknown> } }[]).map((m) => m.entry);
    const lastPlan = entries.filter((e) => e.kind === 'plan' && e.id === 'plan-current').at(-1)!;
    assert.deepEqual((lastPlan.meta!.tasks as { id: string; status: string }[]).map((t) => [t.id, t.status]), [['1', 'completed'], ['2', 'failed'], ['3', 'skipped']]);
    assert.ok(entries.some((e) => e.parent && e.kind === 'tool-call'), 'child entries nest under their Task card');

    const [stored] = await store.list();
    const conversation = (await store.load(stored!.id))!;
    assert.deepEqual(conversation.plan!.tasks.map((t) => t.status), ['completed', 'failed', 'skipped']);
    assert.ok(conversation.transcript.some((e) => (e as { parent?: string }).parent), 'the nested transcript is kept');
  });

  it("seed 003's code review then fix: @reviewer (shared) sees the main chat and adds to it; @tester (isolated) sees only its own exchanges; --shared overrides", async () => {
    scripted.server.enqueue(
      { text: 'We use pytest.' },
      { text: 'Review: the loop in src/a.ts has an off-by-one bug.' },
      { text: 'Tests written.' },
      { text: 'Tests fixed with the review in mind.' },
      { text: 'Second isolated answer.' },
    );
    const { c, posted } = build();
    await c.send('Which test framework do we use?');
    await c.send('@reviewer review src/a.ts');
    const reviewer = messagesOf(1);
    assert.match(reviewer[0]!.content, /REVIEWER-ROLE-MARKER/);
    assert.doesNotMatch(reviewer[0]!.content, /You are CodeAgent/, "the agent's body replaces the base role");
    assert.doesNotMatch(reviewer[0]!.content, /## (Write|Edit|Bash)\b/, 'the allow list limits its tools');
    assert.ok(reviewer.some((m) => m.content.includes('We use pytest.')), 'shared: sees the main chat');
    assert.equal(reviewer.at(-1)!.content, 'review src/a.ts', 'the @name is not part of the prompt');

    await c.send('@tester write tests for the bug');
    const isolated = messagesOf(2).map((m) => m.content).join('\n');
    assert.match(messagesOf(2)[0]!.content, /TESTER-ROLE-MARKER/);
    assert.doesNotMatch(isolated, /We use pytest|off-by-one/, 'isolated: sees neither the main chat nor the reviewer');

    await c.send('@tester --shared fix the tests');
    const shared = messagesOf(3).map((m) => m.content).join('\n');
    assert.match(shared, /We use pytest/);
    assert.match(shared, /off-by-one bug/, "shared: the reviewer's exchange was appended to the main history");
    assert.doesNotMatch(shared, /Tests written\./, "the tester's isolated exchange stays in its own history");

    await c.send('@tester again');
    const second = messagesOf(4).map((m) => m.content).join('\n');
    assert.match(second, /Tests written\./, 'an isolated agent keeps its own history for the conversation');
    assert.doesNotMatch(second, /off-by-one|Tests fixed/);

    posted.length = 0;
    c.handle({ type: 'ready' });
    await until(() => posted.some((m) => m.type === 'snapshot'));
    const tagged = (posted.find((m) => m.type === 'snapshot') as Extract<HostMessage, { type: 'snapshot' }>).entries;
    assert.ok(tagged.some((e) => e.kind === 'assistant' && e.agent === 'reviewer' && /off-by-one/.test(e.text)));
    assert.ok(tagged.some((e) => e.kind === 'user' && e.agent === 'tester'));
    assert.ok(tagged.filter((e) => e.kind === 'assistant' && /We use pytest/.test(e.text)).every((e) => e.agent === undefined));
  });

  it('/agents list answers locally; an unknown agent is plain text; @ suggests agents', async () => {
    const { c, posted } = build();
    await c.send('/agents list');
    assert.equal(scripted.server.requests.length, 0, 'nothing sent to the model');
    const notice = (posted.filter((m) => m.type === 'entryAdded') as { entry: { kind: string; text: string } }[]).map((m) => m.entry).find((e) => e.kind === 'assistant')!;
    assert.match(notice.text, /reviewer/);
    assert.match(notice.text, /tester/);
    scripted.server.enqueue({ text: 'Nobody by that name here.' });
    await c.send('@nobody hello');
    assert.equal(messagesOf(0).at(-1)!.content, '@nobody hello');
  });

  it('the Plan mode setting runs every message in plan mode', async () => {
    scripted.server.enqueue({ text: 'Just planning.' });
    const { c } = build({ planMode: true });
    await c.send('Refactor the parser');
    assert.match(systemOf(0), /# Plan mode/);
    assert.match(systemOf(0), /## PlanTask/);
    assert.doesNotMatch(systemOf(0), /## (Write|Edit|MultiEdit|Bash)\b/);
  });

  it('a reload in the middle of a child: the Task is answered, its plan task failed with the reason, dependents skipped, transcript and plan kept', async () => {
    scripted.server.enqueue(
      { text: plan },
      { text: task('1', 'Create board.py') },
      { text: 'x'.repeat(4000), chunkSize: 10, delayMs: 20 }, // child 1 streams slowly: the window reloads meanwhile
    );
    const last: { value?: string } = {};
    const first = build({ lastId: last });
    void first.c.send('/plan Write a snake game');
    // The child is streaming once its first entry (nested under the Task card) reaches the view.
    await until(() => scripted.server.requests.length >= 3 && first.posted.some((m) => (m.type === 'entryAdded' || m.type === 'entryUpdated') && m.entry.parent));
    await first.c.flush();

    const reloaded = build({ lastId: last });
    reloaded.posted.length = 0;
    reloaded.c.handle({ type: 'ready' });
    await until(() => reloaded.posted.some((m) => m.type === 'snapshot'));
    const snap = reloaded.posted.find((m) => m.type === 'snapshot') as Extract<HostMessage, { type: 'snapshot' }>;
    const card = snap.entries.find((e) => e.kind === 'tool-call' && e.meta?.name === 'Task')!;
    assert.equal((card.meta!.child as { status: string }).status, 'cancelled', 'no child is shown running after a reload');
    assert.ok(snap.entries.some((e) => e.parent === card.id), 'the nested transcript survived the reload');
    const planEntry = snap.entries.find((e) => e.kind === 'plan' && e.id === 'plan-current')!;
    assert.deepEqual((planEntry.meta!.tasks as { status: string }[]).map((t) => t.status), ['failed', 'skipped', 'skipped'], 'the plan entry shows the task the reload killed as failed');
    first.c.handle({ type: 'stop' });

    const conversation = (await reloaded.store.load(last.value!))!;
    scripted.server.reset();
    scripted.server.enqueue({ text: 'I see task 1 failed.' });
    await reloaded.c.send('what happened?');
    const sent = messagesOf(0);
    const answered = sent.filter((m) => m.role === 'user' && /tool_result tool="Task"|cancelled/.test(m.content));
    assert.ok(answered.length > 0, 'the Task call of the interrupted turn got an answer');
    assert.ok(conversation.plan, 'the plan is stored');
    const session = reloaded.store.load(last.value!);
    const restoredPlan = (await session)!.plan!.tasks;
    assert.deepEqual(restoredPlan.map((t) => t.status), ['failed', 'skipped', 'skipped']);
    assert.match(restoredPlan[0]!.error!, /reloaded/);
  });

  it('changes of a turn: one entry per turn that changed files, Revert (refused when the file changed since), Restore checkpoint back to a message', async () => {
    const said: string[] = [];
    let choice: 'restore' | 'overwrite' | undefined = 'restore';
    const confirmed: RestorePlan[] = [];
    // Spec §15: the files Revert and Restore checkpoint put back lose their inline review marks.
    const putBack: string[] = [];
    const review = new ReviewActions({
      openChangeDiff: () => {}, openAllChanges: () => {},
      confirmRestore: async (plan) => { confirmed.push(plan); return choice; },
      info: (m) => said.push(`info: ${m}`), warn: (m) => said.push(`warn: ${m}`),
    }, (paths) => putBack.push(...paths));
    await fsp.writeFile(path.join(scripted.ws.root, 'a.txt'), 'one\n');
    scripted.server.enqueue(
      { text: '<Read><path>a.txt</path></Read>' },
      { text: '<Write><path>a.txt</path><content>two</content></Write>' },
      { text: 'first done' },
      { text: '<Write><path>a.txt</path><content>three</content></Write>\n<Write><path>new.txt</path><content>fresh</content></Write>' },
      { text: 'second done' },
    );
    const { c, posted } = build({ review });
    c.handle({ type: 'ready' });
    await until(() => posted.some((m) => m.type === 'snapshot'));
    await c.send('first');
    await c.send('second');
    const changes = (posted.filter((m) => m.type === 'entryAdded') as { entry: { kind: string; turnId?: string; meta?: Record<string, unknown> } }[]).map((m) => m.entry).filter((e) => e.kind === 'changes');
    assert.equal(changes.length, 2, 'one changes entry per turn that changed files');
    assert.deepEqual((changes[1]!.meta!.changes as { path: string; kind: string }[]).map((r) => [r.path, r.kind]), [['a.txt', 'modified'], ['new.txt', 'created']]);
    const [first, second] = changes.map((e) => e.turnId!);

    // Revert is refused when the file changed on disk since; accepted otherwise.
    await fsp.writeFile(path.join(scripted.ws.root, 'new.txt'), 'edited by the user');
    c.handle({ type: 'revertChange', turnId: second!, path: 'new.txt' });
    await until(() => said.length > 0);
    assert.match(said.at(-1)!, /^warn: new\.txt changed on disk since the agent's change; not reverted/);
    assert.equal(putBack.length, 0, 'a refused Revert keeps the marks');
    assert.equal(await scripted.ws.read('new.txt'), 'edited by the user');
    await fsp.writeFile(path.join(scripted.ws.root, 'new.txt'), 'fresh');
    c.handle({ type: 'revertChange', turnId: second!, path: 'new.txt' });
    await until(() => said.length > 1);
    assert.match(said.at(-1)!, /^info: Reverted new\.txt/);
    assert.equal(putBack.join(), 'new.txt');
    assert.equal(await fsp.stat(path.join(scripted.ws.root, 'new.txt')).catch(() => undefined), undefined, 'a created file is deleted by Revert');
    const marked = posted.filter((m) => m.type === 'entryUpdated').map((m) => (m as { entry: { meta?: Record<string, unknown> } }).entry).at(-1)!;
    assert.deepEqual((marked.meta!.changes as { path: string; reverted?: boolean }[]).find((r) => r.path === 'new.txt')!.reverted, true);

    // Restore the checkpoint of the second message: a.txt as it was before it, the conversation cut there.
    choice = undefined;
    c.handle({ type: 'restoreCheckpoint', turnId: second! });
    await until(() => confirmed.length > 0);
    assert.equal(await scripted.ws.read('a.txt'), 'three', 'cancelled: nothing restored');
    choice = 'restore';
    posted.length = 0;
    c.handle({ type: 'restoreCheckpoint', turnId: second! });
    await until(() => posted.some((m) => m.type === 'prefill'));
    assert.equal(await scripted.ws.read('a.txt'), 'two');
    assert.ok(putBack.includes('a.txt'), `restored files lose their marks: ${putBack.join(', ')}`);
    const snap = posted.find((m) => m.type === 'snapshot') as Extract<HostMessage, { type: 'snapshot' }>;
    assert.deepEqual(snap.entries.filter((e) => e.kind === 'user').map((e) => e.text), ['first'], 'the message and everything after it are gone');
    assert.deepEqual(posted.filter((m) => m.type === 'prefill').map((m) => (m as { text: string }).text), ['second'], 'its text is back in the input');

    // And back to the very first message: every file as it was, a file created since is deleted.
    await fsp.writeFile(path.join(scripted.ws.root, 'later.txt'), 'x');
    c.handle({ type: 'restoreCheckpoint', turnId: first! });
    await until(() => confirmed.length >= 3);
    await until(async () => (await scripted.ws.read('a.txt')) === 'one\n');
    assert.equal(await scripted.ws.read('a.txt'), 'one\n');
    assert.equal(await scripted.ws.read('later.txt'), 'x', 'files the agent never touched are left alone');
  });
});

