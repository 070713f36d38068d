import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import { childToolRegistry, isReadOnlyToolSet } from '../../../../src/core/subagents/childTools';
import { isChildRequest, messagesOf, of, parentRegistry, subagentKit, type WireMessage } from './subagentTestKit';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

const readOnly = ['Read', 'LS', 'Glob', 'Grep', 'TodoWrite', 'AttemptCompletion'];

describe('Task calls in one step: read-only children run concurrently, others one after another', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });

  /** Each child answers slowly (about 300 ms of streaming); returns when each child's request arrived and when it completed. */
  async function runTwoTasks(allowed: (name: string) => boolean) {
    scripted.server.setResponder((req) => {
      const body = req.body as { messages: WireMessage[] };
      if (isChildRequest(body)) {
        const goal = /# Goal\n(\w+)/.exec(body.messages[1]!.content)![1]!;
        return { text: `<AttemptCompletion><result>finished ${goal}</result></AttemptCompletion>`, chunkSize: 6, delayMs: 25 };
      }
      return body.messages.length === 2
        ? { text: '<Task><goal>alpha</goal></Task>\n<Task><goal>beta</goal></Task>' }
        : { text: 'both done' };
    });
    const timeline: { what: string; at: number }[] = [];
    const kit = subagentKit(scripted.server, scripted.ws, { allowed, isConcurrentSafe: (call) => call.name === 'Task' && isReadOnlyToolSet(kit.childTools) });
    const goalOf = new Map<string, string>();
    const outcome = await kit.runParent('two things', undefined, (e: AgentEvent) => {
      if (e.type === 'toolCall' && !e.partial) goalOf.set(e.callId, String(e.params.goal));
      if (e.type === 'subagent' && e.event.type === 'completion') timeline.push({ what: `done ${goalOf.get(e.parentCallId)}`, at: Date.now() });
    });
    for (const request of scripted.server.requests) {
      const body = request.body as { messages: WireMessage[] };
      if (isChildRequest(body)) timeline.push({ what: `asked ${/# Goal\n(\w+)/.exec(body.messages[1]!.content)![1]}`, at: request.receivedAt });
    }
    timeline.sort((a, b) => a.at - b.at);
    return { kit, outcome, order: timeline.map((t) => t.what) };
  }

  it('two read-only Task calls overlap: both children are asking the model before either finishes; results stay in call order', async () => {
    const { kit, outcome, order } = await runTwoTasks((name) => readOnly.includes(name));
    assert.ok(isReadOnlyToolSet(kit.childTools));
    assert.deepEqual(order.slice(0, 2).sort(), ['asked alpha', 'asked beta'], `timeline: ${order.join(', ')}`);
    assert.equal(outcome.end, 'answered');
    const results = messagesOf(scripted.server, scripted.server.requests.length - 1).slice(-2).map((m) => m.content);
    assert.match(results[0]!, /tool="Task" status="success">[\s\S]*finished alpha/);
    assert.match(results[1]!, /tool="Task" status="success">[\s\S]*finished beta/);
    assert.deepEqual(of(kit.events, 'toolResult').map((r) => r.summary.includes('alpha') ? 'alpha' : 'beta'), ['alpha', 'beta']);
  });

  it('Stop while two read-only children stream: both are cancelled and both Task calls are answered, in order', async () => {
    scripted.server.setResponder((req) => {
      const body = req.body as { messages: WireMessage[] };
      if (isChildRequest(body)) return { text: 'slowly '.repeat(100), chunkSize: 3, delayMs: 20 };
      return { text: '<Task><goal>alpha</goal></Task><Task><goal>beta</goal></Task>' };
    });
    const kit = subagentKit(scripted.server, scripted.ws, { allowed: (name) => readOnly.includes(name), isConcurrentSafe: (call) => call.name === 'Task' });
    const controller = new AbortController();
    const streaming = new Set<string>();
    const outcome = await kit.runParent('two things', controller, (e) => {
      if (e.type === 'subagent' && e.event.type === 'text' && !streaming.has(e.parentCallId)) {
        streaming.add(e.parentCallId);
        if (streaming.size === 2) controller.abort();
      }
    });
    assert.equal(streaming.size, 2, 'both children were streaming at once');
    assert.equal(outcome.end, 'cancelled');
    assert.deepEqual(kit.outcomes.map((o) => o.status), ['cancelled', 'cancelled']);
    assert.deepEqual(outcome.records.map((r) => r.kind), ['assistant', 'toolResult', 'toolResult']);
    assert.ok(outcome.records.slice(1).every((r) => /<tool_result tool="Task" status="cancelled">/.test(r.message.content)));
    assert.deepEqual(of(kit.events, 'toolResult').map((r) => r.status), ['cancelled', 'cancelled']);
  });

  it('Task calls whose children may edit run one after another', async () => {
    const { kit, order } = await runTwoTasks(() => true);
    assert.ok(!isReadOnlyToolSet(kit.childTools));
    assert.deepEqual(order, ['asked alpha', 'done alpha', 'asked beta', 'done beta']);
  });

  it('isReadOnlyToolSet: read tools with AttemptCompletion/TodoWrite only; an edit, command or question tool makes it false', () => {
    const parent = parentRegistry();
    assert.equal(isReadOnlyToolSet(childToolRegistry(parent, (n) => readOnly.includes(n))), true);
    for (const extra of ['Write', 'Bash', 'AskUser', 'Edit']) {
      assert.equal(isReadOnlyToolSet(childToolRegistry(parent, (n) => readOnly.includes(n) || n === extra)), false, extra);
    }
    assert.deepEqual(childToolRegistry(parent).names().filter((n) => ['Task', 'PlanTask', 'UpdateTaskStatus'].includes(n)), []);
  });
});
