import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AgentSession } from '../../../src/core/session/agentSession';
import type { AgentEvent } from '../../../src/core/events';
import type { WorkspaceFs } from '../../../src/core/ports/workspaceFs';
import { faultSession, sendRecorded } from './faultSessionKit';
import { until } from '../../support/until';
import { useScriptedWorkspace } from '../../support/scriptedWorkspace';

type ToolResultEvent = Extract<AgentEvent, { type: 'toolResult' }>;

/** The real file system, except that writing `failing` fails the way a full or read-only disk does. */
function failingWrites(inner: WorkspaceFs, failing: string, code: 'ENOSPC' | 'EACCES' | 'EROFS'): WorkspaceFs {
  return {
    root: inner.root,
    realPath: (rel) => inner.realPath(rel),
    stat: (rel) => inner.stat(rel),
    readFile: (rel) => inner.readFile(rel),
    readBytes: (rel) => inner.readBytes(rel),
    readDir: (rel) => inner.readDir(rel),
    deleteFile: (rel) => inner.deleteFile(rel),
    writeFile: async (rel, content) => {
      if (rel !== failing) return inner.writeFile(rel, content);
      throw Object.assign(new Error(`${code}: cannot write '${rel}'`), { code });
    },
  };
}

/**
 * Faults of the machine rather than the provider, through the real session: a disk that refuses a write,
 * a command that never ends, one that floods output. The turn goes on, the model is told exactly what
 * happened, every call is answered, and nothing written before is lost.
 */
describe('fault suite: disk and command faults in a turn', function () {
  this.timeout(30_000);
  const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });

  function session(options: { fs?: (fs: WorkspaceFs) => WorkspaceFs } = {}) {
    return faultSession(scripted.server, scripted.ws.root, { settings: { approval: { autoApproveEdits: true, autoApproveCommands: true } }, fs: options.fs });
  }

  async function send(s: AgentSession, text: string, onEvent: (e: AgentEvent, s: AgentSession) => void = () => {}) {
    const { events, end } = await sendRecorded(s, text, (e) => onEvent(e, s));
    return { events, end, results: events.filter((e): e is ToolResultEvent => e.type === 'toolResult') };
  }

  const observation = (index: number) => {
    const messages = scripted.server.requests[index]!.body.messages as Array<{ content: string }>;
    return messages.at(-1)!.content;
  };

  for (const code of ['ENOSPC', 'EACCES', 'EROFS'] as const) {
    it(`a Write the disk refuses (${code}): an error naming the cause, earlier writes kept, the turn goes on`, async () => {
      scripted.server.enqueue(
        { text: '<Write>\n<path>first.md</path>\n<content>written before</content>\n</Write>' },
        { text: '<Write>\n<path>second.md</path>\n<content>will not fit</content>\n</Write>' },
        { text: 'The disk refused it; I stop here.' },
      );
      const { end, results } = await send(session({ fs: (inner) => failingWrites(inner, 'second.md', code) }), 'write both');
      assert.equal(end, 'answered');
      assert.deepEqual(results.map((r) => [r.name, r.status]), [['Write', 'success'], ['Write', 'error']]);
      assert.match(observation(2), new RegExp(code), 'the model is told the cause');
      assert.equal(fs.readFileSync(path.join(scripted.ws.root, 'first.md'), 'utf8').trimEnd(), 'written before');
      assert.equal(fs.existsSync(path.join(scripted.ws.root, 'second.md')), false, 'no half-written file');
    });
  }

  it('an Edit the disk refuses leaves the file as it was', async () => {
    scripted.server.enqueue(
      { text: '<Read>\n<path>src/a.ts</path>\n</Read>' },
      { text: '<Edit>\n<path>src/a.ts</path>\n<old_string>a = 1</old_string>\n<new_string>a = 2</new_string>\n</Edit>' },
      { text: 'It failed.' },
    );
    const { end, results } = await send(session({ fs: (inner) => failingWrites(inner, 'src/a.ts', 'ENOSPC') }), 'edit it');
    assert.equal(end, 'answered');
    assert.equal(results.at(-1)!.status, 'error');
    assert.equal(fs.readFileSync(path.join(scripted.ws.root, 'src/a.ts'), 'utf8'), 'export const a = 1;\n');
  });

  it('a command that never ends: Stop kills it, the call is answered as cancelled', async () => {
    scripted.server.enqueue({ text: '<Bash>\n<command>echo started; sleep 600</command>\n</Bash>' });
    const s = session();
    let stopped = 0;
    const { end, results } = await send(s, 'run it', (e, session) => {
      if (e.type === 'toolOutput' && !stopped) { stopped = Date.now(); session.cancel(); } // it runs: Stop
    });
    assert.equal(end, 'cancelled');
    assert.ok(stopped > 0 && Date.now() - stopped < 10_000, 'Stop ended the turn promptly');
    assert.deepEqual(results.map((r) => [r.name, r.status]), [['Bash', 'cancelled']]);
    const answered = s.messages.filter((m) => m.kind === 'toolResult');
    assert.equal(answered.length, 1, 'history answers the call');
    const survivors = () => spawnSync('pgrep', ['-f', 'sleep 600'], { encoding: 'utf8' }).stdout.trim();
    await until(() => survivors() === '', { timeoutMs: 10_000, message: 'the command and its children gone (the sleep lasts 600 s)' });
  });

  it('a command that never ends: its timeout kills it and the model hears so', async () => {
    scripted.server.enqueue({ text: '<Bash>\n<command>sleep 600</command>\n<timeout>1</timeout>\n</Bash>' }, { text: 'It hung.' });
    const { end, results } = await send(session(), 'run it');
    assert.equal(end, 'answered');
    assert.equal(results[0]!.status, 'error');
    assert.match(observation(1), /timed out after 1 s/i);
  });

  // Memory is not asserted here: 100 MB flowing through leaves garbage that only a GC would tell apart from
  // what is kept; the caps themselves are unit-tested (HeadTailBuffer, OutputProgress).
  it('a command that floods 100 MB of output: capped with its end kept, and the turn goes on', async function () {
    this.timeout(120_000); // about 1.5 s on a quiet machine; the pipe is CPU-bound when the machine is not
    scripted.server.enqueue({ text: '<Bash>\n<command>head -c 104857600 /dev/zero | tr "\\0" x; echo; echo THE-END</command>\n<timeout>120</timeout>\n</Bash>' }, { text: 'Lots of x.' });
    const { end, results } = await send(session(), 'flood');
    assert.equal(end, 'answered');
    assert.equal(results[0]!.status, 'success');
    const seen = observation(1);
    assert.ok(seen.length < 200_000, `the model saw ${seen.length} characters`);
    assert.match(seen, /THE-END/, 'the tail of the output is kept');
    assert.match(seen, /middle was omitted/);
  });
});
