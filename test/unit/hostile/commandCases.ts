import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { CommandCatalog } from '../../../src/core/commands/commandCatalog';
import { loadCommands } from '../../../src/core/commands/commandLoader';
import { NodeWorkspaceFs } from '../../../src/node/nodeWorkspaceFs';
import type { HostileCase, HostileEnv } from './hostileCases';
import { scriptedSession } from './scriptedSession';
import { english } from '../../../src/core/ports/translator';

/**
 * Slash command files (spec §17) are repository content: hostile front matter is refused with the file named and
 * never keeps the good commands from loading; arguments with odd quoting or placeholders are sent as typed and
 * never run, asked for, or expanded twice.
 */
export function commandCases(frontMatter: readonly { name: string; text: string }[]): HostileCase[] {
  return [
    ...frontMatter.map(commandFileCase),
    commandFileCase({ name: 'huge argument-hint and description', text: `---\nargument-hint: ${'['.repeat(70_000)}\ndescription: ${'"'.repeat(10)}\n---\nbody\n` }),
    commandFileCase({ name: 'allowed-tools as a mapping', text: '---\nallowed-tools: {Bash: yes}\n---\nbody\n' }),
    commandFileCase({ name: 'a name that is no command (spaces, NUL)', text: 'body', file: 'bad\u0001 name.md' }),
    symlinkOutCase(),
    ...oddArguments.map(argumentCase),
  ];
}

async function writeCommands(env: HostileEnv, files: Record<string, string>): Promise<void> {
  for (const [rel, text] of Object.entries(files)) {
    await fsp.mkdir(path.dirname(path.join(env.root, rel)), { recursive: true });
    await fsp.writeFile(path.join(env.root, rel), text);
  }
}

function commandFileCase(fm: { name: string; text: string; file?: string }): HostileCase {
  return {
    group: 'command front matter',
    name: `command: ${fm.name}`,
    async run(env) {
      const file = `.claude/commands/${fm.file ?? 'hostile.md'}`;
      await writeCommands(env, { [file]: fm.text, '.claude/commands/good.md': '---\ndescription: fine\n---\nGood $ARGUMENTS\n' });
      const loaded = await loadCommands({ project: new NodeWorkspaceFs(env.root) });
      if (!loaded.commands.some((c) => c.name === 'good')) return { unexpected: 'a hostile command file kept the good one from loading' };
      const hostile = loaded.commands.find((c) => c.source.path === file);
      if (!hostile && !loaded.problems.some((p) => p.file === file && p.reason(english).endsWith('not loaded'))) return { unexpected: 'the refused file was not reported with its name' };
      if (hostile && JSON.stringify(hostile).length > 300_000) return { unexpected: `loaded with ${JSON.stringify(hostile).length} characters` };
      return {};
    },
  };
}

function symlinkOutCase(): HostileCase {
  return {
    group: 'command front matter',
    name: 'command: a symbolic link to a file outside the workspace',
    async run(env) {
      await writeCommands(env, { '.claude/commands/good.md': 'Good' });
      await fsp.symlink(path.join(env.outside, 'secret.txt'), path.join(env.root, '.claude/commands/leak.md'));
      const loaded = await loadCommands({ project: new NodeWorkspaceFs(env.root) });
      if (loaded.commands.some((c) => c.name === 'leak')) return { escaped: 'a command was read from outside the workspace' };
      return loaded.problems.some((p) => p.file === '.claude/commands/leak.md') ? {} : { unexpected: 'the link was not reported' };
    },
  };
}

const oddArguments: { name: string; args: string; words: string[] }[] = [
  { name: 'unclosed double quote', args: '"src/a.ts carefully', words: ['"src/a.ts', 'carefully'] },
  { name: 'lone apostrophe', args: "it's fine", words: ["it's", 'fine'] },
  { name: 'quoted words', args: `"two words" 'and more'`, words: ['two words', 'and more'] },
  { name: 'shell substitution', args: '$(touch ran-without-approval.txt) `touch ran-without-approval.txt`', words: ['$(touch', 'ran-without-approval.txt)'] },
  { name: 'placeholders inside the arguments', args: '$ARGUMENTS ${input:secret:x} $2', words: ['$ARGUMENTS', '${input:secret:x}'] },
  { name: 'backslashes and escaped quotes', args: String.raw`\"a\" b\\`, words: [String.raw`\"a\"`, String.raw`b\\`] },
  { name: 'a 200 KB argument', args: 'x'.repeat(200_000), words: ['x'.repeat(200_000), ''] },
];

function argumentCase(odd: { name: string; args: string; words: string[] }): HostileCase {
  return {
    group: 'command arguments',
    name: `arguments: ${odd.name}`,
    async run(env) {
      await writeCommands(env, { '.claude/commands/echo.md': 'FIRST[$1] SECOND[$2] ALL[$ARGUMENTS]' });
      const catalog = new CommandCatalog(() => loadCommands({ project: new NodeWorkspaceFs(env.root) }));
      await catalog.reload();
      let asked = 0;
      const session = scriptedSession(env.server, env.root, { slashCommands: catalog, userInput: { ask: async () => { asked++; return 'ASKED'; } } });
      env.server.reset();
      env.server.enqueue({ text: 'ok' });
      const { events } = await session.run(`/echo ${odd.args}`);
      const started = events.find((e) => e.type === 'turnStarted');
      if (started?.type !== 'turnStarted' || started.userText !== `/echo ${odd.args}`) return { unexpected: 'the user entry does not show the message as typed' };
      const sent = (env.server.requests[0]?.body.messages as { content: string }[] | undefined)?.at(-1)?.content ?? '';
      const expected = `FIRST[${odd.words[0]}] SECOND[${odd.words[1] ?? ''}] ALL[${odd.args}]`;
      if (!sent.startsWith(expected)) return { unexpected: `sent ${JSON.stringify(sent.slice(0, 200))}` };
      if (asked) return { unexpected: 'an ${input:…} inside the arguments asked the user' };
      const ran = await fsp.stat(path.join(env.root, 'ran-without-approval.txt')).then(() => 1, () => 0);
      return { commandsWithoutApproval: ran };
    },
  };
}
