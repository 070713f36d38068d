import { strict as assert } from 'node:assert';
import type { Conversation } from '../../../src/core/conversation/conversation';
import type { ConversationStore } from '../../../src/core/conversation/conversationStore';
import { ConversationSaver } from '../../../src/vscode/conversationSaver';
import { isSavePoint } from '../../../src/vscode/savePoints';

/** A store whose saves take a while (some turns of the event loop), recording when each one finished. */
function slowStore(turns: number) {
  const saved: string[] = [];
  const store = {
    save: async (conversation: Conversation) => {
      for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
      saved.push(conversation.title);
    },
  } as unknown as ConversationStore;
  return { store, saved };
}

const conversation = (title: string) => ({ id: 'c1', title }) as unknown as Conversation;

describe('ConversationSaver', () => {
  it('a flush resolves only once the saves asked for before it are on disk, even one another flush started', async () => {
    const { store, saved } = slowStore(20);
    const saver = new ConversationSaver(store, () => {}, 10_000);
    saver.schedule(() => conversation('first'));
    void saver.flush(); // an approval's immediate save, not awaited
    await saver.flush(); // what a reload (deactivate) waits for
    assert.deepEqual(saved, ['first']);
    saver.schedule(() => conversation('second'));
    saver.schedule(() => conversation('third'));
    await saver.flush();
    assert.deepEqual(saved, ['first', 'third'], 'coalesced: only the latest state of a burst is written');
  });
});

describe('save points', () => {
  it('a new message and every wait for the user are saved at once, streaming is not', () => {
    assert.equal(isSavePoint({ type: 'turnStarted', turnId: 't', userText: 'hi' }), true);
    assert.equal(isSavePoint({ type: 'approval', turnId: 't', callId: 'c', phase: 'request', tool: 'Write', detail: '' }), true);
    assert.equal(isSavePoint({ type: 'approval', turnId: 't', callId: 'c', phase: 'decision', tool: 'Write', detail: '', decision: 'accepted' }), false);
    assert.equal(isSavePoint({ type: 'toolCall', turnId: 't', callId: 'c', name: 'AskUser', params: {}, partial: false }), true);
    assert.equal(isSavePoint({ type: 'subagent', parentCallId: 'p', event: { type: 'approval', turnId: 't', callId: 'c', phase: 'request', tool: 'Bash', detail: '' } }), true);
    assert.equal(isSavePoint({ type: 'text', turnId: 't', delta: 'x' }), false);
  });
});
