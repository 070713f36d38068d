// Spec §17 (issue 23): a team's files written for Claude Code and Copilot work unchanged. A skill is listed by its
// description and loaded by Skill; the instruction files reach the request when they should (a nested AGENTS.md only
// once a file under it is read); a workspace's PreToolUse hook runs only after Allow, blocks the Bash call with
// exit 2 and the model reads its stderr; a changed hook file asks again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sendAndWaitForTurn } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, lastMessage, messagesOf } from './support/modelRequests';
import { clickNotificationButton, notificationTexts } from './support/notifications';
import { useCodeServerSuite } from './support/codeServerSuite';

const USAGE = { prompt_tokens: 100, completion_tokens: 10 };

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
}

/** The request's project-rules layer (L2): the message that holds the rules and skills. */
function rulesLayer(request: Parameters<typeof messagesOf>[0]): string {
  return messagesOf(request).filter((m) => m.role === 'system' && (m.content.startsWith('# Project rules') || m.content.startsWith('# Skills'))).map((m) => m.content).join('\n');
}

describe('ecosystem files: skills, hooks, instructions', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('a skill is listed by description and loaded by Skill; instruction files reach the request at the right moment', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'team-repo' });
    write(workspace, {
      '.claude/skills/release-notes/SKILL.md': '---\nname: release-notes\ndescription: Write release notes from the git log. Use when asked for a changelog.\nallowed-tools: Read, Grep\n---\n# Release notes\nGroup the changes under Added, Fixed and Removed.\n',
      '.claude/skills/release-notes/template.md': '## Added\n',
      'CLAUDE.md': '# Memory\nUse pnpm, never npm.\n',
      '.github/copilot-instructions.md': 'Strict TypeScript everywhere.\n',
      '.github/instructions/api.instructions.md': '---\napplyTo: "packages/api/**"\n---\nEvery handler validates its input with zod.\n',
      'packages/api/AGENTS.md': 'The API package runs on Fastify.\n',
      'packages/api/src/server.ts': 'export const port = 8080;\n',
    });
    suite.model.enqueue(
      { text: '<Skill>\n<name>release-notes</name>\n</Skill>', usage: USAGE },
      { text: '<Read>\n<path>packages/api/src/server.ts</path>\n</Read>', usage: USAGE },
      { text: 'The notes are ready.', usage: USAGE },
    );
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendAndWaitForTurn(chat, 'Write the changelog for the API');

    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 3, posts.map((p) => describeMessages(p)).join('\n'));
    const first = rulesLayer(posts[0]!);
    assert.match(first, /- release-notes: Write release notes from the git log\. Use when asked for a changelog\./, 'listed by description');
    assert.doesNotMatch(first, /Group the changes under/, 'not the body');
    assert.match(first, /## CLAUDE\.md\n# Memory\nUse pnpm, never npm\./);
    assert.match(first, /## \.github\/copilot-instructions\.md\nStrict TypeScript everywhere\./);
    assert.doesNotMatch(first, /Fastify|validates its input/, 'nested and applyTo files wait for a file under them');
    assert.ok(first.indexOf('# Skills') < first.indexOf('# Project rules'), 'skills first: a stable prefix');

    const loaded = lastMessage(posts[1]!).content;
    assert.match(loaded, /Skill "release-notes" loaded from \.claude\/skills\/release-notes\/SKILL\.md/);
    assert.match(loaded, /Group the changes under Added, Fixed and Removed\./);
    assert.match(loaded, /- \.claude\/skills\/release-notes\/template\.md/);
    assert.doesNotMatch(rulesLayer(posts[1]!), /Fastify/, 'the nested AGENTS.md not before the Read');

    const third = rulesLayer(posts[2]!);
    assert.match(third, /## packages\/api\/AGENTS\.md\nThe API package runs on Fastify\./, 'after a file under it was read');
    assert.match(third, /## \.github\/instructions\/api\.instructions\.md\nEvery handler validates its input with zod\./);
  });

  it('a workspace PreToolUse hook runs only after Allow, blocks the Bash call with exit 2, and a changed hook set asks again', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'hooked-repo', settings: { 'codeagent.approval.autoApproveCommands': true } });
    const hookFile = (message: string) => JSON.stringify({
      permissions: { allow: ['Bash(make:*)'] },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `cat > .hook-stdin.json; echo "${message}" >&2; exit 2`, timeout: 10 }] }] },
    }, null, 2);
    write(workspace, { '.claude/settings.json': hookFile('Blocked by team policy: use the make targets') });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    const prompt = /this workspace defines hooks that run commands/;
    await eventually(async () => assert.ok((await notificationTexts(session.page)).some((text) => prompt.test(text) && text.includes('PreToolUse [Bash]') && text.includes('Blocked by team policy'))), { timeoutMs: 30_000, message: 'the prompt names the hook command' });
    await clickNotificationButton(session.page, prompt, 'Allow');

    suite.model.enqueue(
      { text: '<Bash>\n<command>touch ran.txt</command>\n</Bash>', usage: USAGE },
      { text: 'Understood, I will use make.', usage: USAGE },
    );
    await sendAndWaitForTurn(chat, 'Create ran.txt');
    assert.equal(fs.existsSync(path.join(workspace, 'ran.txt')), false, 'the hook blocked the command');
    const stdin = JSON.parse(fs.readFileSync(path.join(workspace, '.hook-stdin.json'), 'utf8'));
    assert.equal(stdin.hook_event_name, 'PreToolUse');
    assert.equal(stdin.tool_name, 'Bash');
    assert.equal(stdin.tool_input.command, 'touch ran.txt');
    const posts = chatPosts(suite.model);
    assert.match(lastMessage(posts[1]!).content, /A PreToolUse hook blocked this Bash: Blocked by team policy: use the make targets/);

    // The repository changes its hook: the changed set does not run (the command goes through), and it is asked again.
    fs.writeFileSync(path.join(workspace, '.claude', 'settings.json'), hookFile('Changed hook, allow me again'));
    suite.model.enqueue({ text: '<Bash>\n<command>touch ran2.txt</command>\n</Bash>', usage: USAGE }, { text: 'Done.', usage: USAGE });
    await sendAndWaitForTurn(chat, 'Create ran2.txt');
    assert.equal(fs.existsSync(path.join(workspace, 'ran2.txt')), true, 'the changed, not allowed hook did not run');
    assert.doesNotMatch(lastMessage(chatPosts(suite.model).at(-1)!).content, /Changed hook/);
    await eventually(async () => assert.ok((await notificationTexts(session.page)).some((text) => prompt.test(text) && text.includes('Changed hook, allow me again'))), { timeoutMs: 30_000, message: 'a changed hook set asks again' });
  });

  it('hostile hook and skill files are refused with file and reason, and the panel works on', async function () {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'hostile-repo' });
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghij'.split('').map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghij'[i]}`).join(',')}]`)].join('\n');
    write(workspace, {
      '.codeagent/hooks.json': JSON.stringify({ hooks: {}, pad: 'x'.repeat(2 * 1024 * 1024) }),
      '.claude/settings.local.json': '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [',
      '.claude/skills/bomb/SKILL.md': `---\nname: bomb\ndescription: boom\n${laughs}\n---\nbody\n`,
      '.claude/skills/huge/SKILL.md': `---\nname: huge\ndescription: big\n---\n${'x'.repeat(300 * 1024)}\n`,
      '.claude/skills/fine/SKILL.md': '---\nname: fine\ndescription: A skill that is fine.\n---\nFine.\n',
    });
    suite.model.enqueue({ text: 'Still here.', usage: USAGE });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    const panelText = async () => (await chat.locator('body').textContent()) ?? '';
    await eventually(async () => {
      const text = await panelText();
      assert.match(text, /\.claude\/skills\/bomb\/SKILL\.md: invalid YAML[^;]*alias/i);
      assert.match(text, /\.claude\/skills\/huge\/SKILL\.md: SKILL\.md is \d+ bytes; at most 262144 are read; not loaded/);
      assert.match(text, /\.codeagent\/hooks\.json: not read: the file is \d+ bytes/);
      assert.match(text, /\.claude\/settings\.local\.json: invalid JSON/);
    }, { timeoutMs: 30_000, message: 'each file named with its reason in the panel' });

    await sendAndWaitForTurn(chat, 'Are you still working?');
    assert.match(await panelText(), /Still here\./);
    const layer = rulesLayer(chatPosts(suite.model)[0]!);
    assert.match(layer, /- fine: A skill that is fine\./);
    assert.doesNotMatch(layer, /bomb|huge/);
  });
});
