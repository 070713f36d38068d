import { strict as assert } from 'node:assert';
import { isChildRequest, messagesOf, of, RecordingPlan, subagentKit } from './subagentTestKit';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

const completeWith = (result: string) => `<AttemptCompletion><result>${result}</result></AttemptCompletion>`;

describe('Task tool and sub-agents against the scripted server', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n', 'docs/notes.md': '# notes\n' });

  it("the child's first message holds goal, context summary, resources and hints under their headings, and nothing else of the parent", async () => {
    scripted.server.enqueue(
      { text: '<Task>\n<goal>Find where a is defined</goal>\n<resources>\n./src/a.ts\ndocs/notes.md\n</resources>\n<hints>It is a TypeScript constant.</hints>\n<context_summary>The user wants to rename a.</context_summary>\n</Task>' },
      { text: completeWith('a is in src/a.ts line 1') },
      { text: 'Done.' },
    );
    const kit = subagentKit(scripted.server, scripted.ws);
    const outcome = await kit.runParent('please rename a, delegate the search');
    assert.equal(outcome.end, 'answered');
    const child = messagesOf(scripted.server, 1);
    assert.deepEqual(child.map((m) => m.role), ['system', 'user'], 'the child starts with an empty history');
    const first = child[1]!.content;
    assert.match(first, /# Goal\nFind where a is defined/);
    assert.match(first, /# Context summary\nThe user wants to rename a\./);
    assert.match(first, /# Resources\nRead these first, with the Read tool, before anything else[^\n]*\n- src\/a\.ts\n- docs\/notes\.md/);
    assert.match(first, /# Hints\nIt is a TypeScript constant\./);
    assert.ok(first.indexOf('# Goal') < first.indexOf('# Context summary') && first.indexOf('# Resources') < first.indexOf('# Hints'));
    assert.doesNotMatch(first, /please rename a/, 'the parent conversation stays out of the child');
    assert.deepEqual(kit.requests[0]!.resources, ['src/a.ts', 'docs/notes.md']);
  });

  it('without a context summary, the host-written fallback is used; empty sections are left out', async () => {
    scripted.server.enqueue({ text: '<Task><goal>Count files</goal></Task>' }, { text: completeWith('2 files') }, { text: 'ok' });
    const kit = subagentKit(scripted.server, scripted.ws, { fallbackContextSummary: () => 'HOST SUMMARY of the recent history' });
    await kit.runParent('count');
    const first = messagesOf(scripted.server, 1)[1]!.content;
    assert.match(first, /# Context summary\nHOST SUMMARY of the recent history/);
    assert.doesNotMatch(first, /# Resources|# Hints/);
  });

  it("xml: the child's tool docs lack PlanTask, UpdateTaskStatus, Task and what the named agent denies", async () => {
    scripted.server.enqueue({ text: '<Task><goal>look around</goal></Task>' }, { text: completeWith('looked') }, { text: 'ok' });
    const kit = subagentKit(scripted.server, scripted.ws, { allowed: (name) => name !== 'Bash' });
    await kit.runParent('go');
    const parentSystem = messagesOf(scripted.server, 0)[0]!.content;
    const childSystem = messagesOf(scripted.server, 1)[0]!.content;
    for (const name of ['Task', 'PlanTask', 'UpdateTaskStatus', 'Bash']) {
      assert.match(parentSystem, new RegExp(`^## ${name}$`, 'm'), `the parent is offered ${name}`);
      assert.doesNotMatch(childSystem, new RegExp(`^## ${name}$`, 'm'), `the child is not offered ${name}`);
    }
    assert.match(childSystem, /^## Read$/m);
    assert.match(childSystem, /^## AttemptCompletion$/m);
  });

  it("native: the child's `tools` lack the parent-only and denied tools; a Task attempted by the child is an unknown tool", async () => {
    scripted.server.enqueue(
      { toolCalls: [{ id: 'p1', name: 'Task', arguments: '{"goal":"inspect","resources":["src/a.ts"]}' }] },
      { toolCalls: [{ id: 'c1', name: 'Task', arguments: '{"goal":"recurse"}' }] },
      { toolCalls: [{ id: 'c2', name: 'AttemptCompletion', arguments: '{"result":"no recursion"}' }] },
      { text: 'ok' },
    );
    const kit = subagentKit(scripted.server, scripted.ws, { protocol: 'native', allowed: (name) => name !== 'Write' });
    await kit.runParent('go');
    const names = (i: number) => (scripted.server.requests[i]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
    assert.ok(['Task', 'PlanTask', 'UpdateTaskStatus', 'Write'].every((n) => names(0).includes(n)));
    assert.deepEqual(names(1).filter((n) => ['Task', 'PlanTask', 'UpdateTaskStatus', 'Write'].includes(n)), []);
    assert.ok(names(1).includes('Read') && names(1).includes('Edit'));
    assert.match(messagesOf(scripted.server, 2).at(-1)!.content, /Unknown tool 'Task'/);
    assert.equal(kit.requests.length, 1, 'only the parent started a child');
  });

  it("AttemptCompletion's result becomes the Task result text, with the files the child changed and its steps", async () => {
    scripted.server.enqueue(
      { text: '<Task><goal>set a to 2</goal><resources>["src/a.ts"]</resources></Task>' },
      { text: '<Read><path>src/a.ts</path></Read>' },
      { text: '<Edit><path>src/a.ts</path><old_string>a = 1</old_string><new_string>a = 2</new_string></Edit>' },
      { text: completeWith('Set a to 2 in src/a.ts.') },
      { text: 'All done.' },
    );
    const kit = subagentKit(scripted.server, scripted.ws);
    const outcome = await kit.runParent('set a to 2 via a sub-agent');
    assert.equal(await scripted.ws.read('src/a.ts'), 'export const a = 2;\n');
    const told = messagesOf(scripted.server, 4).at(-1)!.content;
    assert.match(told, /^<tool_result tool="Task" status="success">/);
    assert.match(told, /Result:\nSet a to 2 in src\/a\.ts\./);
    assert.match(told, /Files changed: src\/a\.ts/);
    assert.match(told, /\(3 steps,/);
    assert.deepEqual(kit.outcomes[0]!.filesChanged, ['src/a.ts']);
    assert.equal(kit.outcomes[0]!.end, 'completed');
    assert.deepEqual(kit.outcomes[0]!.records!.map((r) => r.kind), ['assistant', 'toolResult', 'assistant', 'toolResult', 'assistant', 'toolResult']);
    const record = outcome.records.find((r) => r.toolName === 'Task')!;
    const stored = JSON.parse(record.message.content.replace(/^<tool_result[^>]*>\n/, '').replace(/\n<\/tool_result>$/, '')) as Record<string, unknown>;
    assert.deepEqual(stored, { status: 'success', data: { status: 'completed', filesChanged: ['src/a.ts'], result: 'Set a to 2 in src/a.ts.' } });
  });

  it("a child that ends with a plain answer: its last answer is the Task's result", async () => {
    scripted.server.enqueue({ text: '<Task><goal>say hi</goal></Task>' }, { text: 'Hi from the child.' }, { text: 'ok' });
    const kit = subagentKit(scripted.server, scripted.ws);
    await kit.runParent('go');
    assert.match(messagesOf(scripted.server, 2).at(-1)!.content, /status="success">[\s\S]*Result:\nHi from the child\./);
  });

  it("a child whose model call fails beyond retries makes the Task an error result carrying the child's error", async () => {
    scripted.server.enqueue(
      { text: '<Task><goal>doomed</goal></Task>' },
      { fault: { kind: 'http', status: 500, message: 'upstream exploded' } },
      { fault: { kind: 'http', status: 500, message: 'upstream exploded' } },
      { text: 'The sub-agent failed.' },
    );
    const kit = subagentKit(scripted.server, scripted.ws);
    const { end } = await kit.runParent('go');
    assert.equal(end, 'answered', 'the parent goes on');
    assert.equal(scripted.server.requests.length, 4);
    const told = messagesOf(scripted.server, 3).at(-1)!.content;
    assert.match(told, /^<tool_result tool="Task" status="error">\nError \(subagent_failed\): The sub-agent failed: The sub-agent stopped on an error: [^\n]*upstream exploded/);
    assert.equal(of(kit.events, 'toolResult').find((r) => r.name === 'Task')!.status, 'error');
    assert.equal(kit.outcomes[0]!.end, 'error');
  });

  it('a child that hits maxIterations makes the Task an error result that says so', async () => {
    scripted.server.enqueue({ text: '<Task><goal>loop</goal></Task>' });
    scripted.server.setResponder((req) => (isChildRequest(req.body) ? { text: '<LS><path>.</path></LS>' } : { text: 'gave up' }));
    const kit = subagentKit(scripted.server, scripted.ws, { agent: { maxIterations: 2 } });
    await kit.runParent('go');
    const told = messagesOf(scripted.server, 3).at(-1)!.content;
    assert.match(told, /status="error">\nError \(subagent_failed\): [^\n]*maxIterations: it stopped after 2 model calls/);
    assert.equal(kit.outcomes[0]!.status, 'failed');
    assert.equal(kit.outcomes[0]!.end, 'maxIterations');
  });

  it("Stop while the child streams: the child is cancelled, the Task result is cancelled, every tool call is answered", async () => {
    scripted.server.enqueue(
      { text: '<Task><goal>slow</goal></Task>' },
      { text: 'thinking very slowly '.repeat(40), chunkSize: 4, delayMs: 20 },
    );
    const kit = subagentKit(scripted.server, scripted.ws);
    const controller = new AbortController();
    let childStreaming = false;
    const outcome = await kit.runParent('go', controller, (e) => {
      if (e.type === 'subagent' && e.event.type === 'text' && !childStreaming) {
        childStreaming = true;
        setImmediate(() => controller.abort());
      }
    });
    assert.ok(childStreaming);
    assert.equal(outcome.end, 'cancelled');
    assert.equal(scripted.server.requests.length, 2, 'nothing was asked after the stop');
    assert.equal(kit.outcomes[0]!.status, 'cancelled');
    assert.equal(of(kit.events, 'toolResult').find((r) => r.name === 'Task')!.status, 'cancelled');
    assert.deepEqual(outcome.records.map((r) => r.kind), ['assistant', 'toolResult'], 'the Task call has its answer');
    assert.match(outcome.records[1]!.message.content, /<tool_result tool="Task" status="cancelled">/);
    const childRecords = kit.outcomes[0]!.records!;
    assert.match(childRecords.at(-1)!.message.content, /\[stopped by the user\]$/);
    assert.equal(of(kit.events, 'subagentStatus').at(-1)!.status, 'cancelled');
  });

  it("the child's events arrive wrapped with the Task's call id; its status, steps and usage are reported; usage reaches onUsage", async () => {
    scripted.server.enqueue(
      { text: '<Task><goal>read a</goal></Task>', usage: { prompt_tokens: 100, completion_tokens: 10 } },
      { text: 'Reading.<Read><path>src/a.ts</path></Read>', usage: { prompt_tokens: 1000, completion_tokens: 50 } },
      { text: completeWith('a = 1'), usage: { prompt_tokens: 1200, completion_tokens: 30 } },
      { text: 'ok' },
    );
    const kit = subagentKit(scripted.server, scripted.ws);
    await kit.runParent('go');
    const taskCall = of(kit.events, 'toolCall').find((c) => c.name === 'Task' && !c.partial)!;
    const nested = of(kit.events, 'subagent');
    assert.ok(nested.length > 0);
    assert.ok(nested.every((e) => e.parentCallId === taskCall.callId));
    assert.ok(nested.some((e) => e.event.type === 'text' && e.event.delta.includes('Reading')));
    assert.ok(nested.some((e) => e.event.type === 'toolResult' && e.event.name === 'Read' && e.event.status === 'success'));
    assert.ok(nested.some((e) => e.event.type === 'completion' && e.event.result === 'a = 1'));
    assert.ok(!of(kit.events, 'toolCall').some((c) => c.name === 'Read'), "the child's calls are not shown as the parent's");
    assert.deepEqual(kit.usages.map((u) => ({ inputTokens: u.inputTokens, outputTokens: u.outputTokens })), [{ inputTokens: 1000, outputTokens: 50 }, { inputTokens: 1200, outputTokens: 30 }]);
    const expectedCost = (2200 * 2 + 80 * 10) / 1e6;
    assert.deepEqual(kit.outcomes[0]!.usage, { inputTokens: 2200, outputTokens: 80, cost: expectedCost });
    const statuses = of(kit.events, 'subagentStatus');
    assert.deepEqual([statuses[0]!.status, statuses[0]!.steps], ['running', 0]);
    assert.deepEqual(statuses.at(-1), { type: 'subagentStatus', parentCallId: taskCall.callId, agent: undefined, status: 'completed', steps: 2, usage: { inputTokens: 2200, outputTokens: 80, cost: expectedCost } });
  });

  it('with a task_id the plan is started, then completed with the result, and the Task result ends with the plan footer', async () => {
    scripted.server.enqueue({ text: '<Task><goal>do 2</goal><task_id>2</task_id></Task>' }, { text: completeWith('two is done') }, { text: 'ok' });
    const plan = new RecordingPlan();
    const kit = subagentKit(scripted.server, scripted.ws, { plan });
    await kit.runParent('go');
    assert.deepEqual(plan.calls, ['start 2', 'complete 2: two is done']);
    assert.match(messagesOf(scripted.server, 2).at(-1)!.content, /two is done[\s\S]*PLAN FOOTER\nCurrent Task: next one \(ID: 3\)\n<\/tool_result>$/);
  });

  it('a failed child fails its plan task; a task the plan refuses to start never starts a child', async () => {
    scripted.server.enqueue({ text: '<Task><goal>do 2</goal><task_id>2</task_id></Task>' }, { fault: { kind: 'http', status: 400, message: 'bad' } }, { text: 'ok' });
    const failing = new RecordingPlan();
    await subagentKit(scripted.server, scripted.ws, { plan: failing }).runParent('go');
    assert.equal(failing.calls.length, 2);
    assert.match(failing.calls[1]!, /^fail 2: The sub-agent stopped on an error: .*bad/);

    scripted.server.reset();
    scripted.server.enqueue({ text: '<Task><goal>do 9</goal><task_id>9</task_id></Task>' }, { text: 'ok' });
    const refusing = new RecordingPlan('Task 9 waits for task 4.');
    const kit = subagentKit(scripted.server, scripted.ws, { plan: refusing });
    await kit.runParent('go');
    assert.deepEqual(refusing.calls, ['start 9']);
    assert.equal(kit.requests.length, 0);
    assert.equal(scripted.server.requests.length, 2, 'no child request');
    assert.match(messagesOf(scripted.server, 1).at(-1)!.content, /status="error">\nError \(plan_task\): Task 9 waits for task 4\.\n\nPLAN FOOTER/);
  });
});
