import { strict as assert } from 'node:assert';
import { InlineReview } from '../../../../src/core/inlineReview/inlineReview';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { faultSession } from '../../faults/faultSessionKit';
import { TempWorkspace } from '../tools/toolTestKit';

type Body = { messages: { role: string; content: unknown }[] };
const texts = (body: Body) => body.messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

/** Spec §15: the model hears, at its next request, which changes the user undid — in the same turn or the next — once. */
describe('The undone-changes reminder reaches the model once', function () {
  this.timeout(20_000);
  let model: ScriptedModelServer;
  let ws: TempWorkspace;
  before(async () => { model = await ScriptedModelServer.start(); });
  after(() => model.close());
  beforeEach(async () => {
    model.reset();
    ws = await TempWorkspace.create({ 'src/a.ts': 'one\ntwo\n' });
  });
  afterEach(() => ws.cleanup());

  it('an Undo while the turn runs is in the turn\'s next request; one between turns is in the next message; neither twice', async () => {
    const review = new InlineReview();
    const session = faultSession(model, ws.root, {
      settings: { approval: { editReview: 'after' } },
      inputReminder: () => review.takeReminder(),
      requestReminder: () => review.takeReminder(),
      fs: (fs) => Object.assign(Object.create(fs) as typeof fs, { writeFile: async (path: string, content: string) => {
        const before = await fs.readFile(path);
        await fs.writeFile(path, content);
        review.agentEdit(path, before, content);
        // The user undoes the change the moment it lands.
        const lines = content.split('\n');
        review.undo(path, review.hunksOf(path)[0]!.id, (line) => lines[line]);
      } }),
    });
    model.enqueue(
      { text: '<Read>\n<path>src/a.ts</path>\n</Read>' },
      { text: '<Edit>\n<path>src/a.ts</path>\n<old_string>two</old_string>\n<new_string>TWO</new_string>\n</Edit>' },
      { text: 'Done.' },
      { text: 'Hello.' },
    );
    assert.equal(await session.send('edit it', () => {}), 'answered');
    const third = texts(model.requests[2]!.body as Body);
    assert.match(third[third.length - 1]!, /^<system-reminder>\nThe user reviewed your edits and undid these changes; do not make them again unless the user asks:\n- src\/a\.ts line 2: restored to:\n```\ntwo\n```\n<\/system-reminder>$/);
    review.agentEdit('src/a.ts', 'one\ntwo\n', 'one\n');
    review.undo('src/a.ts', review.hunksOf('src/a.ts')[0]!.id, (line) => ['one', ''][line]);
    assert.equal(await session.send('hi', () => {}), 'answered');
    const fourth = texts(model.requests[3]!.body as Body);
    assert.equal(fourth.filter((t) => t.includes('undid these changes')).length, 1, 'the first Undo is not told again');
    assert.match(fourth[fourth.length - 1]!, /^hi\n\n<system-reminder>\n.*\n- src\/a\.ts line 2: restored to:/);
  });
});
