import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { CODE_SERVER_VERSION } from '../e2e/support/paths';
import { reportFigure } from './benchSummary';

const root = path.resolve(__dirname, '../..');
const OWN_WORK_TARGET_MS = 100;
const NAVIGATION_TARGET_MS = 1000;

/**
 * Spec §13's figures, measured in real VS Code (code-server's TypeScript) by the language services e2e:
 * an Edit's time beyond waiting for the server, Usages and Symbols on a warm server, and a file type
 * without a server (no wait at all).
 */
export async function runLanguageBench(): Promise<void> {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/e2e.mjs'), '--grep', 'what VS Code knows'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  const output = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) throw new Error(`the language services e2e failed:\n${output.split('\n').slice(-40).join('\n')}`);
  const edit = /figure: Edit \(TypeScript\) → next request (\d+) ms: waited for the language server (\d+) ms \(([^\n]*)\), own work (-?\d+) ms/.exec(output);
  const openEdit = /figure: Edit of a file already open \(TypeScript\) → next request (\d+) ms: waited for the language server (\d+) ms \(([^\n]*)\), own work (-?\d+) ms/.exec(output);
  const firstText = /figure: Write of a \.txt \(no language server\), first of its kind → next request (\d+) ms; no wait, own work (\d+) ms/.exec(output);
  const nextText = /figure: Write of a \.txt, next ones → next request (\d+) ms; no wait, own work (\d+) ms/.exec(output);
  const usages = /figure: Usages \(warm TypeScript server\) → next request (\d+) ms/.exec(output);
  const symbols = /figure: Symbols \(warm TypeScript server\) → next request (\d+) ms/.exec(output);
  if (!edit || !openEdit || !firstText || !nextText || !usages || !symbols) throw new Error(`the figures are missing from the e2e output:\n${output}`);
  console.log(`Language services in real VS Code (code-server ${CODE_SERVER_VERSION}, its TypeScript)`);
  for (const line of output.split('\n').filter((l) => /figure: (Edit|Write of a|Usages|Symbols)/.test(l))) console.log(`  ${line.trim().replace(/^figure: /, '')}`);
  for (const [figure, found] of [['Edit of an open file → next request, beyond the settle wait', openEdit], ['Edit of a file not open (shown first) → next request, beyond the waits', edit]] as const) {
    const own = Number(found[4]);
    reportFigure({ area: 'language', figure, value: `${own} ms (waited ${found[2]} ms)`, target: `≤ ${OWN_WORK_TARGET_MS} ms`, ok: own <= OWN_WORK_TARGET_MS });
  }
  reportFigure({ area: 'language', figure: 'Write of a file without a server: wait', value: `none, as logged (own work ${nextText[2]} ms; first of its kind ${firstText[2]} ms)`, target: '0 ms', ok: true });
  reportFigure({ area: 'language', figure: 'Usages, warm server', value: `${usages[1]} ms`, target: `≤ ${NAVIGATION_TARGET_MS} ms`, ok: Number(usages[1]) <= NAVIGATION_TARGET_MS });
  reportFigure({ area: 'language', figure: 'Symbols, warm server', value: `${symbols[1]} ms`, target: `≤ ${NAVIGATION_TARGET_MS} ms`, ok: Number(symbols[1]) <= NAVIGATION_TARGET_MS });
}
