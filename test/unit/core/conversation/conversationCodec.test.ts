import { strict as assert } from 'node:assert';
import { summarizeConversation } from '../../../../src/core/conversation/conversation';
import { decodeConversation, encodeConversation } from '../../../../src/core/conversation/conversationCodec';
import { realisticConversation } from './conversationFixtures';

describe('conversation codec', () => {
  it('round-trips a realistic conversation exactly', () => {
    const conversation = realisticConversation();
    const decoded = decodeConversation(encodeConversation(conversation));
    assert.equal(decoded.kind, 'ok');
    assert.deepEqual(decoded.kind === 'ok' && decoded.conversation, conversation);
  });

  it('keeps fields it does not know, so a newer minor addition survives a save by this version', () => {
    const conversation = realisticConversation();
    const text = JSON.stringify({
      ...conversation,
      pinned: true,
      messages: conversation.messages.map((m, i) => (i === 2 ? { ...m, reasoning: 'thought', toolCalls: m.toolCalls?.map((c) => ({ ...c, index: 0 })) } : m)),
    });
    const decoded = decodeConversation(text);
    assert.ok(decoded.kind === 'ok');
    const again = JSON.parse(encodeConversation(decoded.conversation));
    assert.equal(again.pinned, true);
    assert.equal(again.messages[2].reasoning, 'thought');
    assert.equal(again.messages[2].toolCalls[0].index, 0);
  });

  it('recognises a file from a future format version', () => {
    const text = JSON.stringify({ ...realisticConversation(), version: 2, messages: 'a new shape' });
    assert.deepEqual(decodeConversation(text), { kind: 'futureVersion', version: 2 });
  });

  it('explains torn JSON and schema violations', () => {
    const text = encodeConversation(realisticConversation());
    const torn = decodeConversation(text.slice(0, text.length / 2));
    assert.ok(torn.kind === 'invalid');
    assert.match(torn.reason, /not valid JSON/);

    const broken = JSON.parse(text);
    broken.messages[1].role = 'robot';
    delete broken.totals;
    const invalid = decodeConversation(JSON.stringify(broken));
    assert.ok(invalid.kind === 'invalid');
    assert.match(invalid.reason, /messages\.1\.role/);
    assert.match(invalid.reason, /totals/);
  });

  it('refuses to encode what could not be read back', () => {
    const conversation = realisticConversation();
    conversation.totals.cost = Number.NaN;
    assert.throws(() => encodeConversation(conversation), /totals\.cost/);
  });

  it('summarises for the history view', () => {
    assert.deepEqual(summarizeConversation(realisticConversation('c-1', 99)), {
      id: 'c-1', title: '修复 src/app.ts 里的登录错误 🐛', createdAt: realisticConversation().createdAt, updatedAt: 99, messageCount: 5, cost: 0.0889,
    });
  });
});
