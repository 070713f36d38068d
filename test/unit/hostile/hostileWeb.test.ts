import { strict as assert } from 'node:assert';
import { runWebCase, webCases } from './webCases';

/** Spec §22's never-fetched rules and fenced pages, case by case (docs/security.md "The web"). */
describe('Hostile input: the web (SSRF and pages that give orders)', function () {
  this.timeout(30_000);
  const cases = webCases();

  it(`has at least 25 cases (${cases.length})`, () => assert.ok(cases.length >= 25));

  for (const c of cases) {
    it(`${c.group}: ${c.name}`, async () => {
      assert.equal(await runWebCase(c), undefined);
    });
  }
});
