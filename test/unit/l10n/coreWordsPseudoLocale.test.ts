import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describeApproval } from '../../../src/core/agent/approvalGate';
import { loadAgents } from '../../../src/core/agents/agentLoader';
import { loadCommands } from '../../../src/core/commands/commandLoader';
import { loadHooks } from '../../../src/core/hooks/hookSources';
import { mcpServerList } from '../../../src/core/mcp/mcpServerList';
import { loadSkills } from '../../../src/core/skills/skillLoader';
import { summarizeResult } from '../../../src/core/agent/toolResultView';
import { languageTools } from '../../../src/core/languageServices/languageTools';
import { createFullToolRegistry } from '../../../src/core/orchestration/toolSets';
import type { AgentEvent } from '../../../src/core/events';
import { HistoryManager } from '../../../src/core/history/historyManager';
import { checkAttachedImages } from '../../../src/core/images/attachedImages';
import { describeFailure, testConnection } from '../../../src/core/modelSetup/connectionTest';
import type { ModelCatalog, ModelListing } from '../../../src/core/ports/modelCatalog';
import { ModelError } from '../../../src/core/ports/modelClient';
import { english, type Translator } from '../../../src/core/ports/translator';
import { processStatusText } from '../../../src/core/processes/processStatus';
import { ChangeRecorder } from '../../../src/core/review/changeRecorder';
import { restoreCheckpoint } from '../../../src/core/review/restoreCheckpoint';
import { revertChange } from '../../../src/core/review/revertChange';
import { baseUrlProblem, Settings } from '../../../src/core/settings';
import { parseSettings } from '../../../src/core/settingsSource';
import { partitionMcpServers } from '../../../src/core/trust/mcpServerTrust';
import { restrictedModeNotice } from '../../../src/core/trust/restrictedMode';
import { OpenAiModelCatalog } from '../../../src/node/openAiModelCatalog';
import { urlProblemOf } from '../../../src/node/openai/guardedStream';
import { toModelError } from '../../../src/node/openai/modelErrors';
import { NodeWorkspaceFs } from '../../../src/node/nodeWorkspaceFs';
import { RuntimeSandbox } from '../../../src/node/sandbox/runtimeSandbox';
import { probeSandbox } from '../../../src/node/sandbox/sandboxProbe';
import { HistoryBuilder } from '../core/history/historyBuilder';
import { FakeLanguageServices, VirtualClock } from '../core/languageServices/languageServicesKit';
import { makeHarness, TempWorkspace } from '../core/tools/toolTestKit';
import { pseudo, unwrapped } from '../../support/pseudoTranslator';

type Shown = { where: string; text: string };
const catalogOf = (listing: ModelListing): ModelCatalog => ({ listModels: async () => listing });

/**
 * Spec §20: the rest of what core words for the user — the connection test, the endpoint check, model errors,
 * Restricted Mode, MCP servers not started, Revert and Restore, attached images, settings problems, a process's
 * state, a card's "more lines", compaction — through a pseudo-locale Translator: nothing may be left unwrapped.
 */
describe('core in a pseudo-locale: the connection test, model errors and the host\'s other core texts', function () {
  this.timeout(20000);

  it('Test connection and the endpoint check: every outcome and every failure', async () => {
    const target = { baseUrl: 'http://localhost:11434/v1', apiKey: undefined, model: 'qwen' };
    const texts: Shown[] = [];
    const report = async (where: string, listing: ModelListing, over: Partial<typeof target> & { apiKey?: string } = {}) =>
      texts.push({ where, text: (await testConnection(catalogOf(listing), { ...target, ...over }, undefined, pseudo)).message });
    await report('ok', { ok: true, models: ['qwen'], imageInput: { qwen: true } });
    await report('ok, no images', { ok: true, models: ['qwen'], imageInput: { qwen: false } });
    await report('no model chosen', { ok: true, models: ['qwen', 'llama'] }, { model: '' });
    await report('not served', { ok: true, models: Array.from({ length: 10 }, (_, i) => `m${i}`) });
    await report('no models', { ok: true, models: [] });
    await report('bad url', { ok: true, models: [] }, { baseUrl: 'localhost:11434/v1' });
    for (const [where, failure, apiKey] of [
      ['refused', { kind: 'refused', message: 'connect ECONNREFUSED' }],
      ['timeout', { kind: 'timeout', message: 'no answer within 5 s.', userText: (l10n: Translator) => l10n.t('no answer within {0}.', '5 s') }],
      ['network', { kind: 'network', message: 'getaddrinfo ENOTFOUND' }],
      ['401', { kind: 'http', status: 401, message: 'invalid key' }, 'sk-x'],
      ['403 without key', { kind: 'http', status: 403, message: 'invalid key' }],
      ['404 model', { kind: 'http', status: 404, message: 'model qwen not found' }],
      ['404', { kind: 'http', status: 404, message: 'nothing here' }],
      ['500', { kind: 'http', status: 500, message: 'boom' }],
    ] as const) texts.push({ where, text: describeFailure(failure, { ...target, apiKey }, pseudo).message });
    for (const url of ['', 'api.example.com/v1', 'not a url', 'ftp://example.com', 'http:example.com']) texts.push({ where: `url ${url}`, text: baseUrlProblem(url, pseudo) ?? 'no problem found' });
    const data = ['http://localhost:11434/v1', 'localhost:11434', 'localhost:11434/v1', 'qwen', 'llama', 'm0, m1, m2, m3, m4, m5, m6, m7', 'connect ECONNREFUSED', 'getaddrinfo ENOTFOUND', 'invalid key', 'model qwen not found', 'nothing here', 'boom'];
    assert.deepEqual(unwrapped(texts, data), []);
  });

  it('/models failures the transport words itself (a server that never answers, an answer that is no model list)', async () => {
    const silent = http.createServer(() => {});
    const wrong = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('Ollama is running'));
    const idless = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[{"object":"model"}]}'));
    const urlOf = async (server: http.Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    };
    try {
      const texts: Shown[] = [];
      for (const [where, server] of [['silent', silent], ['not a list', wrong], ['no ids', idless]] as const) {
        const baseUrl = await urlOf(server);
        const listing = await new OpenAiModelCatalog().listModels({ baseUrl, apiKey: undefined, timeoutMs: 300 });
        assert.equal(listing.ok, false);
        if (!listing.ok) texts.push({ where, text: describeFailure(listing.failure, { baseUrl, apiKey: undefined, model: 'm' }, pseudo).message });
      }
      assert.deepEqual(unwrapped(texts), []);
    } finally {
      silent.closeAllConnections();
      silent.close();
      wrong.close();
      idless.close();
    }
  });

  it('model errors, however the SDK failed: in the user\'s words for the panel, English in `message`', () => {
    const errors = [
      new APIUserAbortError(), new APIConnectionTimeoutError(), new APIConnectionError({ message: 'x', cause: new Error('Invalid URL') }), new APIConnectionError({ message: 'fetch failed' }),
      ...[429, 500, 401, 408, 0, 400].map((status) => new APIError(status, { message: 'detail' }, 'detail', new Headers())),
      new Error('terminated'),
    ];
    const texts: Shown[] = errors.map((error) => {
      const modelError = toModelError(error);
      assert.ok(!modelError.message.includes('⟦'), 'the English stays in message');
      return { where: modelError.kind, text: modelError.userText(pseudo) };
    });
    texts.push({ where: 'bad url', text: new ModelError('badRequest', urlProblemOf('api.example.com/v1')!).userText(pseudo) });
    assert.deepEqual(unwrapped(texts, ['detail', 'Invalid URL', 'fetch failed', 'Connection error.', 'terminated', 'api.example.com/v1']), []);
  });

  it('Restricted Mode, MCP servers not started, settings problems, a process\'s state, a card\'s hidden lines', () => {
    const server = { name: 'repo', transport: 'stdio', command: 'node', args: [], env: {}, source: 'workspace' } as const;
    const trust = { isAllowed: () => false, allow: async () => {} };
    const reasons = [true, false].map((trusted) => partitionMcpServers([server as never], trust as never, trusted, pseudo).blocked[0]!.reason);
    const problems = parseSettings({ model: { maxRetries: 'many' } }, pseudo).problems;
    const longResult = summarizeResult({ status: 'success', data: null, text: Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n') }, pseudo);
    const texts: Shown[] = [
      { where: 'restricted mode', text: restrictedModeNotice(pseudo) },
      ...reasons.map((text) => ({ where: 'mcp reason', text })),
      ...problems.map((text) => ({ where: 'settings', text })),
      { where: 'running', text: processStatusText({ id: 'p1', command: 'npm test', status: 'running', exitCode: null, startedAt: 0 }, pseudo) },
      { where: 'exited', text: processStatusText({ id: 'p1', command: 'npm test', status: 'exited', exitCode: 1, startedAt: 0 }, pseudo) },
      { where: 'killed', text: processStatusText({ id: 'p1', command: 'npm test', status: 'exited', exitCode: null, startedAt: 0 }, pseudo) },
      { where: 'more lines', text: longResult.split('\n').at(-1)! },
    ];
    assert.equal(problems.length, 1);
    assert.deepEqual(unwrapped(texts, ['Invalid input: expected number, received string']), []);
  });

  it('attached images refused, Revert and Restore checkpoint that could not put a file back', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const images = [
      checkAttachedImages([{ name: 'a.png', dataUrl: png }], false, () => '1', pseudo),
      checkAttachedImages(Array.from({ length: 11 }, () => ({ name: 'a.png', dataUrl: png })), true, () => '1', pseudo),
      checkAttachedImages([{ name: 'a.png', dataUrl: 'data:image/png;base64,PGh0bWw+' }], true, () => '1', pseudo),
      checkAttachedImages([{ name: 'a.png', dataUrl: 'not data' }], true, () => '1', pseudo),
    ];
    const ws = await TempWorkspace.create({ 'src/a.ts': 'changed meanwhile\n', 'dir/keep.txt': 'x' });
    try {
      const fs = new NodeWorkspaceFs(ws.root);
      const recorder = new ChangeRecorder('t');
      recorder.record({ path: 'src/a.ts', before: 'before\n', after: 'after\n' });
      recorder.record({ path: '../outside.ts', before: 'before\n', after: 'after\n' });
      const reverts = await Promise.all(recorder.changes.map((change) => revertChange(fs, change, pseudo)));
      const files = [{ path: '../outside.ts', existed: true, content: 'x', existsAfter: true, after: 'y' }, { path: 'dir', existed: true, content: 'x', existsAfter: true, after: 'x' }];
      const restored = await restoreCheckpoint(fs, [{ messageId: 'm1', files }], 'm1', { l10n: pseudo, overwriteExternal: true });
      const texts: Shown[] = [
        ...images.map((result) => ({ where: 'image', text: result.ok ? 'accepted' : result.message })),
        ...reverts.map((outcome) => ({ where: 'revert', text: outcome.reverted ? 'reverted' : outcome.message })),
        ...restored.failed.map((failure) => ({ where: 'restore', text: failure.message })),
      ];
      assert.deepEqual(texts.map((t) => t.where), ['image', 'image', 'image', 'image', 'revert', 'revert', 'restore', 'restore']);
      assert.deepEqual(unwrapped(texts, ['a.png', 'src/a.ts', '../outside.ts', 'dir', 'image/png']), []);
    } finally {
      await ws.cleanup();
    }
  });

  it('compaction: its progress, its result, and each fallback', async () => {
    const settings = Settings.parse({ model: { contextWindow: 10_000 }, context: { compactThreshold: 0.8, keepRecentRounds: 2, summaryTimeoutSeconds: 5 } });
    const events: AgentEvent[] = [];
    const compact = async (summarize: (signal: AbortSignal) => Promise<string>, sleep: () => Promise<void> = () => new Promise<void>(() => {})) => {
      const built = new HistoryBuilder();
      for (let r = 0; r < 5; r++) built.round('native', `r${r}`, 2);
      const history = new HistoryManager({ clock: { now: () => 0, sleep }, newId: () => 'id', l10n: pseudo }, built.messages);
      await history.compactIfNeeded({ input: 'go on', lastUsageTokens: 9_000, settings, summarize: (_segment, _range, signal) => summarize(signal), emit: (event) => events.push(event) });
    };
    await compact(async () => 'summary');
    await compact(async () => '');
    await compact(async () => { throw new ModelError('server', (l10n) => l10n.t('The model endpoint failed ({0}): {1}', 500, 'boom')); });
    await compact(() => new Promise<string>(() => {}), async () => {});
    const texts = events.flatMap((event) => (event.type === 'compaction' ? [{ where: event.phase, text: event.message }] : []));
    assert.deepEqual(texts.map((t) => t.where), ['started', 'finished', 'started', 'fellBack', 'started', 'fellBack', 'started', 'fellBack']);
    assert.deepEqual(unwrapped(texts, ['boom']), []);
  });

  it('approval cards the tools ask: a Rename\'s title, a new file\'s diff, an MCP call\'s fields', async () => {
    const ws = await TempWorkspace.create({ 'src/calc.ts': 'export const total = 1;\n' });
    try {
      const services = new FakeLanguageServices();
      services.renameOutcome = { kind: 'edits', files: [{ path: 'src/calc.ts', edits: [{ start: { line: 0, character: 13 }, end: { line: 0, character: 18 }, newText: 'sum' }] }] };
      const registry = createFullToolRegistry([], { language: languageTools(services, new VirtualClock(), () => 2000) });
      const h = makeHarness(ws);
      h.decide = () => ({ decision: 'rejected' });
      await registry.invoke('Rename', { symbol: 'total', path: 'src/calc.ts', new_name: 'sum' }, h.ctx);
      await registry.invoke('Write', { path: 'notes.md', content: 'hello\n' }, h.ctx);
      const [rename, write] = h.approvals.map((request) => describeApproval(request, pseudo));
      const mcp = describeApproval({ kind: 'mcp', tool: 'mcp__repo__search', server: 'repo', serverTool: 'search', arguments: { query: 'x' }, readOnly: false }, pseudo);
      const texts: Shown[] = [
        { where: 'rename title', text: rename!.split('\n')[0]! },
        { where: 'new file', text: write!.split('\n').find((line) => line.startsWith('--- '))! },
        { where: 'mcp', text: mcp },
      ];
      assert.deepEqual(unwrapped(texts, ['total', 'sum', '--- a/notes.md', 'repo', 'search', '"query": "x"']), []);
      assert.match(describeApproval(h.approvals[0]!), /^Rename 'total' to 'sum' in 1 file\n/, 'English without a translator');
    } finally {
      await ws.cleanup();
    }
  });

  it('problems in agent, skill, command and hook files and in .vscode/mcp.json: every one in the user\'s words', async () => {
    const hooks = { hooks: { Notification: [{ hooks: [] }], PreToolUse: [{ matcher: 'Bash(', hooks: [{ type: 'command', command: 'x' }] }], Stop: [{ hooks: [{ type: 'prompt' }, { type: 'command' }] }] } };
    const ws = await TempWorkspace.create({
      '.codeagent/agents/bad-mode.md': '---\nname: a\ncontextMode: sideways\n---\nx', '.codeagent/agents/no-name.md': '---\ntitle: T\n---\nx',
      '.codeagent/agents/empty.md': '---\nname: e\n---\n', '.codeagent/agents/unclosed.md': '---\nname: u\n', '.codeagent/agents/mapping.md': '---\n- a\n---\nx',
      '.codeagent/agents/tools.md': '---\nname: t\ntools:\n  deny: [7]\n---\nx', '.codeagent/agents/rules.md': '---\nname: r\ntools: [Read]\n---\nx',
      '.codeagent/agents/missing.md': 'Just a prompt.', '.codeagent/agents/yaml.md': '---\nname: [a\n---\nx', '.codeagent/agents/ok.md': '---\nname: ok\n---\nx',
      '.claude/agents/ok.md': '---\nname: ok\n---\nx', '.claude/agents/none.md': '---\nname: none\ntools: WebFetch\n---\nx', '.claude/agents/bang.md': '---\nname: "!!!"\n---\nx',
      '.claude/agents/notes.md': '---\nname: notes\ntools: Read, Bash(git diff:*), WebFetch, Frob\nmodel: opus\n---\nx', '.github/agents/___.agent.md': 'x',
      '.github/agents/gh.agent.md': '---\ntools: [fetch, frob]\n---\nx',
      '.codeagent/skills/a/SKILL.md': '---\nname: Bad Name\ndescription: x\n---\nbody\n', '.codeagent/skills/b/SKILL.md': '---\nname: b\ndescription: "  "\n---\nbody\n',
      '.codeagent/skills/c/SKILL.md': 'no front matter\n', '.codeagent/skills/d/SKILL.md': '---\nname: d\ndescription: x\n---\n', '.claude/skills/d/SKILL.md': '---\nname: d\ndescription: x\n---\n',
      '.claude/commands/plan.md': 'x', '.github/prompts/mcp.x.prompt.md': 'x', '.claude/commands/bad name!.md': 'x', '.claude/commands/empty.md': '---\ndescription: e\n---\n  \n',
      '.codeagent/commands/dup.md': 'x', '.claude/commands/dup.md': 'x', '.claude/commands/list.md': '---\n- a\n---\nbody', '.claude/commands/text.md': '---\nname: [a]\n---\nbody',
      '.claude/commands/tools.md': '---\nallowed-tools: WebFetch\nmodel: opus\n---\nbody', '.github/prompts/model.prompt.md': '---\nmodel: GPT-4o\n---\nbody',
      '.claude/settings.json': JSON.stringify(hooks), '.claude/settings.local.json': '[1]', '.codeagent/hooks.json': '{"hooks": ',
    });
    try {
      const fs = new NodeWorkspaceFs(ws.root);
      const files = [...(await loadAgents({ project: fs })).problems, ...(await loadSkills({ project: fs })).problems, ...(await loadCommands({ project: fs })).problems];
      const hookProblems = (await loadHooks({ project: fs, user: undefined })).problems;
      const servers = '{"servers": {"bad": {"type": "stdio"}, "old": {"type": "sse"}, "odd": 5, "ws": {"type": "ws"}, "input": {"command": "${input:x}"}, "folder": {"command": "${workspaceFolder}/x"}, "url": {"type": "http", "url": ""}, "cmd": {"command": ""}}}';
      const mcp = [mcpServerList(servers, { s: 5 }, { workspaceFolder: undefined, env: {} }), mcpServerList('not json', 5, { workspaceFolder: undefined, env: {} }), mcpServerList('[1]', undefined, { workspaceFolder: undefined, env: {} })];
      // A schema issue CodeAgent did not word is shown as `{0}: {1}` with zod's own words: only zod's may be there.
      const zodWords = new Set<string>();
      const l10n: Translator = { t: (message, ...args) => (message === '{0}: {1}' && !String(args[1]).includes('⟦') && zodWords.add(String(args[1])), pseudo.t(message, ...args)) };
      const texts: Shown[] = [
        ...files.map((problem) => ({ where: problem.file, text: problem.reason(l10n) })),
        ...hookProblems.map((problem) => ({ where: 'hooks', text: problem(l10n) })),
        ...mcp.flatMap((list) => [...list.invalid.map(({ name, reason }) => ({ where: `mcp ${name}`, text: reason(l10n) })), ...list.problems.map((problem) => ({ where: 'mcp.json', text: problem(l10n) }))]),
      ];
      assert.deepEqual([...zodWords].sort(), ['Invalid input: expected object, received array', 'Invalid input: expected string, received undefined']);
      assert.deepEqual([files.length, hookProblems.length, texts.length - files.length - hookProblems.length], [36, 6, 12], JSON.stringify(texts.map((t) => t.where)));
      assert.deepEqual(unwrapped(texts), []);
      assert.ok(files.every((problem) => !problem.reason(english).includes('⟦')), 'English without a translator');
    } finally {
      await ws.cleanup();
    }
  });

  it('why commands cannot be sandboxed here, and how to make them so: the card\'s "Not sandboxed" line and the notification', async () => {
    const probes = await Promise.all([probeSandbox('linux', '/nonexistent'), probeSandbox('win32', ''), probeSandbox('darwin', '/nonexistent')]);
    const noFolder = await new RuntimeSandbox({ settings: () => ({ enabled: true, allowedDomains: [] }), roots: () => [] }).status();
    const said = [...probes, noFolder].flatMap((probe) => ('reason' in probe ? [probe.reason, ...(probe.hint ? [probe.hint] : [])] : []));
    assert.equal(said.length, 6);
    assert.deepEqual(unwrapped(said.map((text) => ({ where: 'sandbox', text: text(pseudo) }))), []);
  });
});
