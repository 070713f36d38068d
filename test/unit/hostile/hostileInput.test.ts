import { strict as assert } from 'node:assert';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { count, emptyTally, hostileCases, runHostileCase } from './hostileCases';

/**
 * Hostile input (docs/security.md): every case of the tables in hostileCases.ts, each its own test, then the
 * totals. A crash is a throw out of the tool, loader or agent loop; an escape is content from outside the
 * workspace coming back, a file outside changing, or Object.prototype polluted.
 */
describe('Hostile input (case tables)', function () {
  this.timeout(120_000);
  const cases = hostileCases();
  const tally = emptyTally();
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());

  it(`has at least 200 cases (${cases.length})`, () => assert.ok(cases.length >= 200));

  for (const c of cases) {
    it(`${c.group}: ${c.name}`, async () => {
      const outcome = await runHostileCase(c, server);
      count(tally, c, outcome);
      assert.equal(outcome.crashed, undefined, 'crashed');
      assert.equal(outcome.escaped, undefined, 'escaped');
      assert.equal(outcome.commandsWithoutApproval ?? 0, 0, 'a command ran without approval');
      assert.equal(outcome.unexpected, undefined);
    });
  }

  it('totals: every case tried, 0 crashes, 0 escapes, 0 commands without approval', () => {
    assert.equal(tally.tried, cases.length);
    assert.deepEqual({ crashes: tally.crashes, escapes: tally.escapes, commandsWithoutApproval: tally.commandsWithoutApproval }, { crashes: 0, escapes: 0, commandsWithoutApproval: 0 });
  });
});
