import { strict as assert } from 'node:assert';
import { CommandCatalog } from '../../../../src/core/commands/commandCatalog';
import { loadCommands } from '../../../../src/core/commands/commandLoader';
import type { AgentEvent } from '../../../../src/core/events';
import type { UserInputPrompt } from '../../../../src/core/ports/userInput';
import type { AgentSession } from '../../../../src/core/session/agentSession';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

describe('slash commands: the turn a command file runs', function () {
  this.timeout(15000);
  const scripted = useScriptedWorkspace({
    'src/a.ts': 'export const a = 1;\n',
    '.claude/commands/explain.md': '---\ndescription: Explain a file\nargument-hint: [file] [how]\nallowed-tools: Read, Grep\n---\nExplain @$1, $2. All: "$ARGUMENTS"\n',
    '.github/prompts/component.prompt.md': "---\ndescription: 'New component'\n---\nCreate ${input:name:Button} in ${input:folder:src/ui}.\n",
    '.codeagent/commands/roadmap.md': '---\nagent: plan\n---\nPlan: $ARGUMENTS\n',
    '.codeagent/commands/cheap.md': '---\nmodel: small-model\n---\nSummarise $ARGUMENTS\n',
    '.codeagent/commands/ghost.md': '---\nagent: nobody\n---\nHello\n',
    '.claude/commands/scout.md': '---\nagent: plan\nallowed-tools: Bash, Write, Read\n---\nScout $ARGUMENTS\n',
  });

  function session(inputs?: UserInputPrompt, toolProtocol: 'xml' | 'native' = 'xml', approval?: Record<string, unknown>) {
    const catalog = new CommandCatalog(() => loadCommands({ project: new NodeWorkspaceFs(scripted.ws.root) }));
    void catalog.reload();
    return scriptedAgentSession(scripted.server, scripted.ws.root, { model: { toolProtocol }, approval, deps: { slashCommands: catalog, userInput: inputs } }).session;
  }
  const run = async (s: AgentSession, text: string) => {
    const events: AgentEvent[] = [];
    await s.send(text, (e) => events.push(e));
    return events;
  };
  const sent = (i: number) => scripted.server.requests[i]!.body.messages as { role: string; content: string }[];

  it('shows /name args, sends the expanded prompt with its @path reminder, and offers only the allowed tools', async () => {
    scripted.server.enqueue({ text: 'Done.' });
    const s = session();
    const events = await run(s, '/explain src/a.ts carefully');
    const started = events.find((e) => e.type === 'turnStarted');
    assert.ok(started?.type === 'turnStarted');
    assert.equal(started.userText, '/explain src/a.ts carefully');
    const [system, user] = sent(0);
    assert.match(user!.content, /^Explain @src\/a\.ts, carefully\. All: "src\/a\.ts carefully"/);
    assert.match(user!.content, /The user mentioned @src\/a\.ts\./);
    assert.match(system!.content, /<Read>/);
    assert.match(system!.content, /<Grep>/);
    assert.doesNotMatch(system!.content, /<Write>|<Bash>|<Edit>/);
    assert.equal(s.messages[0]!.content, user!.content, 'history keeps what the model was sent');
  });

  it('a tool outside allowed-tools is refused where it is invoked, not only left out of the prompt', async () => {
    scripted.server.enqueue({ toolCalls: [{ id: 'c1', name: 'Bash', arguments: '{"command":"touch pwned"}' }] }, { text: 'ok' });
    const events = await run(session(undefined, 'native'), '/explain src/a.ts');
    const result = events.find((e) => e.type === 'toolResult');
    assert.ok(result?.type === 'toolResult' && result.status === 'error', 'Bash was refused');
    assert.deepEqual((scripted.server.requests[0]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name).sort(), ['AttemptCompletion', 'Grep', 'Read']);
    assert.equal(await new NodeWorkspaceFs(scripted.ws.root).stat('pwned'), undefined);
  });

  it('asks each ${input:name:default} once with the default prefilled; dismissing one sends nothing', async () => {
    const asked: { prompt: string; defaultValue?: string }[] = [];
    scripted.server.enqueue({ text: 'ok' });
    await run(session({ ask: async (q) => { asked.push({ prompt: q.prompt, defaultValue: q.defaultValue }); return q.prompt === 'name' ? 'Card' : q.defaultValue; } }), '/component');
    assert.deepEqual(asked, [{ prompt: 'name', defaultValue: 'Button' }, { prompt: 'folder', defaultValue: 'src/ui' }]);
    assert.match(sent(0).at(-1)!.content, /^Create Card in src\/ui\./);

    const events = await run(session({ ask: async () => undefined }), '/component');
    const notice = events.find((e) => e.type === 'notice');
    assert.ok(notice?.type === 'notice' && /no value was given for "name"\. Nothing was sent/.test(notice.text));
    assert.equal(scripted.server.requests.length, 1, 'no second request');
  });

  it('agent: plan runs the prompt in plan mode; unknown /names and built-ins keep their old meaning', async () => {
    scripted.server.enqueue({ text: 'a plan' }, { text: 'plain' }, { text: 'planned' });
    const s = session();
    const planned = (await run(s, '/roadmap ship v2')).find((e) => e.type === 'turnStarted');
    assert.ok(planned?.type === 'turnStarted' && planned.planMode === true);
    assert.match(sent(0).at(-1)!.content, /^Plan: ship v2/);
    await run(s, '/unknown thing');
    assert.match(sent(1).at(-1)!.content, /^\/unknown thing/);
    const builtIn = (await run(s, '/plan build it')).find((e) => e.type === 'turnStarted');
    assert.ok(builtIn?.type === 'turnStarted' && builtIn.planMode === true);
    assert.match(sent(2).at(-1)!.content, /^build it/);
  });

  it('the command\'s model is the turn\'s model; an agent that does not exist is a notice naming the file', async () => {
    scripted.server.enqueue({ text: 'short' });
    const s = session();
    await run(s, '/cheap the log');
    assert.equal(scripted.server.requests[0]!.body.model, 'small-model');
    const notice = (await run(s, '/ghost')).find((e) => e.type === 'notice');
    assert.ok(notice?.type === 'notice' && /^\/ghost \(\.codeagent\/commands\/ghost\.md\): There is no agent named "nobody"/.test(notice.text), JSON.stringify(notice));
    assert.equal(scripted.server.requests.length, 1);
  });

  // allowed-tools narrows the plan-mode set, never all tools: a planner gets no Bash or Write whatever the file lists.
  it('agent: plan with allowed-tools Bash, Write, Read: the planner is neither offered nor can run Bash or Write', async () => {
    // Auto-approved, so that a Bash or Write that got through would run at once rather than wait.
    const approval = { autoApproveCommands: true, autoApproveEdits: true };
    scripted.server.enqueue({ text: 'Looked.' });
    await run(session(undefined, 'xml', approval), '/scout the repo');
    const system = sent(0)[0]!.content;
    assert.match(system, /<Read>/);
    assert.doesNotMatch(system, /<Bash>|<Write>|<Edit>/);

    scripted.server.reset();
    scripted.server.enqueue({
      toolCalls: [
        { id: 'c1', name: 'Bash', arguments: '{"command":"touch pwned"}' },
        { id: 'c2', name: 'Write', arguments: '{"path":"planned.txt","content":"written by the planner"}' },
      ],
    }, { text: 'ok' });
    const events = await run(session(undefined, 'native', approval), '/scout the repo');
    assert.ok(events.some((e) => e.type === 'turnStarted' && e.planMode), 'the command ran in plan mode');
    const offered = (scripted.server.requests[0]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
    assert.ok(offered.includes('Read'), offered.join(', '));
    assert.ok(!offered.includes('Bash') && !offered.includes('Write'), offered.join(', '));
    const results = events.filter((e) => e.type === 'toolResult');
    assert.deepEqual(results.map((e) => [e.name, e.status]), [['Bash', 'error'], ['Write', 'error']]);
    const fs = new NodeWorkspaceFs(scripted.ws.root);
    assert.equal(await fs.stat('pwned'), undefined, 'Bash did not run');
    assert.equal(await fs.stat('planned.txt'), undefined, 'Write did not write');
  });

  it('a command file added since the last load runs: an unknown /name loads the files again first', async () => {
    scripted.server.enqueue({ text: 'ok' });
    const s = session();
    await run(s, '/explain src/a.ts').catch(() => undefined);
    await scripted.ws.write('.claude/commands/docs/later.md', 'Later: $ARGUMENTS');
    scripted.server.reset();
    scripted.server.enqueue({ text: 'ok' });
    await run(s, '/docs:later now');
    assert.match(sent(0).at(-1)!.content, /^Later: now/);
  });
});
