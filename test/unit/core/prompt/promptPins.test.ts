import { strict as assert } from 'node:assert';
import type { z } from 'zod';
import summaryPrompt from '../../../../prompts/summary.md';
import { summaryHeading } from '../../../../src/core/history/summaryRequest';
import { AgentCatalog } from '../../../../src/core/orchestration/agentCatalog';
import { concurrentSafeTask } from '../../../../src/core/orchestration/subagentLauncher';
import { createFullToolRegistry, mainAgentTools, namedAgentTools, withMemoryTool } from '../../../../src/core/orchestration/toolSets';
import { createMemoryTool } from '../../../../src/core/memory/memoryTool';
import type { MemoryStore } from '../../../../src/core/ports/memoryStore';
import { turnProfile } from '../../../../src/core/orchestration/turnProfile';
import { withTurnTaskTool } from '../../../../src/core/orchestration/turnTaskTool';
import { childToolRegistry } from '../../../../src/core/subagents/childTools';
import { isOptional } from '../../../../src/core/tools/paramCoercion';
import type { AnyToolDefinition } from '../../../../src/core/tools/toolTypes';
import { NodeCommandRunner } from '../../../../src/node/nodeCommandRunner';
import { sessionEnvironment } from '../../../../src/node/sessionEnvironment';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { faultSession } from '../../faults/faultSessionKit';
import { TempWorkspace } from '../tools/toolTestKit';
import { buildSystemPrompt } from '../../../../src/core/agent/systemPrompt';
import { assembledPrompt, environment, languageHostRegistry, sampleAgents } from './assembledPrompts';

const all = createFullToolRegistry();
const turn = (planMode: boolean, agents = sampleAgents) => turnProfile(all, { kind: 'turn', text: 'hi', planMode }, agents);
const namedAgentTurn = turnProfile(all, { kind: 'turn', text: 'hi', planMode: false, agent: { definition: sampleAgents[1]!, mode: 'isolated' } }, sampleAgents);

/** Every set of tools some prompt offers, as the turn builds it: main turn with and without agents, plan mode, a named agent, a sub-agent. */
const offeredSets: [string, AnyToolDefinition[]][] = [
  ['full registry', all.list()],
  ['main turn, no agents', withTurnTaskTool(mainAgentTools(all, false), all, [], false).list()],
  ['main turn, agents', withTurnTaskTool(mainAgentTools(all, false), all, sampleAgents, false).list()],
  ['plan mode, agents', withTurnTaskTool(mainAgentTools(all, true), all, sampleAgents, true).list()],
  ['named agent', withTurnTaskTool(namedAgentTools(all, sampleAgents[1]!.tools), all, sampleAgents, false).list()],
  ['sub-agent', childToolRegistry(all).list()],
  ['VS Code host (language tools)', languageHostRegistry().list()],
  ['VS Code sub-agent', childToolRegistry(languageHostRegistry()).list()],
  ['memory on (spec §21)', withMemoryTool(all, createMemoryTool({} as MemoryStore) as AnyToolDefinition).list()],
];

/** `- name (required|optional): …` lines of a doc's Parameters section. */
function documentedParams(doc: string): { name: string; optional: boolean }[] {
  const section = /\nParameters:\n([\s\S]*?)(?:\n\nExample|$)/.exec(doc)?.[1] ?? '';
  return [...section.matchAll(/^- (\w+) \((required|optional)\)/gm)].map((m) => ({ name: m[1]!, optional: m[2] === 'optional' }));
}

describe('what the prompt promises, pinned against the code', () => {
  describe('tool docs', () => {
    for (const [label, tools] of offeredSets) {
      it(`${label}: every doc's parameters are its schema's keys and its parser's names, with the same optionality`, () => {
        for (const tool of tools) {
          const shape = (tool.schema.def as unknown as { shape: Record<string, z.ZodType> }).shape;
          const documented = documentedParams(tool.doc);
          assert.deepEqual(documented.map((p) => p.name), Object.keys(shape), `${tool.name}: documented vs schema`);
          assert.deepEqual(documented.map((p) => p.name), [...tool.paramNames], `${tool.name}: documented vs paramNames`);
          for (const p of documented) assert.equal(p.optional, isOptional(shape[p.name]!), `${tool.name}.${p.name} optionality`);
        }
      });
    }

    it('the real native declarations match the docs too (Task as each turn offers it)', () => {
      for (const profile of [turn(false, []), turn(false), turn(true), namedAgentTurn]) {
        for (const spec of profile.tools.specs()) {
          const doc = profile.toolDocs.find((d) => d.startsWith(`## ${spec.name}\n`))!;
          const properties = Object.keys((spec.parameters as { properties: object }).properties);
          assert.deepEqual(documentedParams(doc).map((p) => p.name), properties, spec.name);
        }
      }
    });
  });

  describe('native mode', () => {
    it('no function description mentions XML, elements, tags or an angle-bracket tag', () => {
      for (const profile of [turn(false, []), turn(false), turn(true), namedAgentTurn]) {
        for (const { name, description } of [...profile.tools.specs(), ...childToolRegistry(all).toolSpecs(), ...languageHostRegistry().toolSpecs()]) {
          assert.doesNotMatch(description, /<\/?[A-Za-z_]/, `${name}: ${description}`);
          assert.doesNotMatch(description, /\b(xml|elements?|tags?|CDATA)\b/i, `${name}: ${description}`);
          assert.doesNotMatch(description, /Example/, name);
        }
      }
    });

    it('the native system prompt has no XML calling convention, the xml one says a tag in prose is a call', () => {
      const native = assembledPrompt('native').system;
      assert.doesNotMatch(native, /<ToolName>|<tool_result|<thinking>|\n## Read\n/);
      assert.match(assembledPrompt('xml').system, /Every tool tag you write is a call, even in prose or in a code block/);
    });
  });

  describe('Task', () => {
    it('the doc lists every loaded named agent with its description, read-only ones marked', () => {
      const doc = turn(false).toolDocs.find((d) => d.startsWith('## Task\n'))!;
      assert.ok(doc.includes('- reviewer (read-only): Reviews a change for bugs and missing tests; reports, never edits.'), doc);
      assert.ok(doc.includes('- test-fixer: Runs the test suite and fixes failing tests.'), doc);
      const none = turn(false, []).toolDocs.find((d) => d.startsWith('## Task\n'))!;
      assert.doesNotMatch(none, /Named agents|- agent \(/, 'no agents: neither a list nor an agent parameter');
    });

    it('task_id is offered in plan mode only', () => {
      const taskDoc = (planMode: boolean) => turn(planMode).toolDocs.find((d) => d.startsWith('## Task\n'))!;
      assert.doesNotMatch(taskDoc(false), /task_id/);
      assert.match(taskDoc(true), /^- task_id \(optional\)/m);
      assert.doesNotMatch(namedAgentTurn.toolDocs.find((d) => d.startsWith('## Task\n'))!, /task_id/);
    });

    it('parallel Tasks: the doc says what concurrentSafeTask allows (named read-only agents only)', async () => {
      const doc = turn(false).toolDocs.find((d) => d.startsWith('## Task\n'))!;
      assert.match(doc, /Task calls run one after another\.\n\nNamed agents \([^)]*several Tasks in one message that each name a read-only agent run at the same time\):/);
      const agents = new AgentCatalog(async () => ({ agents: sampleAgents, problems: [] }));
      await agents.reload();
      const concurrent = concurrentSafeTask(all, agents);
      assert.equal(concurrent({ name: 'Task', params: { goal: 'g' } }), false, 'a general sub-agent runs alone');
      assert.equal(concurrent({ name: 'Task', params: { goal: 'g', agent: 'test-fixer' } }), false, 'an agent that can write runs alone');
      assert.equal(concurrent({ name: 'Task', params: { goal: 'g', agent: 'reviewer' } }), true, 'a read-only agent may run beside others');
    });

    describe('in a real session over the scripted server', function () {
      this.timeout(15_000);
      let server: ScriptedModelServer;
      let ws: TempWorkspace;
      before(async () => { server = await ScriptedModelServer.start(); ws = await TempWorkspace.create({ 'a.txt': 'a\n' }); });
      after(async () => { await server.close(); await ws.cleanup(); });

      it('the agents loaded by the catalog are listed in the system prompt (xml) and the Task function (native)', async () => {
        const agents = new AgentCatalog(async () => ({ agents: sampleAgents, problems: [] }));
        void agents.reload();
        server.enqueue({ text: 'Hello.' }, { text: 'Hello again.' });
        await faultSession(server, ws.root, { agents }).send('hi', () => {});
        await faultSession(server, ws.root, { agents, settings: { model: { toolProtocol: 'native' } } }).send('hi', () => {});
        const system = (server.requests[0]!.body.messages as { content: string }[])[0]!.content;
        assert.ok(system.includes('- reviewer (read-only): Reviews a change'), system);
        const tools = server.requests[1]!.body.tools as { function: { name: string; description: string; parameters: { properties: object } } }[];
        const task = tools.find((t) => t.function.name === 'Task')!.function;
        assert.ok(task.description.includes('- test-fixer: Runs the test suite'));
        assert.deepEqual(Object.keys(task.parameters.properties), ['goal', 'resources', 'hints', 'context_summary', 'agent']);
      });
    });
  });

  describe('the shell', () => {
    it('the shell the prompt names is the one NodeCommandRunner runs commands in', async function () {
      if (process.platform === 'win32') this.skip();
      this.timeout(15_000);
      const ws = await TempWorkspace.create();
      // The editor's shell (the user's SHELL, vscode.env.shell) may be one the runner does not use, such as fish.
      const userShell = process.env.SHELL;
      process.env.SHELL = '/usr/bin/fish';
      try {
        const named = sessionEnvironment(ws.root).shell;
        const result = await new NodeCommandRunner(ws.root).run('echo "$0"; pwd', { cwd: '.', timeoutMs: 10_000 });
        const [shell, cwd] = result.stdout.trim().split('\n');
        assert.equal(shell, named);
        assert.equal(cwd, await import('node:fs').then((fs) => fs.realpathSync(ws.root)));
        assert.ok(assembledPrompt('xml').system.includes('\n- Shell that runs Bash commands: /bin/bash\n'));
      } finally {
        if (userShell === undefined) delete process.env.SHELL;
        else process.env.SHELL = userShell;
        await ws.cleanup();
      }
    });

    it('each call is a fresh shell: the Bash doc says so, and a cd does not carry over', async function () {
      if (process.platform === 'win32') this.skip();
      const ws = await TempWorkspace.create({ 'sub/x.txt': 'x' });
      try {
        const runner = new NodeCommandRunner(ws.root);
        await runner.run('cd sub && export CODEAGENT_PIN=1', { cwd: '.', timeoutMs: 10_000 });
        const after = await runner.run('pwd; echo "[$CODEAGENT_PIN]"', { cwd: '.', timeoutMs: 10_000 });
        assert.deepEqual(after.stdout.trim().split('\n'), [await import('node:fs').then((fs) => fs.realpathSync(ws.root)), '[]']);
        assert.match(all.get('Bash')!.doc, /Each call runs in a fresh shell \(named under Environment\) in the workspace root: `cd` and `export` do not carry over, so chain steps with `&&`/);
      } finally {
        await ws.cleanup();
      }
    });
  });
});

describe('sections keyed on the offered tools', () => {
  const headings = (system: string) => [...system.matchAll(/^# (Verification|Editing)$/gm)].map((m) => m[1]);
  const withTools = (profile: ReturnType<typeof turn>) => buildSystemPrompt({ protocol: 'xml', toolDocs: profile.toolDocs, ...environment, role: profile.role, modeSection: profile.modeSection });

  it('Verification and Editing only for agents that can edit or run commands', () => {
    assert.deepEqual(headings(assembledPrompt('xml').system), ['Verification', 'Editing']);
    assert.deepEqual(headings(assembledPrompt('subagent').system), ['Verification', 'Editing']);
    assert.deepEqual(headings(assembledPrompt('plan').system), [], 'the planner neither edits nor runs commands');
    const reviewer = turnProfile(all, { kind: 'turn', text: 'hi', planMode: false, agent: { definition: sampleAgents[0]!, mode: 'isolated' } }, sampleAgents);
    assert.deepEqual(headings(withTools(reviewer)), [], 'a read-only named agent');
    assert.deepEqual(headings(withTools(namedAgentTurn)), ['Verification', 'Editing']);
  });
});

describe('the compaction template (prompts/summary.md)', () => {
  it('keeps seed 001 §A5\'s heading and sections, in English, and adds the current work and next step', () => {
    assert.doesNotMatch(summaryPrompt, /[\u3000-\u9fff\uff00-\uffef]/, 'no CJK placeholders (they pull models into Chinese)');
    const template = summaryPrompt.slice(summaryPrompt.indexOf('```\n## 📌 Archived Session Summary'));
    const headings = [...template.matchAll(/^#{2,3} .*$/gm)].map((m) => m[0]);
    assert.deepEqual(headings, [
      summaryHeading,
      '### 🎯 Objectives & Status',
      '### 🏗️ Technical Context (Static)',
      '### ✅ Completed Milestones (The "Done" Pile)',
      '### 🧠 Key Insights & Decisions (Persistent Memory)',
      '### 📂 File System State (Snapshot)',
      '### 🔄 Current Work & Next Step',
    ]);
    assert.match(template, /\* \*\*In Progress\*\*: \[[^\]]+\]\n\* \*\*Next Step\*\*: \[[^\]]+\]/);
    assert.doesNotMatch(summaryPrompt, /do not describe the current task's next steps/);
  });
});
