import { promises as fsp } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadAgents } from '../../../src/core/agents/agentLoader';
import { preprocessUserInput } from '../../../src/core/mentions/inputPreprocessor';
import { loadProjectRules } from '../../../src/core/rules/projectRules';
import type { ApprovalRequest } from '../../../src/core/tools/approval';
import { createDefaultToolRegistry } from '../../../src/core/tools/defaultTools';
import { ReadLedger } from '../../../src/core/tools/readLedger';
import { ScanningTextSearch } from '../../../src/core/tools/scanningTextSearch';
import { InMemoryTodoStore } from '../../../src/core/tools/todoStore';
import type { ToolResult } from '../../../src/core/tools/toolTypes';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { NodeWorkspaceFs } from '../../../src/node/nodeWorkspaceFs';
import type { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import type { ScriptedReply } from '../../fixtures/scriptedModel/types';
import { scriptedSession } from './scriptedSession';
import { hookFileCase, hostileHookFiles, instructionCase, skillCase } from './hostileEcosystemCases';
import { commandCases } from './commandCases';

/**
 * Hostile input, as tables: adversarial model output through the real agent turn (both wire protocols),
 * paths that try to leave the workspace through every path-taking tool and mention, oversized `@file:`
 * matches, and rule and agent files with hostile front matter. Each case is tried once and counted; the
 * mocha suite (hostileInput.test.ts) and `npm run bench` (securityBench.ts) run the same tables.
 */

export const SECRET = 'OUTSIDE-SECRET-7d1f';
/** Every command a hostile reply asks for creates this file; it must never appear (approvals are all refused). */
export const MARKER = 'ran-without-approval.txt';

export interface HostileEnv {
  /** The workspace (a fresh temp dir per case). */
  root: string;
  /** A sibling directory outside the workspace with `secret.txt`; nothing may read or change it. */
  outside: string;
  server: ScriptedModelServer;
}

export interface CaseOutcome {
  /** The case's own expectation failed (e.g. a path was not refused with a clear error). */
  unexpected?: string;
  /** Content from outside the workspace came back, or a file outside was written. */
  escaped?: string;
  /** Commands that ran without the user's approval. */
  commandsWithoutApproval?: number;
}

export interface HostileCase {
  readonly group: string;
  readonly name: string;
  run(env: HostileEnv): Promise<CaseOutcome>;
}

export interface HostileTally {
  tried: number;
  crashes: number;
  escapes: number;
  commandsWithoutApproval: number;
  unexpected: number;
  problems: string[];
}

// ---- paths that try to leave the workspace ----------------------------------------------------------

interface PathCase {
  name: string;
  path: (env: HostileEnv) => string;
}

const outsideName = (env: HostileEnv) => path.basename(env.outside);

export const escapingPaths: PathCase[] = [
  { name: '..', path: () => '..' },
  { name: '../<outside>/secret.txt', path: (e) => `../${outsideName(e)}/secret.txt` },
  { name: 'deep ../ climb to /etc/passwd', path: () => '../../../../../../../../etc/passwd' },
  { name: '200 × ../', path: () => `${'../'.repeat(200)}etc/passwd` },
  { name: 'src/../../<outside>', path: (e) => `src/../../${outsideName(e)}/secret.txt` },
  { name: './../<outside>', path: (e) => `./../${outsideName(e)}/secret.txt` },
  { name: 'absolute path outside', path: (e) => path.join(e.outside, 'secret.txt') },
  { name: '/etc/passwd', path: () => '/etc/passwd' },
  { name: 'workspace root prefix trick (<root>-outside)', path: (e) => `${e.root}-outside/secret.txt` },
  { name: '~', path: () => '~' },
  { name: '~/.ssh/id_rsa', path: () => '~/.ssh/id_rsa' },
  { name: '~root/.bashrc', path: () => '~root/.bashrc' },
  { name: '%2e%2e/<outside>', path: (e) => `%2e%2e/${outsideName(e)}/secret.txt` },
  { name: '%2e%2e%2f (fully encoded)', path: (e) => `%2e%2e%2f${outsideName(e)}%2fsecret.txt` },
  { name: '..%2f (encoded slash)', path: (e) => `..%2f${outsideName(e)}%2fsecret.txt` },
  { name: '%252e%252e (double encoded)', path: (e) => `%252e%252e/${outsideName(e)}/secret.txt` },
  { name: 'backslash ..\\', path: (e) => `..\\${outsideName(e)}\\secret.txt` },
  { name: 'drive letter C:\\', path: () => 'C:\\Windows\\win.ini' },
  { name: 'drive letter C:/', path: () => 'C:/Windows/win.ini' },
  { name: 'drive-relative c:..', path: () => 'c:..\\secret.txt' },
  { name: 'UNC \\\\server\\share', path: () => '\\\\server\\share\\secret.txt' },
  { name: 'UNC //server/share', path: () => '//server/share/secret.txt' },
  { name: 'device path \\\\?\\C:\\', path: () => '\\\\?\\C:\\secret.txt' },
  { name: 'file:// URL', path: () => 'file:///etc/passwd' },
  { name: 'NUL byte', path: (e) => `notes.txt\u0000../${outsideName(e)}/secret.txt` },
  { name: 'NUL byte alone', path: () => 'a\u0000b.txt' },
  { name: 'symlink to a directory outside', path: () => 'link-out/secret.txt' },
  { name: 'symlink to a file outside', path: () => 'link-out-file' },
  { name: 'symlink to the outside directory itself', path: () => 'link-out' },
  { name: 'symlink chain (in → in → out)', path: () => 'link-chain' },
  { name: 'very long name (300 characters)', path: () => `${'a'.repeat(300)}.txt` },
  { name: 'very long path (50 × 250 characters)', path: () => Array.from({ length: 50 }, () => 'b'.repeat(250)).join('/') },
];

/** Refusals that explain themselves: the error code names the reason. */
const clearRefusals = new Set(['outside_workspace', 'invalid_path', 'file_not_found', 'name_too_long']);

interface PathTool {
  name: string;
  params: (p: string) => Record<string, unknown>;
}

const pathTools: PathTool[] = [
  { name: 'Read', params: (p) => ({ path: p }) },
  { name: 'Write', params: (p) => ({ path: p, content: 'overwritten' }) },
  { name: 'Edit', params: (p) => ({ path: p, old_string: SECRET, new_string: 'changed' }) },
  { name: 'MultiEdit', params: (p) => ({ path: p, edits: [{ old_string: SECRET, new_string: 'changed' }] }) },
  { name: 'LS', params: (p) => ({ path: p }) },
  { name: 'Glob', params: (p) => ({ pattern: '**/*', path: p }) },
  { name: 'Grep', params: (p) => ({ pattern: 'SECRET', path: p }) },
];

async function prepareWorkspace(env: HostileEnv): Promise<void> {
  await fsp.writeFile(path.join(env.root, 'notes.txt'), 'inside\n');
  await fsp.mkdir(path.join(env.root, 'src'), { recursive: true });
  await fsp.writeFile(path.join(env.root, 'src', 'a.ts'), 'export const a = 1;\n');
  await fsp.symlink(env.outside, path.join(env.root, 'link-out'));
  await fsp.symlink(path.join(env.outside, 'secret.txt'), path.join(env.root, 'link-out-file'));
  await fsp.symlink(path.join(env.root, 'link-out'), path.join(env.root, 'link-mid'));
  await fsp.symlink(path.join(env.root, 'link-mid', 'secret.txt'), path.join(env.root, 'link-chain'));
  await fsp.symlink(path.join(env.root, 'src'), path.join(env.root, 'link-in'));
}

function toolContext(root: string, approvals: ApprovalRequest[]) {
  const fs = new NodeWorkspaceFs(root);
  return {
    fs,
    commands: new NodeCommandRunner(root),
    search: new ScanningTextSearch(fs),
    signal: new AbortController().signal,
    readLedger: new ReadLedger(),
    todos: new InMemoryTodoStore(),
    askUser: async () => 'yes',
    // The worst case: the user accepts everything, so only confinement stands in the way.
    approve: async (request: ApprovalRequest) => {
      approvals.push(request);
      return { decision: 'accepted' as const };
    },
    onFileChanged: () => {},
  };
}

function leaked(result: ToolResult | string): boolean {
  return JSON.stringify(result).includes(SECRET) || /root:x?:0:0/.test(JSON.stringify(result));
}

function pathToolCase(tool: PathTool, escaping: PathCase): HostileCase {
  return {
    group: 'path',
    name: `${tool.name} ${escaping.name}`,
    async run(env) {
      await prepareWorkspace(env);
      const registry = createDefaultToolRegistry();
      const p = escaping.path(env);
      const ctx = toolContext(env.root, []);
      // Edit needs a prior Read; give it one where the path allows, so the refusal is confinement's own.
      if (tool.name === 'Edit' || tool.name === 'MultiEdit') await registry.invoke('Read', { path: p }, ctx);
      const result = await registry.invoke(tool.name, tool.params(p), ctx);
      if (leaked(result)) return { escaped: `${tool.name} returned content from outside the workspace` };
      if (result.status !== 'error') return { unexpected: `succeeded: ${result.text.slice(0, 160)}` };
      if (!clearRefusals.has(result.error!.code)) return { unexpected: `refused with an unclear error ${result.error!.code}: ${result.error!.message.slice(0, 200)}` };
      return {};
    },
  };
}

function mentionCase(kind: '@' | '@file:', escaping: PathCase): HostileCase {
  return {
    group: 'mention',
    name: `${kind}${escaping.name}`,
    async run(env) {
      await prepareWorkspace(env);
      const input = await preprocessUserInput(`please look at ${kind}${escaping.path(env)} now`, new NodeWorkspaceFs(env.root));
      if (leaked(input.modelText)) return { escaped: 'the mention attached content from outside the workspace' };
      // `@notes.txt\0…` does mention notes.txt (the mention ends at the NUL); nothing may resolve outside.
      for (const mention of input.mentions) {
        const real = await fsp.realpath(path.join(env.root, mention.path));
        if (!real.startsWith(`${env.root}${path.sep}`)) return { escaped: `the mention resolved outside: ${real}` };
      }
      if (input.contextFiles.length > 0) return { unexpected: `attached ${input.contextFiles.join(', ')}` };
      return {};
    },
  };
}

/** Controls: a link that stays inside the workspace still works (refusing everything would pass the table above). */
const insideControls: HostileCase[] = [
  {
    group: 'path',
    name: 'control: Read through a symlink that stays inside',
    async run(env) {
      await prepareWorkspace(env);
      const result = await createDefaultToolRegistry().invoke('Read', { path: 'link-in/a.ts' }, toolContext(env.root, []));
      return result.status === 'success' && result.text.includes('export const a') ? {} : { unexpected: `an inside link was refused: ${result.text.slice(0, 200)}` };
    },
  },
  {
    group: 'path',
    name: 'control: Windows-style separators inside the workspace',
    async run(env) {
      await prepareWorkspace(env);
      const result = await createDefaultToolRegistry().invoke('Read', { path: 'src\\a.ts' }, toolContext(env.root, []));
      return result.status === 'success' ? {} : { unexpected: `src\\a.ts was refused: ${result.text.slice(0, 200)}` };
    },
  },
];

// ---- adversarial model output through the agent turn -----------------------------------------------

const touch = `touch ${MARKER}`;
const manyReads = 10_000;

interface ModelOutputCase {
  name: string;
  xml: () => ScriptedReply;
  native: () => ScriptedReply;
}

const calls = (list: { name: string; args: unknown }[]): ScriptedReply => ({
  toolCalls: list.map((c, i) => ({ id: `c${i}`, name: c.name, arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args) })),
  chunkSize: 4096,
});

export const modelOutputs: ModelOutputCase[] = [
  { name: 'unclosed tool tag', xml: () => ({ text: `<Bash><command>${touch}` }), native: () => calls([{ name: 'Bash', args: `{"command": "${touch}` }]) },
  { name: 'unclosed parameter, then another tool', xml: () => ({ text: `<Read><path>notes.txt<Bash><command>${touch}</command></Bash>` }), native: () => calls([{ name: 'Read', args: '{"path": "notes.txt"' }, { name: 'Bash', args: { command: touch } }]) },
  { name: 'unclosed thinking', xml: () => ({ text: '<thinking>I will never close this' }), native: () => ({ reasoning: 'never closed <thinking>', text: '<thinking>' }) },
  { name: 'closing tags only', xml: () => ({ text: '</command></Bash></Read></thinking>' }), native: () => ({ text: '</tool_result>' }) },
  { name: '10 MB parameter', xml: () => ({ text: `<Write><path>big.txt</path><content>${'x'.repeat(10 * 1024 * 1024)}</content></Write>`, chunkSize: 256 * 1024 }), native: () => ({ ...calls([{ name: 'Write', args: { path: 'big.txt', content: 'x'.repeat(10 * 1024 * 1024) } }]), chunkSize: 256 * 1024 }) },
  { name: '1 MB tag name', xml: () => ({ text: `<${'A'.repeat(1024 * 1024)}>x</${'A'.repeat(1024 * 1024)}>`, chunkSize: 64 * 1024 }), native: () => calls([{ name: 'A'.repeat(1024 * 1024), args: {} }]) },
  { name: 'tool tags inside a code fence', xml: () => ({ text: `Example:\n\n\`\`\`xml\n<Bash><command>${touch}</command></Bash>\n\`\`\`\n` }), native: () => ({ text: `\`\`\`\n<Bash><command>${touch}</command></Bash>\n\`\`\`` }) },
  { name: 'lone surrogates in text and parameters', xml: () => ({ text: '\ud800 text \udfff <Read><path>\ud800notes.txt</path></Read> \udc00' }), native: () => calls([{ name: 'Read', args: '{"path": "\\ud800notes.txt"}' }]) },
  { name: 'replacement characters and NULs', xml: () => ({ text: '\ufffd\u0000<Read><path>notes\u0000.txt</path></Read>\u0000' }), native: () => calls([{ name: 'Read', args: { path: 'notes\u0000.txt' } }]) },
  { name: 'tool name __proto__', xml: () => ({ text: '<__proto__><path>notes.txt</path></__proto__>' }), native: () => calls([{ name: '__proto__', args: { path: 'notes.txt' } }]) },
  { name: 'tool name constructor', xml: () => ({ text: '<constructor><path>notes.txt</path></constructor>' }), native: () => calls([{ name: 'constructor', args: {} }]) },
  { name: 'tool name toString', xml: () => ({ text: '<toString></toString>' }), native: () => calls([{ name: 'toString', args: {} }]) },
  { name: 'tool name hasOwnProperty', xml: () => ({ text: '<hasOwnProperty><x>1</x></hasOwnProperty>' }), native: () => calls([{ name: 'hasOwnProperty', args: {} }]) },
  { name: 'tool name valueOf / __defineGetter__', xml: () => ({ text: '<valueOf/><__defineGetter__>x</__defineGetter__>' }), native: () => calls([{ name: 'valueOf', args: {} }, { name: '__defineGetter__', args: {} }]) },
  { name: 'parameter named __proto__ / constructor', xml: () => ({ text: '<Read><path>notes.txt</path><__proto__>{"polluted":"yes"}</__proto__><constructor>x</constructor></Read>' }), native: () => calls([{ name: 'Read', args: '{"path":"notes.txt","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}' }]) },
  { name: 'empty tool name and arguments that are not an object', xml: () => ({ text: '<><path>x</path></>' }), native: () => calls([{ name: '', args: '{}' }, { name: 'Read', args: '[1,2,3]' }, { name: 'Read', args: 'null' }, { name: 'Read', args: '"notes.txt"' }]) },
  { name: 'deeply nested tags (10,000 levels)', xml: () => ({ text: `${'<Read>'.repeat(10_000)}${'</Read>'.repeat(10_000)}` }), native: () => calls([{ name: 'Read', args: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` }]) },
  { name: `${manyReads.toLocaleString('en')} tool calls in one reply`, xml: () => ({ text: '<Read><path>notes.txt</path></Read>\n'.repeat(manyReads), chunkSize: 64 * 1024 }), native: () => ({ ...calls(Array.from({ length: manyReads }, () => ({ name: 'Read', args: { path: 'notes.txt' } }))), chunkSize: 64 * 1024 }) },
  { name: '1,000 Bash calls in one reply (all need approval)', xml: () => ({ text: `<Bash><command>${touch}</command></Bash>\n`.repeat(1000), chunkSize: 64 * 1024 }), native: () => calls(Array.from({ length: 1000 }, () => ({ name: 'Bash', args: { command: touch } }))) },
  { name: 'Bash chained after an allow-listed prefix', xml: () => ({ text: `<Bash><command>git status; ${touch}</command></Bash>` }), native: () => calls([{ name: 'Bash', args: { command: `git status && ${touch}` } }]) },
];

function modelOutputCase(protocol: 'xml' | 'native', output: ModelOutputCase): HostileCase {
  return {
    group: `model output (${protocol})`,
    name: `${protocol}: ${output.name}`,
    async run(env) {
      await prepareWorkspace(env);
      env.server.reset();
      env.server.enqueue(protocol === 'xml' ? output.xml() : output.native(), { text: 'Done.' }, { text: 'Done.' }, { text: 'Done.' });
      // Every approval is refused; `git status` is allow-listed, to show a chained command does not ride on it.
      const agent = scriptedSession(env.server, env.root, { protocol, approval: { commandAllowList: ['git status'] } });
      const { end } = await agent.run('go');
      const ran = await fsp.access(path.join(env.root, MARKER)).then(() => 1, () => 0);
      // The loop is still alive: the same session answers the next message.
      env.server.reset();
      env.server.enqueue({ text: 'pong' });
      const next = await agent.run('ping');
      if (next.end !== 'answered') return { unexpected: `the session did not answer after the hostile reply (${next.end}; first turn ${end})`, commandsWithoutApproval: ran };
      const history = agent.session.messages;
      if (history.length < 4) return { unexpected: 'history lost messages', commandsWithoutApproval: ran };
      return { commandsWithoutApproval: ran };
    },
  };
}

/** Bytes that are not UTF-8 (a stray 0xFF, a truncated sequence, an encoded surrogate) in a streamed reply. */
const invalidUtf8 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf4, 0x90, 0x80, 0x80])];

function chunkFrame(delta: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from('data: {"id":"x","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":'), ...delta, Buffer.from('}]}\n\n')]);
}

/** A model endpoint that answers the first request with raw invalid UTF-8, then plain text. */
async function rawBytesServer(protocol: 'xml' | 'native'): Promise<{ baseUrl: string; close(): Promise<void> }> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const first = requests++ === 0;
      const bad = Buffer.concat(invalidUtf8);
      if (!first) res.write(chunkFrame([Buffer.from('{"content":"pong"}')]));
      else if (protocol === 'xml') res.write(chunkFrame([Buffer.from('{"content":"bad '), bad, Buffer.from(' <Read><path>notes'), bad, Buffer.from('.txt</path></Read>"}')]));
      else res.write(chunkFrame([Buffer.from('{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"Re'), bad, Buffer.from('ad","arguments":"{\\"path\\":\\"n'), bad, Buffer.from('\\"}"}}]}')]));
      res.write(`data: {"id":"x","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"${first && protocol === 'native' ? 'tool_calls' : 'stop'}"}]}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${address.port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function invalidUtf8Case(protocol: 'xml' | 'native'): HostileCase {
  return {
    group: `model output (${protocol})`,
    name: `${protocol}: invalid UTF-8 bytes in the stream (text, tool name, parameters)`,
    async run(env) {
      await prepareWorkspace(env);
      const raw = await rawBytesServer(protocol);
      try {
        const agent = scriptedSession({ baseUrl: raw.baseUrl } as ScriptedModelServer, env.root, { protocol });
        await agent.run('go');
        const next = await agent.run('ping');
        return next.end === 'answered' ? {} : { unexpected: `the session did not answer after invalid UTF-8 (${next.end})` };
      } finally {
        await raw.close();
      }
    },
  };
}

// ---- oversized @file: matches ------------------------------------------------------------------------

interface ContextCase {
  name: string;
  files: (root: string) => Promise<void>;
  text: string;
  check: (input: Awaited<ReturnType<typeof preprocessUserInput>>) => string | undefined;
}

const contextBudget = 400 * 1024 + 64 * 1024;

export const oversizedContext: ContextCase[] = [
  {
    name: 'a 20 MB file',
    files: (root) => fsp.writeFile(path.join(root, 'big.log'), 'line of log text\n'.repeat(20 * 1024 * 1024 / 17)),
    text: '@file:big.log',
    check: (i) => (i.modelText.length > contextBudget ? `attached ${i.modelText.length} characters` : /truncated/.test(i.modelText) ? undefined : 'truncation not marked'),
  },
  {
    name: 'one 5 MB line',
    files: (root) => fsp.writeFile(path.join(root, 'oneline.min.js'), 'x'.repeat(5 * 1024 * 1024)),
    text: '@file:oneline.min.js',
    check: (i) => (i.modelText.length > contextBudget ? `attached ${i.modelText.length} characters` : undefined),
  },
  {
    name: 'a keyword matching 3,000 files',
    files: async (root) => {
      await fsp.mkdir(path.join(root, 'gen'), { recursive: true });
      for (let i = 0; i < 3000; i++) await fsp.writeFile(path.join(root, 'gen', `match${i}.txt`), `file ${i}\n`.repeat(50));
    },
    text: '@file:match',
    check: (i) => (i.contextFiles.length > 10 ? `attached ${i.contextFiles.length} files` : i.modelText.length > contextBudget ? 'over budget' : undefined),
  },
  {
    name: 'ten 1 MB matches (total budget)',
    files: async (root) => {
      for (let i = 0; i < 10; i++) await fsp.writeFile(path.join(root, `chunk${i}.txt`), `${'y'.repeat(99)}\n`.repeat(10_000));
    },
    text: '@file:chunk',
    check: (i) => (i.modelText.length > contextBudget ? `attached ${i.modelText.length} characters` : undefined),
  },
  {
    name: 'a binary file',
    files: (root) => fsp.writeFile(path.join(root, 'blob.bin'), Buffer.from(Array.from({ length: 1 << 20 }, (_, i) => (i * 7919) % 256))),
    text: '@file:blob.bin',
    check: (i) => (i.modelText.length > contextBudget ? 'attached the whole binary' : undefined),
  },
  {
    name: '2,000 @file: references in one message',
    files: (root) => fsp.writeFile(path.join(root, 'notes.md'), 'n\n'),
    text: Array.from({ length: 2000 }, (_, i) => `@file:k${i}`).join(' '),
    check: (i) => (i.modelText.length > 2_000_000 ? `${i.modelText.length} characters` : undefined),
  },
  {
    name: 'a 100,000-character keyword',
    files: async () => {},
    text: `@file:${'k'.repeat(100_000)}`,
    check: () => undefined,
  },
];

function contextCase(c: ContextCase): HostileCase {
  return {
    group: '@file: size',
    name: c.name,
    async run(env) {
      await c.files(env.root);
      const problem = c.check(await preprocessUserInput(c.text, new NodeWorkspaceFs(env.root)));
      return problem ? { unexpected: problem } : {};
    },
  };
}

// ---- hostile front matter in rule and agent files --------------------------------------------------

const laughs = (() => {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level < 10; level++) {
    const prev = String.fromCharCode(96 + level);
    const name = String.fromCharCode(97 + level);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  return lines.join('\n');
})();

export const hostileFrontMatter: { name: string; text: string }[] = [
  { name: 'billion laughs (aliases)', text: `---\nname: bomb\n${laughs}\n---\nbody\n` },
  { name: 'merge-key bomb', text: `---\nname: merge\nbase: &b {x: 1}\n${Array.from({ length: 2000 }, (_, i) => `k${i}: {<<: *b}`).join('\n')}\n---\nbody\n` },
  { name: 'huge file (8 MB)', text: `---\nname: huge\ndescription: ${'d'.repeat(4 * 1024 * 1024)}\n---\n${'body '.repeat(800_000)}\n` },
  { name: 'non-object front matter: list', text: '---\n- a\n- b\n---\nbody\n' },
  { name: 'non-object front matter: number', text: '---\n42\n---\nbody\n' },
  { name: 'non-object front matter: string', text: '---\n"just text"\n---\nbody\n' },
  { name: 'non-object front matter: null', text: '---\nnull\n---\nbody\n' },
  { name: '__proto__ key', text: '---\nname: proto\n__proto__:\n  polluted: yes\n  alwaysApply: true\n---\nbody\n' },
  { name: 'constructor.prototype key', text: '---\nname: ctor\nconstructor:\n  prototype:\n    polluted: yes\n---\nbody\n' },
  { name: '__proto__ inside tools', text: '---\nname: tools-proto\ntools:\n  __proto__:\n    polluted: yes\n  allow: [Read]\n---\nbody\n' },
  { name: 'deep nesting (5,000 levels)', text: `---\nname: deep\nx: ${'['.repeat(5000)}${']'.repeat(5000)}\n---\nbody\n` },
  { name: 'front matter never closed', text: '---\nname: open\ndescription: no end\nbody without a closing line\n' },
  { name: 'invalid YAML', text: '---\nname: [unclosed\n\t- tab\n---\nbody\n' },
  { name: 'duplicate keys', text: '---\nname: one\nname: two\n---\nbody\n' },
  { name: 'custom tags (!!js/function)', text: '---\nname: tags\ndescription: !!js/function "function(){ globalThis.polluted = 1 }"\nx: !!binary aGVsbG8=\n---\nbody\n' },
  { name: 'ten thousand keys', text: `---\nname: keys\n${Array.from({ length: 10_000 }, (_, i) => `k${i}: ${i}`).join('\n')}\n---\nbody\n` },
];

function ruleCase(fm: { name: string; text: string }): HostileCase {
  return {
    group: 'rule front matter',
    name: `rule: ${fm.name}`,
    async run(env) {
      await fsp.mkdir(path.join(env.root, '.codeagent/rules'), { recursive: true });
      await fsp.writeFile(path.join(env.root, '.codeagent/rules/hostile.md'), fm.text);
      await fsp.writeFile(path.join(env.root, '.codeagent/rules/good.md'), '---\nalwaysApply: true\n---\nGOOD RULE\n');
      const rules = await loadProjectRules(new NodeWorkspaceFs(env.root), { touchedPaths: ['src/a.ts'] });
      if (!rules.text.includes('GOOD RULE')) return { unexpected: 'a hostile rule file kept the good one from loading' };
      if (rules.text.length > 60_000) return { unexpected: `the rules block grew to ${rules.text.length} characters` };
      return {};
    },
  };
}

function agentCase(fm: { name: string; text: string }): HostileCase {
  return {
    group: 'agent front matter',
    name: `agent: ${fm.name}`,
    async run(env) {
      await fsp.mkdir(path.join(env.root, '.codeagent/agents'), { recursive: true });
      await fsp.writeFile(path.join(env.root, '.codeagent/agents/hostile.md'), fm.text);
      await fsp.writeFile(path.join(env.root, '.codeagent/agents/good.md'), '---\nname: good\ndescription: fine\n---\nYou are fine.\n');
      const loaded = await loadAgents({ project: new NodeWorkspaceFs(env.root) });
      if (!loaded.agents.some((a) => a.name === 'good')) return { unexpected: 'a hostile agent file kept the good one from loading' };
      for (const agent of loaded.agents) {
        if (JSON.stringify(agent).length > 300_000) return { unexpected: `agent ${agent.name} loaded with ${JSON.stringify(agent).length} characters` };
      }
      return {};
    },
  };
}

// ---- the tables, and one runner for tests and the benchmark ------------------------------------------

export function hostileCases(): HostileCase[] {
  return [
    ...pathTools.flatMap((tool) => escapingPaths.map((p) => pathToolCase(tool, p))),
    ...escapingPaths.flatMap((p) => [mentionCase('@', p), mentionCase('@file:', p)]),
    ...insideControls,
    ...(['xml', 'native'] as const).flatMap((protocol) => [...modelOutputs.map((o) => modelOutputCase(protocol, o)), invalidUtf8Case(protocol)]),
    ...oversizedContext.map(contextCase),
    ...hostileFrontMatter.flatMap((fm) => [ruleCase(fm), agentCase(fm), skillCase(fm), instructionCase(fm)]),
    ...hostileHookFiles.map(hookFileCase),
    ...commandCases(hostileFrontMatter),
  ];
}

async function snapshotOutside(outside: string): Promise<string> {
  const names = await fsp.readdir(outside);
  const contents = await Promise.all(names.map((n) => fsp.readFile(path.join(outside, n), 'utf8').catch(() => '?')));
  return JSON.stringify([names, contents]);
}

/** Runs one case in a fresh workspace beside a fresh outside directory; a throw is a crash, not a failure. */
export async function runHostileCase(c: HostileCase, server: ScriptedModelServer): Promise<{ crashed?: string } & CaseOutcome> {
  const base = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-hostile-'));
  const root = path.join(base, 'ws');
  const outside = path.join(base, 'ws-outside');
  await fsp.mkdir(root);
  await fsp.mkdir(outside);
  await fsp.writeFile(path.join(outside, 'secret.txt'), `${SECRET}\n`);
  const before = await snapshotOutside(outside);
  try {
    const outcome = await c.run({ root, outside, server });
    const polluted = ({} as Record<string, unknown>).polluted !== undefined || (globalThis as Record<string, unknown>).polluted !== undefined;
    if (polluted) return { ...outcome, escaped: 'Object.prototype was polluted' };
    if ((await snapshotOutside(outside)) !== before) return { ...outcome, escaped: 'a file outside the workspace was created or changed' };
    return outcome;
  } catch (error) {
    return { crashed: error instanceof Error ? `${error.name}: ${error.message.slice(0, 300)}` : String(error) };
  } finally {
    await fsp.rm(base, { recursive: true, force: true });
  }
}

export function emptyTally(): HostileTally {
  return { tried: 0, crashes: 0, escapes: 0, commandsWithoutApproval: 0, unexpected: 0, problems: [] };
}

export function count(tally: HostileTally, c: HostileCase, outcome: Awaited<ReturnType<typeof runHostileCase>>): void {
  tally.tried++;
  if (outcome.crashed) tally.crashes++;
  if (outcome.escaped) tally.escapes++;
  if (outcome.unexpected) tally.unexpected++;
  tally.commandsWithoutApproval += outcome.commandsWithoutApproval ?? 0;
  for (const [what, text] of [['crash', outcome.crashed], ['escape', outcome.escaped], ['unexpected', outcome.unexpected]] as const) {
    if (text) tally.problems.push(`${c.group} / ${c.name}: ${what}: ${text}`);
  }
}
