import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

type Part = { type: string; text?: string; cache_control?: unknown };

/** Spec §3: a Claude model caches only what the request marks; a long turn must read its prefix from the cache. */
describe('cache marks on a Claude model (spec §3)', function () {
  this.timeout(30000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n'.repeat(50) });

  it('a 10-step turn: each request carries at most 4 marks, and from the second step on the prefix up to the last step is read from the cache', async () => {
    const steps = 10;
    for (let i = 1; i < steps; i++) scripted.server.enqueue({ toolCalls: [{ id: `toolu_${i}`, name: 'Read', arguments: '{"path":"src/a.ts"}' }] });
    scripted.server.enqueue({ text: 'Read it ten times.' });
    scripted.server.simulatePromptCache(true);
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { model: { name: 'anthropic/claude-sonnet-4.5', toolProtocol: 'native' } });
    const usage: Extract<AgentEvent, { type: 'tokenUsage' }>[] = [];
    assert.equal(await session.send('read a.ts ten times', (e) => { if (e.type === 'tokenUsage') usage.push(e); }), 'answered');

    const requests = scripted.server.requests;
    assert.equal(requests.length, steps);
    for (const request of requests) {
      const marks = (request.body.messages as { content: unknown }[]).flatMap((m) => (Array.isArray(m.content) ? m.content as Part[] : [])).filter((p) => p.cache_control);
      assert.ok(marks.length >= 1 && marks.length <= 4, `${marks.length} marks`);
    }
    const system = requests[0]!.body.messages[0] as { content: Part[] };
    assert.deepEqual(system.content.at(-1)!.cache_control, { type: 'ephemeral' }, 'the system prompt is the stable prefix');
    const cached = usage.map((u) => u.usage.cachedInputTokens ?? 0);
    assert.equal(cached[0], 0);
    for (let i = 1; i < steps; i++) {
      assert.ok(cached[i]! > cached[i - 1]!, `step ${i + 1} reads more from the cache than step ${i}: ${cached.join(', ')}`);
      assert.ok(cached[i]! >= 0.5 * usage[i]!.usage.inputTokens, `step ${i + 1}: most of its input comes from the cache (${cached[i]} of ${usage[i]!.usage.inputTokens})`);
    }
  });
});
