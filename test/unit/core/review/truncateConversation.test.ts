import { strict as assert } from 'node:assert';
import { conversationSchema, type Conversation } from '../../../../src/core/conversation/conversation';
import type { HistoryMessage } from '../../../../src/core/history/historyMessage';
import type { TokenUsage } from '../../../../src/core/ports/modelClient';
import { truncateConversation, userMessageIdOfTurn } from '../../../../src/core/conversation/truncateConversation';

let clock = 1000;
function message(id: string, kind: HistoryMessage['kind'], turnId: string | undefined, extra: Partial<HistoryMessage> = {}): HistoryMessage {
  const role = kind === 'user' || kind === 'toolResult' ? 'user' : kind === 'summary' ? 'system' : 'assistant';
  return { id, createdAt: clock++, kind, role, content: `${id} content`, ...(turnId ? { turnId } : {}), ...extra };
}
const usage = (inputTokens: number): TokenUsage => ({ inputTokens, outputTokens: 1 });
const entry = (id: string, kind: string, turnId?: string, text = id) => ({ id, kind, text, ...(turnId ? { turnId } : {}) });
const turnChanges = (turnId: string) => ({ turnId, changes: [{ path: `${turnId}.ts`, kind: 'created' as const, added: 1, removed: 0, after: 'x\n' }] });

function fixture(): Conversation {
  clock = 1000;
  const main = [
    message('s0', 'summary', undefined),
    message('u1', 'user', 't1'), message('a1', 'assistant', 't1', { usage: usage(100) }),
    message('u2', 'user', 't2', { content: 'fix it\n\n<reminder>@a.ts</reminder>' }),
    message('a2', 'assistant', 't2', { usage: usage(200) }), message('r2', 'toolResult', 't2'), message('a2b', 'assistant', 't2', { usage: usage(250) }),
  ];
  const reviewer = [message('u3', 'user', 't3'), message('a3', 'assistant', 't3', { usage: usage(30) })];
  main.push(message('u4', 'user', 't4'), message('a4', 'assistant', 't4', { usage: usage(400) }));
  return {
    version: 1, id: 'c1', title: 'T', createdAt: 1, updatedAt: 2,
    messages: main,
    agentHistories: { reviewer },
    transcript: [
      entry('plan-current', 'plan'),
      entry('e1', 'user', 't1'), entry('e1a', 'assistant', 't1'),
      entry('e2', 'user', 't2', 'fix it @a.ts'), entry('e2r', 'reminder', 't2'), entry('e2t', 'tool-call', 't2'),
      entry('e2c', 'compaction'),
      entry('e3', 'user', 't3', '@reviewer look'), entry('e3a', 'assistant', 't3'),
      entry('e4', 'user', 't4'), entry('e4a', 'assistant', 't4'),
      entry('e5', 'user', 't5', '/agents'), entry('e5n', 'assistant', 't5'),
    ],
    totals: { inputTokens: 1000, outputTokens: 10, cost: 0.5 },
    lastUsage: usage(400),
    todos: [{ content: 'late', status: 'in_progress' }],
    plan: { tasks: [{ id: 'late', description: 'late plan', dependencies: [], status: 'in_progress' }] },
    checkpoints: [
      { messageId: 'u1', files: [], state: { todos: [] } },
      { messageId: 'u2', files: [{ path: 'a.ts', existed: true, content: 'a0', existsAfter: true, after: 'a1' }], state: { todos: [{ content: 'early', status: 'pending' }], plan: { tasks: [{ id: 'p', description: 'early plan', dependencies: [], status: 'pending' }] } } },
      { messageId: 'u3', files: [] },
      { messageId: 'u4', files: [] },
    ],
    changes: [turnChanges('t1'), turnChanges('t2'), turnChanges('t4')],
  };
}

describe('truncateConversation', () => {
  it('removes the message and everything after it, and gives back the text as typed', () => {
    const original = fixture();
    const result = truncateConversation(original, 'u2')!;
    const c = result.conversation;
    assert.equal(result.userText, 'fix it @a.ts');
    assert.deepEqual(c.messages.map((m) => m.id), ['s0', 'u1', 'a1']);
    assert.equal(c.agentHistories, undefined, 'the isolated agent spoke only later');
    assert.deepEqual(c.transcript.map((e) => (e as { id: string }).id), ['plan-current', 'e1', 'e1a']);
    assert.deepEqual(c.checkpoints?.map((k) => k.messageId), ['u1']);
    assert.deepEqual(c.changes?.map((k) => k.turnId), ['t1']);
    assert.deepEqual([...result.removedTurnIds].sort(), ['t2', 't3', 't4', 't5']);
    assert.deepEqual(original, fixture(), 'the stored conversation is not modified');
  });

  it('puts back the todos and plan of the moment the message was sent, and the usage of the last call kept', () => {
    const c = truncateConversation(fixture(), 'u2')!.conversation;
    assert.deepEqual(c.todos, [{ content: 'early', status: 'pending' }]);
    assert.deepEqual(c.plan?.tasks.map((t) => t.id), ['p']);
    assert.deepEqual(c.lastUsage, usage(100));
    assert.deepEqual(c.totals, fixture().totals, 'money spent stays spent');
    const first = truncateConversation(fixture(), 'u1')!.conversation;
    assert.deepEqual(first.todos, []);
    assert.equal(first.plan, undefined);
    assert.equal(first.lastUsage, undefined);
    assert.deepEqual(first.messages.map((m) => m.id), ['s0'], 'an earlier summary is kept');
  });

  it('keeps todos and plan when the checkpoint recorded no state', () => {
    const c = truncateConversation(fixture(), 'u4')!.conversation;
    assert.deepEqual(c.todos, fixture().todos);
    assert.deepEqual(c.plan, fixture().plan);
  });

  it('truncates at a message of an isolated agent\'s own history, and the main history after it', () => {
    const result = truncateConversation(fixture(), 'u3')!;
    const c = result.conversation;
    assert.equal(result.userText, '@reviewer look');
    assert.deepEqual(c.messages.map((m) => m.id), ['s0', 'u1', 'a1', 'u2', 'a2', 'r2', 'a2b']);
    assert.equal(c.agentHistories, undefined);
    assert.deepEqual(c.transcript.map((e) => (e as { id: string }).id), ['plan-current', 'e1', 'e1a', 'e2', 'e2r', 'e2t', 'e2c']);
    assert.deepEqual(c.checkpoints?.map((k) => k.messageId), ['u1', 'u2']);
    assert.deepEqual(c.changes?.map((k) => k.turnId), ['t1', 't2']);
    assert.deepEqual(c.lastUsage, usage(250));
  });

  it('keeps an isolated agent\'s earlier messages and leaves the main usage alone when main history is untouched', () => {
    const conversation = fixture();
    conversation.messages = conversation.messages.slice(0, 7);
    conversation.transcript = conversation.transcript.slice(0, 9);
    conversation.agentHistories!.reviewer!.push(message('u9', 'user', 't9'), message('a9', 'assistant', 't9'));
    const c = truncateConversation(conversation, 'u9')!.conversation;
    assert.deepEqual(c.agentHistories?.reviewer?.map((m) => m.id), ['u3', 'a3']);
    assert.equal(c.messages.length, 7);
    assert.deepEqual(c.lastUsage, usage(400));
  });

  it('orders turns by time when the transcript is missing', () => {
    const conversation = { ...fixture(), transcript: [] };
    const result = truncateConversation(conversation, 'u2')!;
    assert.equal(result.conversation.agentHistories, undefined);
    assert.deepEqual(result.conversation.messages.map((m) => m.id), ['s0', 'u1', 'a1']);
    assert.equal(result.userText, 'fix it\n\n<reminder>@a.ts</reminder>', 'without the panel entry, the stored text');
  });

  it('closes a turn that was in progress when it is removed', () => {
    const conversation = { ...fixture(), turnInProgress: { turnId: 't4', startedAt: 5, userText: 'x' } };
    assert.equal(truncateConversation(conversation, 'u2')!.conversation.turnInProgress, undefined);
  });

  it('stays a valid stored conversation', () => {
    const c = truncateConversation(fixture(), 'u2')!.conversation;
    const parsed = conversationSchema.parse(JSON.parse(JSON.stringify(c)));
    assert.deepEqual(parsed.checkpoints, c.checkpoints);
    assert.deepEqual(parsed.changes, c.changes);
  });

  it('finds nothing for an unknown id or a message that is not the user\'s', () => {
    assert.equal(truncateConversation(fixture(), 'nope'), undefined);
    assert.equal(truncateConversation(fixture(), 'a1'), undefined);
  });

  it('maps a panel turn id to its user message id', () => {
    assert.equal(userMessageIdOfTurn(fixture(), 't2'), 'u2');
    assert.equal(userMessageIdOfTurn(fixture(), 't3'), 'u3');
    assert.equal(userMessageIdOfTurn(fixture(), 't5'), undefined, 'a notice turn stores no message');
  });
});
