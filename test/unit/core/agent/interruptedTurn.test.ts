import { strict as assert } from 'node:assert';
import { repairInterruptedTurn } from '../../../../src/core/session/interruptedTurn';
import { StreamedReplyText } from '../../../../src/core/session/streamedReplyText';
import type { AgentEvent } from '../../../../src/core/events';
import type { HistoryMessage } from '../../../../src/core/history/historyMessage';

const stamp = () => ({ id: 'r1', createdAt: 2 });
const user: HistoryMessage = { id: 'u1', createdAt: 1, kind: 'user', role: 'user', content: 'Tell me a story', turnId: 't1' };

describe('a turn interrupted by a reload', () => {
  it('a reply cut off mid-stream is closed with the text the user saw, then the note', () => {
    const turn = { turnId: 't1', startedAt: 1, userText: 'Tell me a story', partialText: 'Once upon a time, ' };
    const repaired = repairInterruptedTurn([user], turn, stamp);
    assert.equal(repaired.at(-1)!.kind, 'assistant');
    assert.match(repaired.at(-1)!.content, /^Once upon a time,\n\n\[The window was reloaded while this ran; it did not finish\.\]$/);
    assert.equal(repairInterruptedTurn([user], { ...turn, partialText: undefined }, stamp).at(-1)!.content, '[The window was reloaded while this ran; it did not finish.]');
  });

  it('StreamedReplyText holds the current model call\'s text only: a call that ended is in history already', () => {
    const streamed = new StreamedReplyText();
    const seen: AgentEvent[] = [];
    const emit = streamed.tap((e) => seen.push(e));
    emit({ type: 'text', turnId: 't1', delta: 'Let me look. ' });
    assert.equal(streamed.text, 'Let me look. ');
    emit({ type: 'toolCall', turnId: 't1', callId: 'c1', name: 'Read', params: {}, partial: true });
    assert.equal(streamed.text, 'Let me look. ', 'a call still streaming belongs to the reply');
    emit({ type: 'toolCall', turnId: 't1', callId: 'c1', name: 'Read', params: { path: 'a' }, partial: false });
    assert.equal(streamed.text, '');
    emit({ type: 'text', turnId: 't1', delta: 'Once upon' });
    emit({ type: 'subagent', parentCallId: 'c2', event: { type: 'text', turnId: 'c', delta: 'child text' } });
    assert.equal(streamed.text, 'Once upon', "a child's text is not the reply");
    emit({ type: 'tokenUsage', turnId: 't1', usage: { inputTokens: 1, outputTokens: 1 } });
    assert.equal(streamed.text, '');
    assert.equal(seen.length, 6, 'every event still reaches the sink');
  });
});
