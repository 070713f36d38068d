import * as path from 'node:path';
import { defaultCommandDenyList } from '../../src/core/commandJudgment/defaultDenyList';
import { judgeCommand } from '../../src/core/commandJudgment/judgeCommand';
import { BashParser } from '../../src/node/shell/bashParser';
import { median } from './benchStats';
import { msText, reportFigure } from './benchSummary';

/** A scripted investigation of an unknown repository: listing, reading, searching, git history, one test run, one install. */
export const investigation: readonly string[] = [
  'ls -la',
  'ls src',
  'tree -L 2 src',
  'cat package.json',
  'head -50 README.md',
  'wc -l src/*.ts',
  'find . -name "*.test.ts" -not -path "./node_modules/*"',
  'rg -n "TODO" src',
  'grep -n "export" src/extension.ts',
  'rg -l "approvalFor" src | head',
  'git status',
  'git log --oneline -n 20',
  'git log -p -3 -- src/core/agent/approvalGate.ts',
  'git show --stat HEAD',
  'git diff HEAD~1 --stat',
  'git blame -L 1,40 src/extension.ts',
  'cat src/extension.ts | head -40',
  'npm test 2>&1 | tail -30',
  'npm install lodash',
  'git branch -a && pwd',
];

const root = path.resolve(__dirname, '..', '..');
const REPEATS = 20;

/**
 * Spec §23: how many of the session's commands ask with the default settings (no allow-list, no sandbox), before
 * (every command outside the sandbox asked) and after (each sub-command judged); and what the parser costs on the tool
 * call's path: its first load, and one command parsed and judged.
 */
export async function runCommandsBench(): Promise<void> {
  const parser = new BashParser({
    runtimeWasm: path.join(root, 'node_modules', 'web-tree-sitter', 'web-tree-sitter.wasm'),
    grammarWasm: path.join(root, 'node_modules', 'tree-sitter-bash', 'tree-sitter-bash.wasm'),
  });
  let started = performance.now();
  await parser.parse('true');
  const firstLoad = performance.now() - started;

  const judge = async (line: string) => judgeCommand({ line, parsed: await parser.parse(line), allowList: [], denyList: defaultCommandDenyList, sandboxed: false, autoApproveCommands: false, autoApproveReadOnly: true });
  const asked: string[] = [];
  for (const line of investigation) if (!(await judge(line)).unasked) asked.push(line);
  const perCommand: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    for (const line of investigation) {
      started = performance.now();
      await judge(line);
      perCommand.push(performance.now() - started);
    }
  }
  const before = investigation.length;
  console.log(`commands: a ${investigation.length}-command investigation asks ${before} times before, ${asked.length} after (${asked.join(' | ')})`);
  console.log(`commands: the parser loads in ${msText(firstLoad)} (once, on the first command); a command parsed and judged: median ${msText(median(perCommand), 3)}, max ${msText(Math.max(...perCommand), 2)}`);
  reportFigure({ area: 'commands', figure: `prompts of a ${investigation.length}-command investigation, before`, value: String(before) });
  reportFigure({ area: 'commands', figure: `prompts of a ${investigation.length}-command investigation, after`, value: String(asked.length), target: '≤ 3', ok: asked.length <= 3 });
  reportFigure({ area: 'commands', figure: 'shell parser first load', value: msText(firstLoad) });
  reportFigure({ area: 'commands', figure: 'one command parsed and judged, median', value: msText(median(perCommand), 3) });
}
