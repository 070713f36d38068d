import { strict as assert } from 'node:assert';
import { ConversationViews, type ConversationOwner } from '../../../src/vscode/conversationViews';

describe('ConversationViews: one controller per chat view, questions across them (spec §16)', () => {
  function view(conversationId: string, busy = false) {
    const owner = { conversationId, busy, flushed: 0, flush: async () => { owner.flushed++; } };
    const shown = { count: 0 };
    return { owner, shown, view: { controller: owner as ConversationOwner, visible: () => false, reveal: () => { shown.count++; } } };
  }

  it('a conversation runs when the view holding it is busy, whichever view that is', () => {
    const views = new ConversationViews();
    const panel = view('conv-a', true);
    const tab = view('conv-b');
    views.add(panel.view);
    views.add(tab.view);
    assert.equal(views.isRunning('conv-a'), true);
    assert.equal(views.isRunning('conv-b'), false);
    tab.owner.busy = true;
    assert.equal(views.isRunning('conv-b'), true);
    assert.equal(views.isRunning('conv-c'), false);
  });

  it('a closed view is forgotten: its conversation no longer counts as running or held', () => {
    const views = new ConversationViews();
    const tab = view('conv-b', true);
    const forget = views.add(tab.view);
    forget();
    assert.equal(views.isRunning('conv-b'), false);
    assert.equal(views.viewOf('conv-b'), undefined);
    assert.equal(views.size, 0);
  });

  it('opening a conversation another view holds shows that view instead (one session per conversation)', () => {
    const views = new ConversationViews();
    const panel = view('conv-a');
    const tab = view('conv-b');
    views.add(panel.view);
    views.add(tab.view);
    assert.equal(views.revealIfElsewhere('conv-b', panel.owner), true);
    assert.equal(tab.shown.count, 1);
    assert.equal(views.revealIfElsewhere('conv-a', panel.owner), false, 'its own conversation is not elsewhere');
    assert.equal(views.revealIfElsewhere('conv-z', panel.owner), false);
    assert.equal(panel.shown.count, 0);
  });

  it('flushAll writes every view\'s conversation', async () => {
    const views = new ConversationViews();
    const a = view('a');
    const b = view('b');
    views.add(a.view);
    views.add(b.view);
    await views.flushAll();
    assert.deepEqual([a.owner.flushed, b.owner.flushed], [1, 1]);
  });

  it('names the conversations of the views on screen (spec §20: what the user looks at)', () => {
    const views = new ConversationViews();
    const a = view('a');
    views.add({ ...a.view, visible: () => true });
    views.add(view('b').view);
    assert.deepEqual(views.shownConversations(), ['a']);
  });
});
