import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { expandGlob } from '../../../../src/node/shell/globExpansion';
import { judgeCommand } from '../../../../src/core/commandJudgment/judgeCommand';
import { testShellParser } from '../../../support/shellParserForTests';

/** What bash itself makes of each unquoted word, in `cwd`: the words it passes, one list per word, from one bash. */
function bashWordsOfEach(words: readonly string[], cwd: string, home: string): string[][] {
  const marker = '--codeagent-end-of-word--';
  const script = words.map((word) => `printf '%s\\n' ${word}; echo ${marker}`).join('\n');
  const out = execFileSync('/bin/bash', ['-c', script], { cwd, env: { PATH: process.env.PATH, HOME: home, LANG: 'C' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const lists = out.split(`${marker}\n`).slice(0, -1).map((block) => block.split('\n').slice(0, -1));
  if (lists.length !== words.length) throw new Error(`bash gave ${lists.length} lists for ${words.length} words`);
  return lists;
}

// Spec §23: a glob is judged by the files bash passes, so the expansion is tested against bash itself.
describe('globs expand as bash expands them', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-glob-'));
    for (const file of ['.env', '.env.local', 'id_rsa', 'README.md', '-delete', 'a.ts', 'b.ts', 'src/a.ts', 'src/b.ts', 'src/.hidden', 'docs/x.md', 'home/.ssh/id_rsa']) {
      await fsp.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await fsp.writeFile(path.join(dir, file), '');
    }
  });
  after(() => fsp.rm(dir, { recursive: true, force: true }));

  it('generated patterns give the words bash gives', async () => {
    const piece = fc.constantFrom('*', '?', '.', 'e', 'n', 'v', 'a', 's', 'r', 'c', '[n]', '[!a]', '[^.]', '[a-z]', '[[:alpha:]]', 'src/', 'd', 'i', '_', '-', 'ts', 'home/', '.ssh/');
    const seed = Date.now() | 0;
    const patterns = [...new Set(fc.sample(fc.array(piece, { minLength: 1, maxLength: 5 }), { numRuns: 300, seed }).map((pieces) => pieces.join('').replace(/\/+$/, '')))]
      .filter((pattern) => pattern !== '' && !pattern.startsWith('/'));
    // One bash for all of them: a spawn per pattern took over a minute on a loaded machine.
    const expected = bashWordsOfEach(patterns, dir, path.join(dir, 'home'));
    for (const [i, pattern] of patterns.entries()) {
      assert.deepEqual(await expandGlob(pattern, dir, path.join(dir, 'home')), expected[i], `${pattern} (seed ${seed})`);
    }
  });

  it('the judge sees the matches: `uniq src/*.ts` is two operands (uniq writes the second), `cat .e[n]v` reads .env', async () => {
    const parser = testShellParser();
    const judge = async (line: string) => judgeCommand({ line, parsed: await parser.parse(line, { cwd: dir }), allowList: [], denyList: [], sandboxed: false, autoApproveCommands: false, autoApproveReadOnly: true });
    assert.equal((await judge('uniq src/*.ts')).unasked, false);
    assert.equal((await judge('cat .e[n]v')).unasked, false);
    assert.equal((await judge('cat src/*.ts')).unasked, true);
  });
});
