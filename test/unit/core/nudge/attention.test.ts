import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import { attentionChange, AttentionBook } from '../../../../src/core/nudge/attention';
import { attentionMessage, attentionTooltip } from '../../../../src/vscode/nudgeWords';

const approval = (callId: string, tool = 'Bash'): AgentEvent => ({ type: 'approval', turnId: 't1', callId, phase: 'request', tool, detail: 'npm test' });
const decided = (callId: string): AgentEvent => ({ type: 'approval', turnId: 't1', callId, phase: 'decision', tool: 'Bash', detail: '', decision: 'accepted' });
const askUser = (callId: string): AgentEvent => ({ type: 'toolCall', turnId: 't1', callId, name: 'AskUser', params: { question: 'Which one?' }, partial: false });
const ended = (reason: 'completed' | 'answered' | 'cancelled' | 'error' | 'maxIterations', turnId = 't1'): AgentEvent => ({ type: 'turnEnded', turnId, reason });
const started = (turnId = 't2'): AgentEvent => ({ type: 'turnStarted', turnId, userText: 'again' });
const needs = (book: AttentionBook) => book.waiting.map((w) => `${w.conversationId}:${w.need}`);

describe('what waits for the user, and when to nudge (spec §20)', () => {
  it('an approval, an AskUser question and a turn that ended or failed wait; other events change nothing', () => {
    assert.deepEqual(attentionChange(approval('c1', 'Edit')), { kind: 'wait', key: 'approval:c1', need: 'approval', tool: 'Edit' });
    assert.deepEqual(attentionChange(askUser('q1')), { kind: 'wait', key: 'answer:q1', need: 'answer' });
    assert.equal(attentionChange({ ...askUser('q1'), partial: true } as AgentEvent), undefined, 'a call still streaming asks nothing yet');
    assert.equal(attentionChange({ type: 'text', turnId: 't1', delta: 'hi' }), undefined);
    assert.deepEqual(attentionChange(ended('completed')), { kind: 'turnEnded', outcome: 'finished', turnId: 't1' });
    assert.deepEqual(attentionChange(ended('answered')), { kind: 'turnEnded', outcome: 'finished', turnId: 't1' });
    assert.deepEqual(attentionChange(ended('error')), { kind: 'turnEnded', outcome: 'failed', turnId: 't1' });
    assert.deepEqual(attentionChange(ended('maxIterations')), { kind: 'turnEnded', outcome: 'failed', turnId: 't1' });
    assert.deepEqual(attentionChange(ended('cancelled')), { kind: 'turnEnded', outcome: 'stopped', turnId: 't1' });
  });

  it('a sub-agent\'s approval waits like its parent\'s; the end of its own turn is not the conversation\'s', () => {
    assert.deepEqual(attentionChange({ type: 'subagent', parentCallId: 'task', event: approval('c9', 'Write') }), { kind: 'wait', key: 'approval:c9', need: 'approval', tool: 'Write' });
    assert.equal(attentionChange({ type: 'subagent', parentCallId: 'task', event: ended('completed') }), undefined);
    assert.equal(attentionChange({ type: 'subagent', parentCallId: 'task', event: started() }), undefined);
  });

  it('nudges only for what the user did not see happen, once per item', () => {
    const book = new AttentionBook();
    assert.equal(book.record('a', approval('c1'), true), undefined, 'seen: the panel was on screen, the window focused');
    assert.deepEqual(book.waiting, []);
    const item = book.record('a', approval('c2'), false);
    assert.deepEqual(item, { conversationId: 'a', key: 'approval:c2', need: 'approval', tool: 'Bash' });
    assert.equal(book.record('a', approval('c2'), false), undefined, 'the same approval again is not a second nudge');
    assert.equal(book.waiting.length, 1);
  });

  it('an approval decided, a question answered or a call that ended no longer waits', () => {
    const book = new AttentionBook();
    book.record('a', approval('c1'), false);
    book.record('a', askUser('q1'), false);
    book.record('a', approval('c2'), false);
    book.record('b', approval('c1'), false);
    assert.deepEqual(needs(book), ['a:approval', 'a:answer', 'a:approval', 'b:approval']);
    book.record('a', decided('c1'), false);
    assert.deepEqual(needs(book), ['a:answer', 'a:approval', 'b:approval'], 'only conversation a\'s c1: call ids are unique only within a conversation');
    book.record('a', { type: 'toolResult', turnId: 't1', callId: 'q1', name: 'AskUser', status: 'success', summary: 'answered' }, false);
    book.record('a', { type: 'toolResult', turnId: 't1', callId: 'c2', name: 'Bash', status: 'cancelled', summary: 'cancelled' }, false);
    assert.deepEqual(needs(book), ['b:approval']);
  });

  it('a turn that ends replaces what it asked with its outcome; a stopped turn leaves nothing; the next turn drops the news', () => {
    const book = new AttentionBook();
    book.record('a', approval('c1'), false);
    assert.deepEqual(book.record('a', ended('error'), false), { conversationId: 'a', key: 'turn:t1', need: 'failed' });
    assert.deepEqual(needs(book), ['a:failed']);
    book.record('a', started(), true);
    assert.deepEqual(needs(book), []);
    book.record('a', approval('c3'), false);
    assert.equal(book.record('a', ended('cancelled', 't2'), false), undefined, 'the user stopped it: no news');
    assert.deepEqual(needs(book), []);
    assert.equal(book.record('a', ended('completed', 't3'), true), undefined, 'a turn that ends in view is seen');
  });

  it('looking at a conversation clears all it waits for, and only its own', () => {
    const book = new AttentionBook();
    book.record('a', approval('c1'), false);
    book.record('a', ended('completed'), false);
    book.record('b', askUser('q1'), false);
    assert.equal(book.looked('a'), true);
    assert.deepEqual(needs(book), ['b:answer']);
    assert.equal(book.looked('a'), false, 'nothing left to clear');
  });

  it('names the conversation and what it waits for; the badge counts', () => {
    assert.equal(attentionMessage({ conversationId: 'a', key: 'approval:c1', need: 'approval', tool: 'Bash' }, 'Fix the build'), 'Bash is waiting for your approval in “Fix the build”.');
    assert.equal(attentionMessage({ conversationId: 'a', key: 'answer:q', need: 'answer' }, ''), 'The agent asks you a question in a conversation.');
    assert.match(attentionMessage({ conversationId: 'a', key: 'turn:t', need: 'finished' }, 'Docs'), /finished in “Docs”/);
    assert.match(attentionMessage({ conversationId: 'a', key: 'turn:t', need: 'failed' }, 'Docs'), /error in “Docs”/);
    assert.equal(attentionTooltip(1), 'CodeAgent: 1 thing waiting for you');
    assert.equal(attentionTooltip(3), 'CodeAgent: 3 things waiting for you');
  });
});
