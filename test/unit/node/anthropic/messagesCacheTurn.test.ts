import { strict as assert } from 'node:assert';
import { messagesCacheTurn } from '../../../support/messagesCacheTurn';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

/** Spec §3 caching through the Messages API: a long turn's stable prefix stays byte-identical, so each step reads it. */
describe('the prompt cache over a 10-step Messages API turn (spec §3)', function () {
  this.timeout(30000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n'.repeat(50) });

  it('every request carries 1 to 4 marks, every step after the first reads from the cache, and at least 90% of their input comes from it', async () => {
    const { share, usages, marks } = await messagesCacheTurn(scripted.server, scripted.ws.root);
    assert.equal(usages.length, 10);
    assert.ok(marks.every((n) => n >= 1 && n <= 4), `marks: ${marks.join(', ')}`);
    assert.equal(usages[0]!.cache_read_input_tokens, 0);
    for (let i = 1; i < usages.length; i++) assert.ok(usages[i]!.cache_read_input_tokens > usages[i - 1]!.cache_read_input_tokens, `step ${i + 1} reads more than step ${i}`);
    assert.ok(share >= 0.9, `${(share * 100).toFixed(1)}% read from the cache`);
  });
});
