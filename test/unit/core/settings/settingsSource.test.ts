import { strict as assert } from 'node:assert';
import { createSettingsSource, parseSettings } from '../../../../src/core/settingsSource';

describe('settings source', () => {
  it('an allow-list with a number or an object falls back to its default instead of failing the read', () => {
    for (const bad of [['npm test', 3], ['git status', { a: 1 }], 'npm test']) {
      const { settings, problems } = parseSettings({ approval: { commandAllowList: bad, autoApproveEdits: true } });
      assert.deepEqual(settings.approval.commandAllowList, []);
      assert.equal(settings.approval.autoApproveEdits, true, 'the valid neighbour is kept');
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, /^Setting codeagent\.approval\.commandAllowList is invalid \(.+\); using its default\.$/);
    }
  });

  it('reads the proxies VS Code hands out for object and array settings', () => {
    const proxied = new Proxy({ commandAllowList: new Proxy(['npm test'], {}) }, {});
    assert.deepEqual(parseSettings({ approval: proxied }).settings.approval.commandAllowList, ['npm test']);
  });

  it('names the bad entry of a list', () => {
    const { problems } = parseSettings({ approval: { commandAllowList: ['npm test', 3] } });
    assert.match(problems[0]!, /entry 1 is 3/);
  });

  it('several bad settings each fall back and are each reported', () => {
    const { settings, problems } = parseSettings({ model: { toolProtocol: 'smoke', contextWindow: -5, name: 'gpt' }, context: { compactThreshold: 'high' } });
    assert.equal(settings.model.toolProtocol, 'auto');
    assert.equal(settings.model.contextWindow, 200000);
    assert.equal(settings.model.name, 'gpt');
    assert.equal(settings.context.compactThreshold, 0.8);
    assert.equal(problems.length, 3);
  });

  it('reports each problem once however often settings are read, and again once it changes', () => {
    let raw: Record<string, unknown> = { approval: { commandAllowList: [1] } };
    const reports: string[] = [];
    const read = createSettingsSource(() => raw, (p) => reports.push(p));
    for (let i = 0; i < 5; i++) assert.deepEqual(read().approval.commandAllowList, []);
    assert.equal(reports.length, 1);
    raw = { approval: { commandAllowList: ['ok'] }, agent: { maxIterations: 0 } };
    assert.deepEqual(read().approval.commandAllowList, ['ok']);
    read();
    assert.equal(reports.length, 2);
    assert.match(reports[1]!, /agent\.maxIterations/);
  });
});
