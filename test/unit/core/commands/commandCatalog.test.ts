import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { CommandCatalog } from '../../../../src/core/commands/commandCatalog';
import type { CommandProblem } from '../../../../src/core/commands/commandDefinition';
import { loadCommands } from '../../../../src/core/commands/commandLoader';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';
import { english } from '../../../../src/core/ports/translator';

describe('CommandCatalog', () => {
  let ws: TempWorkspace;
  afterEach(() => ws.cleanup());

  it('reloads edited files, reports a file broken by the edit each time, and tells its listeners', async () => {
    ws = await TempWorkspace.create({ '.claude/commands/fix.md': '---\ndescription: Fix it\n---\nFix $1\n' });
    const reported: CommandProblem[][] = [];
    const catalog = new CommandCatalog(() => loadCommands({ project: new NodeWorkspaceFs(ws.root) }), (problems) => reported.push(problems));
    let loads = 0;
    catalog.onDidLoad(() => loads++);
    await catalog.reload();
    assert.equal(catalog.get('fix')?.description, 'Fix it');

    await fsp.writeFile(path.join(ws.root, '.claude/commands/fix.md'), '---\ndescription: Fix it now\n---\nFix $1 now\n');
    await fsp.writeFile(path.join(ws.root, '.claude/commands/broken.md'), '---\nallowed-tools: [\n---\nx\n');
    await catalog.reload();
    assert.equal(catalog.get('fix')?.body, 'Fix $1 now');
    assert.equal(catalog.get('broken'), undefined);
    await catalog.reload();
    assert.deepEqual(reported.map((problems) => problems.map((p) => p.file)), [['.claude/commands/broken.md'], ['.claude/commands/broken.md']]);
    assert.equal(loads, 3);
  });

  it('a load that throws keeps the last commands and is reported', async () => {
    ws = await TempWorkspace.create();
    let fail = false;
    const reported: CommandProblem[] = [];
    const catalog = new CommandCatalog(async () => {
      if (fail) throw new Error('disk gone');
      return { commands: [{ name: 'a', body: 'A', source: { path: 'a.md', origin: 'claude' } }], problems: [] };
    }, (problems) => reported.push(...problems));
    await catalog.reload();
    fail = true;
    await catalog.reload();
    assert.deepEqual(catalog.commands.map((c) => c.name), ['a']);
    assert.deepEqual(reported.map(({ file, reason }) => ({ file, reason: reason(english) })), [{ file: '.codeagent/commands, .claude/commands, .github/prompts', reason: 'disk gone' }]);
  });
});
