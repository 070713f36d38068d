import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import { refusesTools, wireProtocolOf, type ToolProtocolMemory } from '../../../../src/core/model/toolProtocol';
import { ModelError } from '../../../../src/core/ports/modelClient';
import { Settings } from '../../../../src/core/settings';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

function memory(): ToolProtocolMemory & { refused: string[] } {
  const refused: string[] = [];
  return { refused, refusesTools: (url, model) => refused.includes(`${url} ${model}`), rememberRefusal: (url, model) => { refused.push(`${url} ${model}`); } };
}

/** Spec §3 `model.toolProtocol: auto`: native calls, and xml once and for good where the endpoint refuses tools. */
describe('toolProtocol auto (spec §3)', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });

  it('tells a refusal of tools from other 400s', () => {
    const bad = (message: string, status = 400) => new ModelError('badRequest', `The endpoint rejected the request (${status}): ${message}`, status);
    assert.ok(refusesTools(bad('registry.ollama.ai/library/gemma3:4b does not support tools')));
    assert.ok(refusesTools(bad('Unrecognized request argument supplied: tools')));
    assert.ok(refusesTools(bad('tools is not supported for this model', 422)));
    assert.ok(refusesTools(bad('"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set... function calling is not enabled')));
    assert.equal(refusesTools(bad('Function call is missing a thought_signature in functionCall parts.')), false);
    assert.equal(refusesTools(bad('The `reasoning_content` in the thinking mode must be passed back to the API.')), false);
    assert.equal(refusesTools(bad('tools are not supported', 500)), false);
    assert.equal(refusesTools(new ModelError('rateLimit', 'tools not supported', 429)), false);
  });

  it('resolves auto to native, or to xml once remembered; an explicit protocol stays', () => {
    const known = memory();
    const model = Settings.parse({ model: { baseUrl: 'http://localhost:11434/v1', name: 'gemma3:4b' } }).model;
    assert.equal(wireProtocolOf(model, known), 'native');
    known.rememberRefusal('http://localhost:11434/v1', 'gemma3:4b');
    assert.equal(wireProtocolOf(model, known), 'xml');
    assert.equal(wireProtocolOf({ ...model, toolProtocol: 'native' }, known), 'native');
    assert.equal(wireProtocolOf({ ...model, name: 'qwen3:8b' }, known), 'native', 'per model');
  });

  it('a refusal sends the same request once more in xml, says so once, and the next turn starts in xml', async () => {
    const known = memory();
    scripted.server.enqueue(
      { fault: { kind: 'http', status: 400, message: 'registry.ollama.ai/library/gemma3:4b does not support tools' } },
      { text: '<Read><path>src/a.ts</path></Read>' },
      { text: 'a is 1.' },
      { text: 'Hi.' },
    );
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { model: { name: 'gemma3:4b', toolProtocol: 'auto' }, deps: { toolProtocols: known } });
    const events: AgentEvent[] = [];
    assert.equal(await session.send('what is a?', (e) => events.push(e)), 'answered');
    assert.equal(await session.send('hi', (e) => events.push(e)), 'answered');
    const tools = scripted.server.requests.map((r) => Array.isArray(r.body.tools));
    assert.deepEqual(tools, [true, false, false, false]);
    assert.equal(events.filter((e) => e.type === 'notice').length, 1);
    assert.equal(events.filter((e) => e.type === 'error').length, 0);
    assert.deepEqual(known.refused, [`${scripted.server.baseUrl} gemma3:4b`]);
    assert.match(scripted.server.requests[1]!.body.messages[0].content, /<Read>/, 'the xml system prompt');
  });

  it('a refusal with toolProtocol native is an error, not a silent switch', async () => {
    scripted.server.enqueue({ fault: { kind: 'http', status: 400, message: 'registry.ollama.ai/library/gemma3:4b does not support tools' } });
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { model: { name: 'gemma3:4b', toolProtocol: 'native' }, deps: { toolProtocols: memory() } });
    const events: AgentEvent[] = [];
    assert.equal(await session.send('what is a?', (e) => events.push(e)), 'error');
    assert.equal(scripted.server.requests.length, 1);
  });
});
