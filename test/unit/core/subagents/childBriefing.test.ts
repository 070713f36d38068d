import { strict as assert } from 'node:assert';
import type { HistoryMessage } from '../../../../src/core/history/historyMessage';
import { estimateTokens } from '../../../../src/core/history/tokenEstimate';
import { childInitialMessage } from '../../../../src/core/subagents/childInitialMessage';
import { defaultContextSummary } from '../../../../src/core/subagents/defaultContextSummary';
import { normaliseResources, taskTool } from '../../../../src/core/subagents/taskTool';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { makeHarness, TempWorkspace } from '../tools/toolTestKit';

let seq = 0;
const msg = (kind: HistoryMessage['kind'], content: string, extra: Partial<HistoryMessage> = {}): HistoryMessage => ({
  id: `m${seq++}`, createdAt: seq, kind, role: kind === 'assistant' ? 'assistant' : kind === 'summary' ? 'system' : 'user', content, ...extra,
});

describe("the child's briefing", () => {
  it('puts each clue under its own heading, in order, and leaves out empty ones', () => {
    const full = childInitialMessage({ goal: ' Fix the parser ', contextSummary: 'We found a bug.', resources: ['src/p.ts', 'test/'], hints: 'Check tags split across chunks.' });
    assert.match(full, /# Goal\nFix the parser\n\n# Context summary\nWe found a bug\.\n\n# Resources\nRead these first, with the Read tool, before anything else[^\n]*\n- src\/p\.ts\n- test\/\n\n# Hints\nCheck tags split across chunks\.$/);
    const bare = childInitialMessage({ goal: 'Fix it', contextSummary: '  ', resources: [], hints: '' });
    assert.match(bare, /# Goal\nFix it$/);
    assert.doesNotMatch(bare, /# Context summary|# Resources|# Hints/);
  });

  it('normalises resources: one per line or a list, without ./ or @, each once', () => {
    assert.deepEqual(normaliseResources(['./src/a.ts\n\n  @docs/b.md  ', 'src/a.ts', '- ./././c.ts', '`d.ts`', '.']), ['src/a.ts', 'docs/b.md', 'c.ts', 'd.ts']);
  });

  it('Task inside a sub-agent (no runSubagent) is an error result, not a recursion', async () => {
    const ws = await TempWorkspace.create();
    try {
      const h = makeHarness(ws);
      const result = await new ToolRegistry([taskTool]).invoke('Task', { goal: 'anything' }, h.ctx);
      assert.equal(result.status, 'error');
      assert.match(result.text, /Task is not available inside a sub-agent/);
    } finally {
      await ws.cleanup();
    }
  });
});

describe('defaultContextSummary', () => {
  it('holds the current request and the latest records, oldest first, without the tool_result wrapper', () => {
    const history = [
      msg('user', 'old question'),
      msg('assistant', 'old answer'),
      msg('user', 'rename a to alpha everywhere'),
      msg('assistant', 'Searching.\n<Grep><pattern>\\ba\\b</pattern></Grep>'),
      msg('toolResult', '<tool_result tool="Grep" status="success">\n{"status":"success","data":{"hits":3}}\n</tool_result>', { toolName: 'Grep' }),
    ];
    const summary = defaultContextSummary(history);
    assert.match(summary, /^The user's current request:\nrename a to alpha everywhere\n\nRecent history, oldest first:\nUser: old question\nAssistant: old answer\nAssistant: Searching\. <Grep>[^\n]*\nGrep result: \{"status":"success","data":\{"hits":3\}\}$/);
  });

  it('keeps the newest records within the token budget and says that earlier ones were left out', () => {
    const history = [msg('user', 'do it')];
    for (let i = 0; i < 40; i++) history.push(msg('assistant', `step ${i} ${'x'.repeat(150)}`));
    const summary = defaultContextSummary(history, 300);
    assert.ok(estimateTokens(summary) <= 300 + 20, `${estimateTokens(summary)} tokens`);
    assert.match(summary, /earlier messages left out/);
    assert.match(summary, /step 39 x+$/);
    assert.doesNotMatch(summary, /step 0 /);
    assert.match(summary, /^The user's current request:\ndo it/);
  });

  it('a huge request takes at most half the budget; nothing at all gives an empty summary', () => {
    const summary = defaultContextSummary([msg('user', 'y'.repeat(30_000)), msg('assistant', 'working on it')], 1500);
    assert.ok(estimateTokens(summary) <= 1500);
    assert.match(summary, /request shortened[\s\S]*Assistant: working on it/);
    assert.equal(defaultContextSummary([]), '');
  });
});
