import { strict as assert } from 'node:assert';
import type { AgentDefinition } from '../../../src/core/agents/agentDefinition';
import type { AgentEvent } from '../../../src/core/events';
import { HookDispatcher } from '../../../src/core/hooks/hookDispatcher';
import type { HookEntry } from '../../../src/core/hooks/hookConfig';
import { AgentCatalog } from '../../../src/core/orchestration/agentCatalog';
import type { HookRun } from '../../../src/core/ports/hookRunner';
import type { AgentSessionDeps } from '../../../src/core/session/agentSessionDeps';
import { Settings } from '../../../src/core/settings';
import { createModelClient } from '../../../src/node/createModelClient';
import { pseudo, unwrapped } from '../../support/pseudoTranslator';
import { scriptedAgentSession } from '../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../support/scriptedWorkspace';

/** What the panel shows of an event that core worded (spec §20): notices, errors, retries, compaction, warnings. */
function shownTexts(event: AgentEvent): Array<{ where: string; text: string }> {
  switch (event.type) {
    case 'notice': return [{ where: 'notice', text: event.text }];
    case 'error': return [{ where: 'error', text: event.message }];
    case 'retry': return [{ where: 'retry', text: event.reason }];
    case 'compaction': return [{ where: 'compaction', text: event.message }];
    case 'turnStarted': return (event.warnings ?? []).map((text) => ({ where: 'warning', text }));
    case 'subagent': return shownTexts(event.event);
    default: return [];
  }
}

/** What the conversation itself brings: the agent's name, file and mode, the commands' syntax, the server's words. */
const data = [
  'code-reviewer', 'Code Reviewer', 'Finds issues', '.codeagent/agents/code-reviewer.md', 'project', 'isolated',
  '`/agents list`', '`/agents run <name> <prompt> [--context shared|isolated]`', '`/agents context <name> [--mode shared|isolated]`', '`/agents context --all`',
];

const reviewer: AgentDefinition = {
  name: 'code-reviewer', title: 'Code Reviewer', description: 'Finds issues', contextMode: 'isolated', tools: {}, systemPrompt: 'Review.',
  source: { path: '.codeagent/agents/code-reviewer.md', origin: 'project' },
};

/**
 * Spec §20: what core tells the user goes through its Translator. The session runs with a pseudo-locale translator
 * (every message `⟦…⟧`); any notice, error, retry, compaction or warning with a letter outside the brackets (and
 * outside the conversation's own data) bypassed it. What the model reads stays English.
 */
describe('core in a pseudo-locale: the session\'s notices, errors and warnings', function () {
  this.timeout(20000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });

  async function shown(messages: string[], options: { model?: Record<string, unknown>; deps?: Partial<AgentSessionDeps> } = {}) {
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { model: options.model, deps: { l10n: pseudo, ...options.deps } });
    const events: AgentEvent[] = [];
    for (const message of messages) await session.send(message, (event) => events.push(event));
    return { texts: events.flatMap(shownTexts), events };
  }

  it('routing: usage errors, unknown agents, the agents\' listings and an unknown MCP prompt', async () => {
    const agents = new AgentCatalog(async () => ({ agents: [reviewer], problems: [] }));
    await agents.reload();
    const mcp = { servers: () => [], prompts: async () => [], getPrompt: async () => [], resources: async () => [], readResource: async () => [] };
    const { texts } = await shown(['/plan', '/agents', '/agents frob', '/agents run nobody do it', '/agents context', '/agents context code-reviewer --mode sideways',
      '/agents list', '/agents context code-reviewer', '/agents context --all', '@code-reviewer', '/mcp.nowhere.prompt'], { deps: { agents, mcp } });
    assert.equal(texts.length, 11, JSON.stringify(texts));
    assert.deepEqual(unwrapped(texts, data), []);
  });

  it('a failed model call, its retries, and the endpoint URL that cannot work', async () => {
    scripted.server.enqueue({ fault: { kind: 'http', status: 500, message: 'overloaded' } }, { fault: { kind: 'http', status: 401, message: 'bad key' } });
    const failed = await shown(['hello'], { model: { maxRetries: 1 } });
    assert.deepEqual(failed.texts.map((t) => t.where), ['retry', 'error']);
    assert.deepEqual(unwrapped(failed.texts), []);
    const badUrl = await shown(['hello'], { deps: { model: () => createModelClient({ baseUrl: 'api.example.com/v1', apiKey: undefined, api: 'chat' }) } });
    assert.deepEqual(badUrl.texts.map((t) => t.where), ['error']);
    assert.deepEqual(unwrapped(badUrl.texts), []);
  });

  it('the switch to xml tool calls, and a turn stopped at maxIterations', async () => {
    scripted.server.enqueue(
      { fault: { kind: 'http', status: 400, message: 'this model does not support tools' } },
      { text: '<Read><path>src/a.ts</path></Read>' },
    );
    const settings = Settings.parse({ model: { baseUrl: scripted.server.baseUrl, name: 'gemma3:4b', toolProtocol: 'auto' }, agent: { maxIterations: 1 } });
    const { texts } = await shown(['what is a?'], { deps: { settings: () => settings } });
    assert.deepEqual(texts.map((t) => t.where), ['notice', 'error']);
    assert.deepEqual(unwrapped(texts), []);
  });

  it('@file: warnings: in the user\'s words on the panel, in English for the model', async () => {
    scripted.server.enqueue({ text: 'ok' });
    const { texts } = await shown(['read @file:nothing-matches-this please']);
    assert.deepEqual(texts.map((t) => t.where), ['warning']);
    assert.deepEqual(unwrapped(texts), []);
    const sent = JSON.stringify(scripted.server.requests[0]!.body.messages);
    assert.match(sent, /No file matches @file:nothing-matches-this/);
    assert.ok(!sent.includes('⟦'), 'the model reads English');
  });

  it('hooks: a refused prompt, a Stop hook that asks to go on, and a hook that failed', async () => {
    const runs: Record<string, HookRun> = {
      refuse: { exitCode: 2, stdout: '', stderr: 'no secrets here', timedOut: false },
      stop: { exitCode: 2, stdout: '', stderr: 'the tests fail', timedOut: false },
      broken: { exitCode: 1, stdout: '', stderr: 'oops', timedOut: false },
      slow: { exitCode: null, stdout: '', stderr: '', timedOut: true },
    };
    const hooks = (entries: HookEntry[], warned: string[]) => new HookDispatcher({
      hooks: () => entries, runner: { run: async (command) => runs[command]! }, cwd: scripted.ws.root, log: () => {}, warn: (message) => warned.push(message), l10n: pseudo,
    });
    const entry = (event: HookEntry['event'], command: string): HookEntry => ({ event, command, timeoutSeconds: 5, source: '.claude/settings.json' });
    const warned: string[] = [];
    const refused = await shown(['hello'], { deps: { hooks: hooks([entry('UserPromptSubmit', 'refuse')], warned) } });
    scripted.server.enqueue({ text: 'done' });
    const stopped = await shown(['hello'], { deps: { hooks: hooks([entry('Stop', 'stop'), entry('UserPromptSubmit', 'broken'), entry('UserPromptSubmit', 'slow')], warned) } });
    const texts = [...refused.texts, ...stopped.texts, ...warned.map((text) => ({ where: 'hook warning', text }))];
    assert.deepEqual(texts.map((t) => t.where), ['error', 'notice', 'hook warning', 'hook warning']);
    assert.deepEqual(unwrapped(texts, ['oops']), []);
  });

  it('approval cards: why a file always asks, a secret read, a command in the background and outside the sandbox', async () => {
    await scripted.ws.write('.env', 'KEY=1\n');
    scripted.server.enqueue(
      { text: '<Write><path>.vscode/settings.json</path><content>{}</content></Write>' },
      { text: '<Read><path>.env</path></Read>' },
      { text: '<Bash><command>npm run watch</command><run_in_background>true</run_in_background><sandbox>false</sandbox></Bash>' },
      { text: 'done' },
    );
    const { events } = await shown(['set things up'], { deps: { approver: { request: async () => ({ decision: 'rejected' }) } } });
    const cards = events.filter((e): e is Extract<AgentEvent, { type: 'approval' }> => e.type === 'approval' && e.phase === 'request');
    assert.deepEqual(cards.map((c) => [c.tool, c.reason !== undefined]), [['Write', true], ['Read', false], ['Bash', false]]);
    // An edit's detail is its diff (the file's own text); its reason is the card's words.
    const texts = cards.map((c) => ({ where: c.tool, text: c.tool === 'Write' ? c.reason! : c.detail }));
    assert.deepEqual(unwrapped(texts, ['.vscode/settings.json', 'path: .env', '.env', '$ npm run watch']), []);
    const sent = JSON.stringify(scripted.server.requests.at(-1)!.body.messages);
    assert.match(sent, /The user rejected the command/);
    assert.ok(!sent.includes('⟦'), 'the model reads English');
  });

  it('a conversation begun with an image alone stays untitled: no English title is stored, the panel words it', async () => {
    scripted.server.enqueue({ text: 'a dot' }, { text: 'ok' });
    const { session } = scriptedAgentSession(scripted.server, scripted.ws.root, { deps: { l10n: pseudo } });
    const image = { id: 'i1', name: 'dot.png', mimeType: 'image/png', width: 1, height: 1, bytes: 8, dataUrl: 'data:image/png;base64,iVBORw0KGgo=' };
    await session.send('', () => {}, [image]);
    assert.equal(session.conversationTitle, '', 'untitled: webview-ui/historyPanel.ts shows t(\'history.untitled\')');
    await session.send('What is it?\nIn detail.', () => {});
    assert.equal(session.conversationTitle, 'What is it?', 'the first message with text names it');
  });
});
