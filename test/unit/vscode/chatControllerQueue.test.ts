import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PendingApprovals } from '../../../src/core/agent/pendingDecisions';
import { createIdGenerator } from '../../../src/core/ids';
import { Settings } from '../../../src/core/settings';
import type { HostMessage } from '../../../src/protocol/messages';
import { ConversationViews } from '../../../src/vscode/conversationViews';
import { scriptedChatController } from '../../support/scriptedChatController';
import { useScriptedWorkspace } from '../../support/scriptedWorkspace';
import { until } from '../../support/until';

type Sent = { role: string; content: string };

describe('ChatController: queue and steer, several conversations at once (spec §16)', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });
  let storeDir: string;
  let lastId: string | undefined;

  beforeEach(async () => {
    lastId = undefined;
    storeDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-queue-'));
  });
  afterEach(() => fsp.rm(storeDir, { recursive: true, force: true }));

  // One generator for the window, as the extension has: two views' conversations never share an id.
  const newId = createIdGenerator(Date.now, 't');

  function controller(approvals = new PendingApprovals(), views?: ConversationViews) {
    const settings = Settings.parse({ model: { baseUrl: scripted.server.baseUrl, name: 'scripted-model', toolProtocol: 'xml' } });
    const built = scriptedChatController(scripted, {
      settings,
      storeDir,
      lastConversation: { get: () => lastId, set: (id) => { lastId = id; } },
      approvals,
      session: { newId },
      controller: (c) => ({
        planMode: () => false,
        supportsImages: () => true,
        isRunning: views && ((id) => views.isRunning(id)),
        flushAll: views && (() => views.flushAll()),
        openElsewhere: views && ((id) => views.revealIfElsewhere(id, c())),
      }),
    });
    views?.add({ controller: built.c, visible: () => true, reveal: () => {} });
    return { c: built.c, posted: built.posted };
  }

  const lastQueue = (posted: HostMessage[]) => (posted.filter((m) => m.type === 'queued').at(-1) as Extract<HostMessage, { type: 'queued' }> | undefined)?.items.map((i) => i.text);
  const lastUser = (i: number) => (scripted.server.requests[i]!.body.messages as Sent[]).at(-1)!.content;

  it('a message sent during the last answer is shown queued, then starts the next turn when the turn ends', async () => {
    scripted.server.enqueue({ text: 'A slow first answer.', chunkSize: 2, delayMs: 10 }, { text: 'Second answer.' });
    const { c, posted } = controller();
    const running = c.send('first');
    await until(() => posted.some((m) => m.type === 'entryAppended' || (m.type === 'entryAdded' && m.entry.kind === 'assistant')));
    await c.send('second');
    assert.deepEqual(lastQueue(posted), ['second'], 'shown queued at once');
    await running;
    assert.equal(scripted.server.requests.length, 2);
    assert.equal(lastUser(1), 'second');
    assert.deepEqual(lastQueue(posted), []);
    const users = posted.filter((m) => m.type === 'entryAdded' && m.entry.kind === 'user').map((m) => (m as Extract<HostMessage, { type: 'entryAdded' }>).entry.text);
    assert.deepEqual(users, ['first', 'second']);
  });

  it('Stop keeps the queued messages; Remove takes one away; the next message goes behind the rest', async () => {
    const approvals = new PendingApprovals();
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { text: '<Edit><path>src/a.ts</path><old_string>export const a = 1;</old_string><new_string>export const a = 2;</new_string></Edit>' });
    const { c, posted } = controller(approvals);
    const running = c.send('change a');
    await until(() => approvals.size === 1);
    await c.send('keep me');
    await c.send('drop me');
    const dropped = (posted.filter((m) => m.type === 'queued').at(-1) as Extract<HostMessage, { type: 'queued' }>).items[1]!;
    c.handle({ type: 'removeQueued', id: dropped.id });
    c.handle({ type: 'stop' });
    await running;
    assert.deepEqual(lastQueue(posted), ['keep me']);
    assert.equal(scripted.server.requests.length, 2, 'nothing started after Stop');

    scripted.server.enqueue({ text: 'Both answered.' });
    await c.send('new one');
    // The kept message starts the turn and the new one, queued behind it, reaches that turn's first request.
    const sent = (scripted.server.requests[2]!.body.messages as Sent[]).slice(-2).map((m) => `${m.role}:${m.content}`);
    assert.deepEqual(sent, ['user:keep me', 'user:new one'], 'in the order sent');
    assert.equal(scripted.server.requests.length, 3);
  });

  it('a reload while a turn waits keeps the queued message, and the reopened conversation sends it after the closed step', async () => {
    const approvals = new PendingApprovals();
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { text: '<Edit><path>src/a.ts</path><old_string>export const a = 1;</old_string><new_string>export const a = 2;</new_string></Edit>' });
    const first = controller(approvals);
    const running = first.c.send('change a');
    await until(() => approvals.size === 1);
    await first.c.send('then stop');
    await first.c.flush();

    scripted.server.enqueue({ text: 'Stopped as asked.' });
    const reloaded = controller();
    await until(() => scripted.server.requests.length === 3);
    const sent = scripted.server.requests[2]!.body.messages as Sent[];
    assert.match(sent.at(-2)!.content, /status="cancelled">\nThe window was reloaded/);
    assert.equal(sent.at(-1)!.content, 'then stop');
    await until(() => reloaded.posted.some((m) => m.type === 'busy' && !m.busy));
    first.c.handle({ type: 'stop' });
    await running;
  });

  it('two views run their conversations at the same time, each with its own history; History marks the running one', async () => {
    const views = new ConversationViews();
    const slow = (word: string) => ({ text: Array.from({ length: 30 }, () => word).join(' '), chunkSize: 4, delayMs: 10 });
    scripted.server.enqueue(slow('alpha'), slow('beta'));
    const panel = controller(undefined, views);
    const tab = controller(undefined, views);
    const both = Promise.all([panel.c.send('panel question'), tab.c.send('tab question')]);
    await until(() => scripted.server.requests.length === 2);
    assert.equal(panel.c.busy && tab.c.busy, true, 'both turns run at once');
    assert.notEqual(panel.c.conversationId, tab.c.conversationId);
    // Within the panel's save interval: the tab's History still lists the panel's conversation.
    tab.c.handle({ type: 'listConversations' });
    await until(() => tab.posted.some((m) => m.type === 'conversations'));
    const listed = tab.posted.find((m) => m.type === 'conversations') as Extract<HostMessage, { type: 'conversations' }>;
    assert.equal(listed.items.find((i) => i.id === panel.c.conversationId)?.running, true, 'the panel\'s conversation is marked running');
    await both;
    const texts = (posted: HostMessage[]) => posted.filter((m) => m.type === 'entryAdded' && m.entry.kind === 'user').map((m) => (m as Extract<HostMessage, { type: 'entryAdded' }>).entry.text);
    assert.deepEqual([texts(panel.posted), texts(tab.posted)], [['panel question'], ['tab question']]);
    const histories = scripted.server.requests.map((r) => (r.body.messages as Sent[]).filter((m) => m.role === 'user').map((m) => m.content));
    assert.deepEqual(histories.sort(), [['panel question'], ['tab question']], 'neither request carries the other conversation');
    assert.equal(views.isRunning(panel.c.conversationId), false);

    // Opening the tab's conversation from the panel's History leaves it where it is: no second session on it.
    const panelConversation = panel.c.conversationId;
    await panel.c.openConversation(tab.c.conversationId);
    assert.equal(panel.c.conversationId, panelConversation);
  });
});
