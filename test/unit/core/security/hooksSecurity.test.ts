import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import type { HookEntry } from '../../../../src/core/hooks/hookConfig';
import { HookDispatcher } from '../../../../src/core/hooks/hookDispatcher';
import type { LoadedHooks } from '../../../../src/core/hooks/hookSources';
import { activeHooks } from '../../../../src/core/trust/hookTrust';
import { NodeHookRunner } from '../../../../src/node/hooks/nodeHookRunner';
import { HashedTrustStore } from '../../../../src/node/trust/hashedTrustStore';
import { scriptedSession } from '../../hostile/scriptedSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';

function memoryState() {
  const values = new Map<string, unknown>();
  return { get: <T>(key: string) => values.get(key) as T | undefined, update: async (key: string, value: unknown) => void values.set(key, value) };
}

const hook = (event: HookEntry['event'], command: string, matcher?: string, source = '.claude/settings.json'): HookEntry => ({ event, command, matcher, timeoutSeconds: 10, source });

describe('hooks security (spec §17, docs/security.md)', function () {
  this.timeout(20_000);

  describe('a workspace hook set runs only once the user allowed exactly it', () => {
    const loaded: LoadedHooks = { workspace: [hook('PreToolUse', 'guard.sh', 'Bash')], user: [hook('Stop', 'say done', undefined, '~/.claude/settings.json')], problems: [] };
    const on = { enabled: true, workspaceTrusted: true };

    it('not allowed: only the user\'s own hooks run, and the set waits for Allow', async () => {
      const store = new HashedTrustStore(memoryState());
      const state = activeHooks(loaded, store, on);
      assert.deepEqual(state.hooks.map((h) => h.command), ['say done']);
      assert.deepEqual(state.pending?.hooks.map((h) => h.command), ['guard.sh']);
      await store.allow(state.pending!.subject);
      assert.deepEqual(activeHooks(loaded, store, on).hooks.map((h) => h.command), ['guard.sh', 'say done']);
    });

    it('any change to the set (command, matcher, timeout, a hook added) asks again', async () => {
      const store = new HashedTrustStore(memoryState());
      await store.allow(activeHooks(loaded, store, on).pending!.subject);
      const changes: HookEntry[][] = [
        [hook('PreToolUse', 'guard.sh; curl evil', 'Bash')],
        [hook('PreToolUse', 'guard.sh', '.*')],
        [{ ...hook('PreToolUse', 'guard.sh', 'Bash'), timeoutSeconds: 11 }],
        [hook('PreToolUse', 'guard.sh', 'Bash'), hook('SessionStart', 'curl evil')],
        [hook('PreToolUse', 'guard.sh', 'Bash', '.codeagent/hooks.json')],
      ];
      for (const workspace of changes) {
        const state = activeHooks({ ...loaded, workspace }, store, on);
        assert.ok(state.pending, JSON.stringify(workspace));
        assert.ok(!state.hooks.some((h) => h.source !== '~/.claude/settings.json'));
      }
    });

    it('hooks.enabled off runs none; Restricted Mode runs none of the workspace\'s, even allowed', async () => {
      const store = new HashedTrustStore(memoryState());
      await store.allow(activeHooks(loaded, store, on).pending!.subject);
      assert.deepEqual(activeHooks(loaded, store, { enabled: false, workspaceTrusted: true }).hooks, []);
      const restricted = activeHooks(loaded, store, { enabled: true, workspaceTrusted: false });
      assert.deepEqual(restricted.hooks.map((h) => h.command), ['say done']);
      assert.equal(restricted.pending, undefined);
    });
  });

  describe('the runner', () => {
    it('passes the event on stdin, and never the API key in the environment', async () => {
      const runner = new NodeHookRunner(() => ['sk-test-0123456789'], () => ({ ...process.env, OPENAI_API_KEY: 'sk-test-0123456789', CODEAGENT_API_KEY: 'sk-other-key-42', MY_SETTING: 'has sk-test-0123456789 inside', HARMLESS: 'yes' }));
      const run = await runner.run('cat; echo; env', { stdin: '{"hook_event_name":"PreToolUse"}', cwd: process.cwd(), timeoutMs: 5000 });
      assert.equal(run.exitCode, 0);
      assert.ok(run.stdout.startsWith('{"hook_event_name":"PreToolUse"}'));
      assert.match(run.stdout, /^HARMLESS=yes$/m);
      assert.match(run.stdout, /^CLAUDE_PROJECT_DIR=/m);
      assert.doesNotMatch(run.stdout, /sk-test-0123456789|sk-other-key-42|OPENAI_API_KEY|CODEAGENT_API_KEY/);
    });

    it('kills the whole process group at the timeout', async () => {
      const runner = new NodeHookRunner(() => []);
      const started = Date.now();
      const run = await runner.run('sleep 30 & sleep 30; echo never', { stdin: '', cwd: process.cwd(), timeoutMs: 300 });
      assert.equal(run.timedOut, true);
      assert.equal(run.exitCode, null);
      assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms (the sleeps last 30 s)`);
    });
  });

  describe('in a real turn (scripted model, real tools, real hook commands)', () => {
    const scripted = useScriptedWorkspace({ 'src/a.ts': 'export const a = 1;\n' });
    const logged: string[] = [];
    const dispatcher = (hooks: HookEntry[]) => new HookDispatcher({ hooks: () => hooks, runner: new NodeHookRunner(() => []), cwd: scripted.ws.root, log: (m) => logged.push(m), warn: () => {} });
    const asked = (events: AgentEvent[]) => events.filter((e) => e.type === 'approval' && e.phase === 'request').map((e) => (e as { tool: string }).tool);

    it('PreToolUse exit 2 blocks the Bash call, even auto-approved, and the model reads the hook\'s stderr', async () => {
      scripted.server.enqueue({ text: '<Bash><command>touch ran.txt</command></Bash>' }, { text: 'Understood.' });
      const hooks = dispatcher([hook('PreToolUse', 'cat > stdin.json; echo "Use make, not raw commands" >&2; exit 2', 'Bash')]);
      const agent = scriptedSession(scripted.server, scripted.ws.root, { approval: { autoApproveCommands: true }, deps: { hooks } });
      const { events } = await agent.run('touch it', () => 'accepted');
      assert.equal(await scripted.ws.exists('ran.txt'), false, 'the command did not run');
      assert.deepEqual(asked(events), []);
      const wire = JSON.stringify(scripted.server.requests[1]!.body.messages.at(-1));
      assert.match(wire, /A PreToolUse hook blocked this Bash: Use make, not raw commands/);
      const stdin = JSON.parse(await scripted.ws.read('stdin.json'));
      assert.equal(stdin.hook_event_name, 'PreToolUse');
      assert.equal(stdin.tool_name, 'Bash');
      assert.deepEqual(stdin.tool_input, { command: 'touch ran.txt' });
      assert.equal(stdin.cwd, scripted.ws.root);
      assert.ok(logged.some((line) => /hook PreToolUse \(Bash\) from \.claude\/settings\.json: .* → exit 2/.test(line)), 'the run is logged');
    });

    it('permissionDecision "allow" grants nothing: the command is still asked, and rejected it does not run', async () => {
      scripted.server.enqueue({ text: '<Bash><command>touch ran.txt</command></Bash>' }, { text: 'ok' });
      const hooks = dispatcher([hook('PreToolUse', 'echo \'{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}\'')]);
      const agent = scriptedSession(scripted.server, scripted.ws.root, { deps: { hooks } });
      const { events } = await agent.run('touch it', () => 'rejected');
      assert.deepEqual(asked(events), ['Bash']);
      assert.equal(await scripted.ws.exists('ran.txt'), false);
    });

    it('"allow" never skips the protected-config rule: a Write of .claude/settings.json still asks with edits auto-approved', async () => {
      scripted.server.enqueue({ text: '<Write><path>.claude/settings.json</path><content>{"hooks": {}}</content></Write>' }, { text: 'ok' });
      const hooks = dispatcher([hook('PreToolUse', 'echo \'{"hookSpecificOutput": {"permissionDecision": "allow"}}\'')]);
      const agent = scriptedSession(scripted.server, scripted.ws.root, { approval: { autoApproveEdits: true }, deps: { hooks } });
      const { events } = await agent.run('write it', () => 'rejected');
      assert.deepEqual(asked(events), ['Write']);
      assert.equal(await scripted.ws.exists('.claude/settings.json'), false);
    });

    it('"ask" makes an edit ask in review-after-edits mode too (spec §15 widens nothing)', async () => {
      scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { text: '<Edit><path>src/a.ts</path><old_string>= 1</old_string><new_string>= 2</new_string></Edit>' }, { text: 'ok' });
      const ask = dispatcher([hook('PreToolUse', 'echo \'{"hookSpecificOutput": {"permissionDecision": "ask", "permissionDecisionReason": "check first"}}\'', 'Edit')]);
      const { events } = await scriptedSession(scripted.server, scripted.ws.root, { approval: { editReview: 'after' }, deps: { hooks: ask } }).run('edit it', () => 'rejected');
      assert.deepEqual(asked(events), ['Edit']);
      assert.equal(await scripted.ws.read('src/a.ts'), 'export const a = 1;\n');
    });

    it('"ask" makes an auto-approved command ask; "deny" blocks with its reason', async () => {
      scripted.server.enqueue({ text: '<Bash><command>touch ran.txt</command></Bash>' }, { text: 'ok' });
      const ask = dispatcher([hook('PreToolUse', 'echo \'{"hookSpecificOutput": {"permissionDecision": "ask", "permissionDecisionReason": "check first"}}\'')]);
      const first = await scriptedSession(scripted.server, scripted.ws.root, { approval: { autoApproveCommands: true }, deps: { hooks: ask } }).run('touch it', () => 'rejected');
      assert.deepEqual(asked(first.events), ['Bash']);
      assert.equal(await scripted.ws.exists('ran.txt'), false);
      scripted.server.enqueue({ text: '<Bash><command>touch ran.txt</command></Bash>' }, { text: 'ok' });
      const deny = dispatcher([hook('PreToolUse', 'echo \'{"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "no touching"}}\'')]);
      await scriptedSession(scripted.server, scripted.ws.root, { approval: { autoApproveCommands: true }, deps: { hooks: deny } }).run('touch it', () => 'accepted');
      assert.equal(await scripted.ws.exists('ran.txt'), false);
      assert.match(JSON.stringify(scripted.server.requests.at(-1)!.body.messages.at(-1)), /no touching/);
    });

    it('UserPromptSubmit exit 2 refuses the prompt: nothing reaches the model, the reason is shown', async () => {
      const hooks = dispatcher([hook('UserPromptSubmit', 'echo "No secrets in prompts" >&2; exit 2')]);
      const { events } = await scriptedSession(scripted.server, scripted.ws.root, { deps: { hooks } }).run('my password is hunter2');
      assert.equal(scripted.server.requests.length, 0);
      assert.ok(events.some((e) => e.type === 'error' && /UserPromptSubmit hook refused this message: No secrets in prompts/.test(e.message)));
    });

    it('PostToolUse exit 2 adds its stderr to the result the model reads; other exit codes only warn', async () => {
      scripted.server.enqueue({ text: '<Read><path>src/a.ts</path></Read>' }, { text: 'ok' });
      const hooks = dispatcher([hook('PostToolUse', 'echo "lint: missing semicolon" >&2; exit 2', 'Read'), hook('PostToolUse', 'exit 1', 'Read')]);
      await scriptedSession(scripted.server, scripted.ws.root, { deps: { hooks } }).run('read it');
      const wire = JSON.stringify(scripted.server.requests[1]!.body.messages.at(-1));
      assert.match(wire, /export const a = 1;/);
      assert.match(wire, /PostToolUse hook: lint: missing semicolon/);
    });

    it('SessionStart and UserPromptSubmit stdout reach the first request as context; a Stop hook that exits 2 is shown, not obeyed', async () => {
      scripted.server.enqueue({ text: 'Hello.' }, { text: 'Again.' });
      const hooks = dispatcher([hook('SessionStart', 'echo "Branch: feature/login"'), hook('UserPromptSubmit', 'echo "Sprint 12: freeze on main"'), hook('Stop', 'echo "tests not run yet" >&2; exit 2')]);
      const agent = scriptedSession(scripted.server, scripted.ws.root, { deps: { hooks } });
      const { events } = await agent.run('hi');
      const first = JSON.stringify(scripted.server.requests[0]!.body.messages.at(-1));
      assert.match(first, /Branch: feature\/login/);
      assert.match(first, /Sprint 12: freeze on main/);
      assert.ok(events.some((e) => e.type === 'notice' && /A Stop hook asked the agent to go on: tests not run yet/.test(e.text)));
      await agent.run('again');
      assert.doesNotMatch(JSON.stringify(scripted.server.requests[1]!.body.messages.at(-1)), /Branch: feature/, 'SessionStart runs before the first message only');
    });
  });
});
