import { strict as assert } from 'node:assert';
import { XmlStreamParser } from '../../../../src/core/parser/xmlStreamParser';
import type { TaskManager } from '../../../../src/core/plan/taskManager';
import type { Harness, TempWorkspace } from '../tools/toolTestKit';
import { planHarness, planRegistry, planTools } from './planToolKit';

describe('PlanTask', () => {
  let ws: TempWorkspace;
  let h: Harness;
  let plan: TaskManager;
  beforeEach(async () => ({ ws, h, plan } = await planHarness()));
  afterEach(() => ws.cleanup());

  it('accepts a JSON plan, orders it and answers with the footer', async () => {
    const tasks = JSON.stringify([
      { id: 2, description: 'Implement login', dependencies: [1] },
      { id: 1, description: 'Read the auth module', dependencies: [] },
    ]);
    const result = await planRegistry.invoke('PlanTask', { tasks }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(
      result.text,
      'Plan accepted: 2 tasks in dependency order. Dispatch each with the Task tool and its task_id.\n' +
        '[ ] Task 1: Read the auth module\n[ ] Task 2: Implement login\nCurrent Task: Read the auth module (ID: 1)',
    );
    assert.deepEqual(plan.tasks().map((t) => t.id), ['1', '2']);
    assert.equal(
      planRegistry.compress('PlanTask', { tasks }, result),
      JSON.stringify({ status: 'success', data: { summary: '[ ] Task 1: Read the auth module\n[ ] Task 2: Implement login' } }),
    );
  });

  it('accepts <task> elements as the xml parser delivers them', async () => {
    const parser = new XmlStreamParser({ tools: { PlanTask: ['tasks'] } });
    const message =
      'I will plan this.\n<PlanTask>\n<tasks>\n<task>\n<id>a</id>\n<description>Find where `x < y && z` is checked</description>\n<dependencies></dependencies>\n</task>\n' +
      '<task><id>b</id><description>Fix it</description><dependencies>a</dependencies></task>\n</tasks>\n</PlanTask>';
    const events = [...parser.feed(message), ...parser.end()];
    const call = events.find((e) => e.type === 'toolCallEnd');
    assert.ok(call?.type === 'toolCallEnd' && call.complete);
    const result = await planRegistry.invoke(call.name, call.params, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(plan.summary(), '[ ] Task a: Find where `x < y && z` is checked\n[ ] Task b: Fix it');
  });

  it('refuses an invalid graph, names the problem and keeps the current plan', async () => {
    await planRegistry.invoke('PlanTask', { tasks: '[{"id": "1", "description": "Keep me"}]' }, h.ctx);
    const result = await planRegistry.invoke('PlanTask', { tasks: '[{"id": "1", "description": "A", "dependencies": "2"}, {"id": "2", "description": "B", "dependencies": "1"}]' }, h.ctx);
    assert.equal(result.status, 'error');
    assert.equal(result.error?.code, 'invalid_plan');
    assert.equal(result.error?.message, 'Invalid plan:\n- Dependency cycle: 1 → 2 → 1 (each task depends on the next).\nThe plan was not changed.');
    assert.equal(plan.summary(), '[ ] Task 1: Keep me');
    assert.deepEqual(JSON.parse(planRegistry.compress('PlanTask', { tasks: 'x' }, result)), {
      status: 'error',
      error: { code: 'invalid_plan', message: result.error?.message },
    });
  });

  it('refuses unreadable tasks with the expected format', async () => {
    const result = await planRegistry.invoke('PlanTask', { tasks: '1. Read\n2. Fix' }, h.ctx);
    assert.equal(result.error?.code, 'invalid_plan');
    assert.match(result.error!.message, /^tasks must be a JSON array of \{id, description, dependencies\} objects[\s\S]*\nThe plan was not changed\.$/);
    assert.deepEqual(plan.tasks(), []);
  });

  it('accepts a native array argument', async () => {
    const result = await planRegistry.invoke('PlanTask', JSON.stringify({ tasks: [{ id: 1, description: 'Only step' }] }), h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.equal(plan.footer(), '[ ] Task 1: Only step\nCurrent Task: Only step (ID: 1)');
  });

  it('is refused outside plan mode', async () => {
    delete h.ctx.plan;
    const result = await planRegistry.invoke('PlanTask', { tasks: '[{"id": "1", "description": "A"}]' }, h.ctx);
    assert.equal(result.error?.code, 'plan_mode_only');
    assert.match(result.error!.message, /^PlanTask is only available in plan mode/);
  });

  for (const tool of planTools) {
    it(`${tool.name}: doc, example and paramNames agree with the schema, and the example runs`, async () => {
      const shape = (tool.schema.def as unknown as { shape: Record<string, unknown> }).shape;
      assert.deepEqual([...tool.paramNames].sort(), Object.keys(shape).sort());
      assert.ok(tool.doc.startsWith(`## ${tool.name}\n`));
      for (const param of tool.paramNames) assert.ok(tool.doc.includes(`- ${param} (`), `${tool.name} documents ${param}`);
      assert.match(tool.doc, new RegExp(`Example(?: \\([^\\n]*\\))?:\\n<${tool.name}>\\n[\\s\\S]*\\n</${tool.name}>\\n$`));
      assert.match(tool.doc, /Task tool/);
      assert.equal(tool.kind, 'control');

      const parser = new XmlStreamParser({ tools: Object.fromEntries(planTools.map((t) => [t.name, t.paramNames])) });
      const example = tool.doc.slice(tool.doc.indexOf(`<${tool.name}>`));
      const call = [...parser.feed(example), ...parser.end()].find((e) => e.type === 'toolCallEnd');
      assert.ok(call?.type === 'toolCallEnd' && call.complete);
      plan.setPlan([{ id: '1', description: 'A', dependencies: [] }, { id: '2', description: 'B', dependencies: ['1'] }]);
      plan.fail('2', 'x');
      const result = await planRegistry.invoke(call.name, call.params, h.ctx);
      assert.equal(result.status, 'success', result.text);
    });
  }
});
