import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reportFigure } from './benchSummary';

const root = path.resolve(__dirname, '../..');
const TARGET_ANSWER_VISIBLE_MS = 3000;

/**
 * Figures only real VS Code gives: the e2e "figures in real VS Code" tests (code-server + Chromium, the
 * packaged vsix) print them; this runs them and reports the vsix that was tested.
 */
export async function runVsCodeBench(): Promise<void> {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/e2e.mjs'), '--grep', 'figures in real VS Code'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  const output = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) throw new Error(`the real-VS-Code figures failed:\n${output.split('\n').slice(-40).join('\n')}`);
  const vsix = /vsix: (\S+) ([\d.]+ KiB)/.exec(output);
  const answer = /figure: (\d+) KB answer: streamed by the server in (\d+) ms.*?in (\d+) messages, the last (-?\d+) ms after.*?end on screen (\d+) ms after the last byte/.exec(output);
  const activation = /figure: extension activation (\d+) ms/.exec(output);
  if (!answer || !activation) throw new Error(`the figures are missing from the e2e output:\n${output}`);
  const vsixBytes = vsix ? fs.statSync(path.join(root, vsix[1]!)).size : undefined;
  const [, kb, streamedMs, messages, lastMessageMs, visibleMs] = answer.map(Number) as number[];
  console.log('Real VS Code (code-server 4.100.3 + Chromium, the packaged extension)');
  console.log(`  ${kb} KB Markdown answer in 16-character chunks: streamed by the server in ${streamedMs} ms; ${messages} webview messages, the last ${lastMessageMs} ms after the server's last byte; end on screen ${visibleMs} ms after it (target < ${TARGET_ANSWER_VISIBLE_MS} ms)`);
  console.log(`  extension activation: ${activation[1]} ms (activate(), as the extension logs it)`);
  if (vsixBytes !== undefined) console.log(`  vsix: ${(vsixBytes / 1024).toFixed(1)} KiB`);
  reportFigure({ area: 'vscode', figure: `${kb} KB answer: last byte → end on screen`, value: `${visibleMs} ms`, target: `< ${TARGET_ANSWER_VISIBLE_MS} ms`, ok: visibleMs! < TARGET_ANSWER_VISIBLE_MS });
  reportFigure({ area: 'vscode', figure: 'extension activation', value: `${activation[1]} ms` });
  if (vsixBytes !== undefined) reportFigure({ area: 'vscode', figure: 'vsix size', value: `${(vsixBytes / 1024).toFixed(1)} KiB` });
}
