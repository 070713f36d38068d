import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { AgentSession } from '../../../../src/core/session/agentSession';
import { PendingApprovals } from '../../../../src/core/agent/pendingDecisions';
import type { AgentEvent } from '../../../../src/core/events';
import { createIdGenerator } from '../../../../src/core/ids';
import { Settings } from '../../../../src/core/settings';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { createNodeToolPorts } from '../../../../src/node/createNodeToolPorts';
import { OpenAiModelClient } from '../../../../src/node/openaiModelClient';
import { recordingClock } from '../../../support/recordingClock';
import type { WorkspaceFs } from '../../../../src/core/ports/workspaceFs';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';
import { until } from '../../../support/until';

type Ev<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>;

describe('AgentSession: the ReAct turn against the scripted server', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\nexport const b = 2;\n', 'README.md': '# demo\n' });

  function session(options: { model?: Record<string, unknown>; approval?: Record<string, unknown>; agent?: Record<string, unknown>; fs?: (fs: WorkspaceFs) => WorkspaceFs } = {}) {
    const settings = Settings.parse({
      model: { baseUrl: scripted.server.baseUrl, name: 'scripted-model', toolProtocol: 'xml', inputPricePerMTok: 2, outputPricePerMTok: 10, ...options.model },
      approval: options.approval,
      agent: options.agent,
    });
    const approvals = new PendingApprovals();
    const ports = createNodeToolPorts({ workspaceRoot: scripted.ws.root });
    const s = new AgentSession({
      model: () => new OpenAiModelClient({ baseUrl: scripted.server.baseUrl, apiKey: undefined }),
      clock: recordingClock(),
      settings: () => settings,
      tools: createDefaultToolRegistry(),
      ...ports,
      fs: options.fs ? options.fs(ports.fs) : ports.fs,
      approver: approvals,
      newId: createIdGenerator(() => 0, 't'),
      environment: () => ({ os: 'TestOS', shell: 'bash', workspaceRoot: scripted.ws.root }),
    });
    return { s, approvals };
  }

  async function run(s: AgentSession, text: string, onEvent: (e: AgentEvent) => void = () => {}) {
    const events: AgentEvent[] = [];
    const end = await s.send(text, (e) => { events.push(e); onEvent(e); });
    return { events, end };
  }

  const of = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) => events.filter((e) => e.type === type) as Ev<T>[];
  const messages = (i: number) => scripted.server.requests[i]!.body.messages as { role: string; content: string; tool_call_id?: string }[];

  it('answers a plain question in one call; the system prompt carries the tool docs and environment', async () => {
    scripted.server.enqueue({ text: 'Just an answer.', chunkSize: 4, usage: { prompt_tokens: 1000, completion_tokens: 500 } });
    const { s } = session();
    const { events, end } = await run(s, 'what is this?');
    assert.equal(end, 'answered');
    assert.equal(of(events, 'text').map((e) => e.delta).join(''), 'Just an answer.');
    assert.equal(of(events, 'tokenUsage')[0]!.cost, (1000 * 2 + 500 * 10) / 1e6);
    const sent = messages(0);
    assert.deepEqual(sent.map((m) => m.role), ['system', 'user']);
    assert.match(sent[0]!.content, /<Read>/);
    assert.match(sent[0]!.content, /AttemptCompletion/);
    assert.match(sent[0]!.content, /TestOS/);
    assert.deepEqual(s.messages.map((m) => [m.kind, m.role, m.content]), [['user', 'user', 'what is this?'], ['assistant', 'assistant', 'Just an answer.']]);
    assert.equal(s.messages[1]!.cost, 0.007);
    assert.equal(s.messages[1]!.usage?.inputTokens, 1000);
    assert.ok(s.messages.every((m) => m.id && m.createdAt > 0 && m.turnId === s.messages[0]!.turnId));
  });

  it('counts cached input from the SDK\'s usage at the cached price, per call and in the totals', async () => {
    scripted.server.enqueue(
      { text: 'Looking.\n<Read>\n<path>README.md</path>\n</Read>', usage: { prompt_tokens: 1000, completion_tokens: 100, cached_tokens: 0 } },
      { text: 'It is a demo.', usage: { prompt_tokens: 1200, completion_tokens: 50, cached_tokens: 1000 } },
    );
    const { s } = session({ model: { cachedInputPricePerMTok: 0.5 } });
    const { events } = await run(s, 'what is the readme?');
    const usages = of(events, 'tokenUsage');
    assert.deepEqual(usages.map((e) => e.usage.cachedInputTokens), [0, 1000]);
    assert.deepEqual(usages.map((e) => e.cost), [(1000 * 2 + 100 * 10) / 1e6, (200 * 2 + 1000 * 0.5 + 50 * 10) / 1e6]);
    const totals = s.usageTotals;
    assert.deepEqual({ ...totals, cost: Math.round(totals.cost * 1e9) / 1e9 }, { inputTokens: 2200, outputTokens: 150, cachedInputTokens: 1000, cost: 0.0044 });
    assert.equal(s.toConversation([]).totals.cachedInputTokens, 1000);
  });

  it('within a turn each request starts with the previous one whole, so a caching provider serves all of it again', async () => {
    scripted.server.simulatePromptCache(true);
    scripted.server.enqueue(
      { text: 'Looking.\n<Read>\n<path>README.md</path>\n</Read>' },
      { text: 'And.\n<Read>\n<path>src/a.ts</path>\n</Read>' },
      { text: 'Done: a demo.' },
    );
    const { s } = session();
    const { events } = await run(s, 'what is here?');
    const usages = of(events, 'tokenUsage').map((e) => e.usage);
    assert.equal(usages.length, 3);
    for (let i = 1; i < scripted.server.requests.length; i++) {
      const before = scripted.server.requests[i - 1]!.body.messages as unknown[];
      const now = scripted.server.requests[i]!.body.messages as unknown[];
      assert.deepEqual(now.slice(0, before.length), before, `request ${i + 1} resends request ${i} unchanged`);
      // The scripted server counts tokens as ceil(chars / 4) and cached ones as floor: one token of rounding.
      assert.ok(usages[i]!.cachedInputTokens! >= usages[i - 1]!.inputTokens - 1, `request ${i + 1}: ${JSON.stringify(usages[i])}`);
    }
    const totals = s.usageTotals;
    assert.ok(totals.cachedInputTokens! / totals.inputTokens > 0.6, `a 3-step turn is mostly cached: ${JSON.stringify(totals)}`);
  });

  it('reads, edits after approval, completes; the model sees full results, history keeps compressed records', async () => {
    scripted.server.enqueue(
      { text: 'Let me look.\n<Read>\n<path>src/a.ts</path>\n</Read>', chunkSize: 7 },
      { text: '<Edit>\n<path>src/a.ts</path>\n<old_string>export const b = 2;</old_string>\n<new_string>export const b = 3;</new_string>\n</Edit>', chunkSize: 9 },
      { text: '<AttemptCompletion>\n<result>Changed b to 3.</result>\n</AttemptCompletion>' },
    );
    const { s, approvals } = session();
    const { events, end } = await run(s, 'set b to 3', (e) => {
      if (e.type === 'approval' && e.phase === 'request') void until(() => approvals.decide(e.callId, { decision: 'accepted' }));
    });
    assert.equal(end, 'completed');
    assert.equal(await scripted.ws.read('src/a.ts'), 'export const a = 1;\nexport const b = 3;\n');
    const approval = of(events, 'approval');
    assert.deepEqual(approval.map((a) => [a.phase, a.tool, a.decision]), [['request', 'Edit', undefined], ['decision', 'Edit', 'accepted']]);
    assert.match(approval[0]!.detail, /-export const b = 2;\n\+export const b = 3;/);
    assert.deepEqual(of(events, 'toolResult').map((r) => [r.name, r.status]), [['Read', 'success'], ['Edit', 'success'], ['AttemptCompletion', 'success']]);
    assert.equal(new Set(of(events, 'toolResult').map((r) => r.callId)).size, 3, 'call ids are unique across the steps of a turn');
    assert.match(approval[0]!.detail, /^--- a\/src\/a\.ts/);
    assert.equal(of(events, 'completion')[0]!.result, 'Changed b to 3.');
    assert.ok(of(events, 'toolCall').some((c) => c.partial && c.name === 'Edit'), 'partial tool-call events while streaming');
    assert.equal(of(events, 'text').map((e) => e.delta).join(''), 'Let me look.\n', 'tool XML is not shown as text');

    // Request 2 carries the Read observation in full (numbered lines), request 3 the Edit's success.
    const second = messages(1);
    assert.equal(second.at(-2)!.role, 'assistant');
    assert.match(second.at(-1)!.content, /^<tool_result tool="Read" status="success">/);
    assert.match(second.at(-1)!.content, /2\texport const b = 2;|2→export const b = 2;|\s2[^\n]*export const b = 2;/);
    assert.match(messages(2).at(-1)!.content, /<tool_result tool="Edit" status="success">/);
    // The model got the full observation; history got the compressed record, and the two differ.
    const fullRead = second.at(-1)!.content;
    const storedRead = s.messages.find((m) => m.kind === 'toolResult' && m.toolName === 'Read')!.content;
    assert.match(fullRead, /src\/a\.ts: lines 1-2 of 2 \(mtime \d{4}-/, 'the full Read observation');
    assert.doesNotMatch(storedRead, /\(mtime \d{4}-/, 'history keeps the compressed record, not the observation');
    assert.notEqual(storedRead, fullRead);
    assert.ok(messages(2).some((m) => m.content === fullRead), 'later steps of the turn still see the full observation');
    assert.deepEqual(s.messages.map((m) => m.kind), ['user', 'assistant', 'toolResult', 'assistant', 'toolResult', 'assistant', 'toolResult']);
    assert.deepEqual(s.messages.filter((m) => m.kind === 'toolResult').map((m) => m.toolName), ['Read', 'Edit', 'AttemptCompletion']);
  });

  it('a rejected edit leaves the file unchanged and tells the model, with the feedback', async () => {
    scripted.server.enqueue(
      { text: '<Read><path>src/a.ts</path></Read>' },
      { text: '<Edit><path>src/a.ts</path><old_string>export const a = 1;</old_string><new_string>export const a = 42;</new_string></Edit>' },
      { text: 'Understood, leaving it.' },
    );
    const { s, approvals } = session();
    const { events, end } = await run(s, 'change a', (e) => {
      if (e.type === 'approval' && e.phase === 'request') void until(() => approvals.decide(e.callId, { decision: 'rejected', feedback: 'keep a at 1, use a new constant' }));
    });
    assert.equal(end, 'answered');
    assert.equal(await scripted.ws.read('src/a.ts'), 'export const a = 1;\nexport const b = 2;\n');
    assert.equal(of(events, 'toolResult')[1]!.status, 'rejected');
    const told = messages(2).at(-1)!.content;
    assert.match(told, /status="error"/);
    assert.match(told, /reject/i);
    assert.match(told, /keep a at 1, use a new constant/);
  });

  it('with autoApproveReadOnly off, a Read waits for approval and a rejection reaches the model', async () => {
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { text: 'ok' });
    const { s, approvals } = session({ approval: { autoApproveReadOnly: false } });
    const { events } = await run(s, 'read it', (e) => {
      if (e.type === 'approval' && e.phase === 'request') void until(() => approvals.decide(e.callId, { decision: 'rejected', feedback: 'not that file' }));
    });
    const request = of(events, 'approval')[0]!;
    assert.equal(request.tool, 'Read');
    assert.match(request.detail, /path: src\/a\.ts/);
    assert.equal(of(events, 'toolResult')[0]!.status, 'rejected');
    assert.match(messages(1).at(-1)!.content, /rejected this Read\. Feedback: not that file/);
  });

  it('read-only tools run without asking by default', async () => {
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { text: 'ok' });
    const { s } = session();
    const { events } = await run(s, 'read it');
    assert.equal(of(events, 'approval').length, 0);
    assert.equal(of(events, 'toolResult')[0]!.status, 'success');
  });

  it('unknown tools and invalid parameters go back to the model as errors and the loop goes on', async () => {
    scripted.server.enqueue(
      { text: '<Read><offset>abc</offset></Read>' },
      { text: 'done' },
    );
    const { s } = session();
    const { end } = await run(s, 'x');
    assert.equal(end, 'answered');
    const told = messages(1).at(-1)!.content;
    assert.match(told, /invalid_params|Invalid parameters for Read/);
    assert.match(told, /path/);
  });

  it('an unknown native tool goes back to the model as unknown_tool', async () => {
    scripted.server.enqueue({ toolCalls: [{ id: 'c1', name: 'DeleteEverything', arguments: '{}' }] }, { text: 'sorry' });
    const { s } = session({ model: { toolProtocol: 'native' } });
    const { end, events } = await run(s, 'x');
    assert.equal(end, 'answered');
    assert.equal(of(events, 'toolResult')[0]!.status, 'error');
    assert.match(messages(1).at(-1)!.content, /Unknown tool 'DeleteEverything'. Available tools: Read, Write/);
  });

  it('native tool call with broken JSON arguments: the model is told, and the call/result pair stays valid', async () => {
    scripted.server.enqueue({ toolCalls: [{ id: 'c_bad', name: 'Read', arguments: '{"path": "src/a.ts"' }] }, { text: 'retrying later' });
    const { s } = session({ model: { toolProtocol: 'native' } });
    const { end, events } = await run(s, 'x');
    assert.equal(end, 'answered');
    assert.equal(of(events, 'toolResult')[0]!.status, 'error');
    const second = scripted.server.requests[1]!.body.messages as { role: string; content: string; tool_call_id?: string; tool_calls?: { id: string; function: { arguments: string } }[] }[];
    assert.equal(second.at(-2)!.tool_calls![0]!.id, 'c_bad');
    assert.equal(second.at(-2)!.tool_calls![0]!.function.arguments, '{"path": "src/a.ts"');
    assert.equal(second.at(-1)!.tool_call_id, 'c_bad');
    assert.match(second.at(-1)!.content, /not a valid JSON object/);
  });

  it('an XML call cut off by the end of the stream is reported as incomplete', async () => {
    scripted.server.enqueue({ text: '<Read><path>src/a.ts</path>' }, { text: 'ok' });
    const { s } = session();
    await run(s, 'x');
    // Tool results never carry our own tags raw (untrustedMarkup), our own messages included.
    assert.match(messages(1).at(-1)!.content, /cut off before its closing tag &lt;\/Read>/);
  });

  it('refuses a path outside the workspace with a clear error', async () => {
    scripted.server.enqueue({ text: '<Read><path>../../etc/passwd</path></Read>' }, { text: 'ok' });
    const { s } = session();
    await run(s, 'x');
    assert.match(messages(1).at(-1)!.content, /outside the workspace/);
  });

  it('cancel during a running command kills it and leaves a paired, cancelled record', async () => {
    scripted.server.enqueue({ text: '<Bash><command>echo running; sleep 30</command></Bash>' }, { text: 'never requested' });
    const { s } = session({ approval: { autoApproveCommands: true } });
    let cancelled = 0;
    const { end, events } = await run(s, 'wait', (e) => {
      if (e.type === 'toolOutput' && !cancelled) { cancelled = Date.now(); s.cancel(); } // it runs: Stop
    });
    assert.equal(end, 'cancelled');
    assert.ok(cancelled > 0 && Date.now() - cancelled < 10_000, 'the sleep (30 s) was killed');
    assert.equal(of(events, 'toolResult')[0]!.status, 'cancelled');
    assert.equal(scripted.server.requests.length, 1);
    const last = s.messages.at(-1)!;
    assert.match(last.content, /<tool_result tool="Bash" status="cancelled">/);
  });

  it("a running command's output reaches the card while it runs, and its result carries the exit code and output tail", async () => {
    // "second" comes once the test has seen "first" on the card (the file `go`), however slow the machine.
    scripted.server.enqueue({ text: "<Bash><command>echo first; while [ ! -f go ]; do sleep 0.05; done; echo second; exit 3</command></Bash>" }, { text: 'It failed with 3.' });
    const { s } = session({ approval: { autoApproveCommands: true } });
    const { events } = await run(s, 'run it', (e) => {
      if (e.type === 'toolOutput' && e.tail === 'first') void fsp.writeFile(path.join(scripted.ws.root, 'go'), '');
    });
    const outputs = of(events, 'toolOutput');
    const result = of(events, 'toolResult')[0]!;
    assert.ok(outputs.some((o) => o.tail === 'first'), `the first line is reported before the command ends: ${JSON.stringify(outputs)}`);
    assert.ok(events.indexOf(outputs[0]!) < events.indexOf(result), 'output events come before the result');
    assert.equal(outputs[0]!.callId, result.callId);
    assert.equal(result.status, 'error');
    assert.equal(result.detail?.exitCode, 3);
    assert.equal(result.detail?.outputTail, 'first\nsecond');
  });

  it('stops at maxIterations with a visible error', async () => {
    scripted.server.setResponder(() => ({ text: '<LS><path>.</path></LS>' }));
    const { s } = session({ agent: { maxIterations: 3 } });
    const { end, events } = await run(s, 'loop forever');
    assert.equal(end, 'maxIterations');
    assert.equal(scripted.server.requests.length, 3);
    assert.match(of(events, 'error')[0]!.message, /maxIterations/);
  });

  it('native protocol: sends tools, maps tool_calls, answers with tool messages', async () => {
    scripted.server.enqueue(
      { toolCalls: [{ id: 'call_r', name: 'Read', arguments: '{"path":"README.md"}' }], chunkSize: 5 },
      { text: 'It is a demo.' },
    );
    const { s } = session({ model: { toolProtocol: 'native' } });
    const { end, events } = await run(s, 'what is the readme?');
    assert.equal(end, 'answered');
    const tools = scripted.server.requests[0]!.body.tools as { function: { name: string; parameters: { properties: Record<string, unknown> } } }[];
    assert.ok(tools.some((t) => t.function.name === 'Read' && 'path' in t.function.parameters.properties));
    const second = messages(1);
    assert.equal(second.at(-1)!.role, 'tool');
    assert.equal(second.at(-1)!.tool_call_id, 'call_r');
    assert.match(second.at(-1)!.content, /# demo/);
    assert.equal(of(events, 'toolResult')[0]!.status, 'success');
  });

  for (const scenario of [{ label: 'without ids', id: null }, { label: 'repeating one id', id: 'call_0' }] as const) {
    it(`native tool calls ${scenario.label}: every call of every step and turn gets its own card id, and the wire pairs stay consistent`, async () => {
      const read = (path: string) => ({ id: scenario.id, name: 'Read', arguments: JSON.stringify({ path }) });
      scripted.server.enqueue(
        { toolCalls: [read('README.md'), read('src/a.ts')] },
        { toolCalls: [read('src/a.ts')] },
        { text: 'done' },
        { toolCalls: [read('README.md')] },
        { text: 'done again' },
      );
      const { s } = session({ model: { toolProtocol: 'native' } });
      const first = await run(s, 'read twice');
      const second = await run(s, 'once more');
      const ids = [...first.events, ...second.events].filter((e) => e.type === 'toolCall' && !e.partial).map((e) => (e as Ev<'toolCall'>).callId);
      assert.equal(ids.length, 4);
      assert.equal(new Set(ids).size, 4, `ids collide: ${ids.join(', ')}`);
      const results = [...first.events, ...second.events].filter((e) => e.type === 'toolResult').map((e) => (e as Ev<'toolResult'>).callId);
      assert.deepEqual(results, ids);
      // What goes back to the provider: each tool message answers a call of the assistant message before it.
      const last = scripted.server.requests.at(-1)!.body.messages as { role: string; tool_call_id?: string; tool_calls?: { id: string }[] }[];
      const called = last.flatMap((m) => m.tool_calls?.map((c) => c.id) ?? []);
      const answered = last.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
      assert.deepEqual(answered, called);
      assert.equal(new Set(called).size, 4);
      if (scenario.id) assert.equal(called[0], 'call_0', "the provider's own id is kept when it is new");
    });
  }

  it('Stop interrupts input preprocessing (an @file: walk that never finishes): nothing is sent, nothing stored, the text stays visible', async () => {
    let walking = 0;
    const { s } = session({ fs: (fs) => ({ ...fs, root: fs.root, readDir: () => { walking++; return new Promise(() => {}); } }) });
    const pending = run(s, 'explain @file:helpers please');
    await until(() => walking > 0, { message: 'the walk under way' });
    assert.equal(s.busy, true);
    s.cancel();
    const { events, end } = await pending; // the walk never ends: only Stop ends the turn
    assert.equal(end, 'cancelled');
    assert.equal(scripted.server.requests.length, 0);
    assert.deepEqual(s.messages, []);
    assert.equal(s.busy, false);
    assert.deepEqual(events.map((e) => e.type), ['turnStarted', 'error', 'turnEnded']);
    assert.equal(of(events, 'turnStarted')[0]!.userText, 'explain @file:helpers please');
    assert.match(of(events, 'error')[0]!.message, /nothing was sent to the model/);
  });

  it('a huge Write stays whole in the scratchpad but is elided in history', async () => {
    const body = 'x'.repeat(10_000);
    scripted.server.enqueue({ text: `<Write><path>big.txt</path><content>${body}</content></Write>`, chunkSize: 512 }, { text: 'written' });
    const { s } = session({ approval: { autoApproveEdits: true } });
    await run(s, 'write it');
    assert.equal(await scripted.ws.read('big.txt'), body);
    assert.ok(messages(1).some((m) => m.role === 'assistant' && m.content.includes(body)));
    const recorded = s.messages.find((m) => m.role === 'assistant')!.content;
    assert.ok(recorded.length < 3000, `history record is ${recorded.length} chars`);
    assert.match(recorded, /more characters not kept in history/);
  });
});
