import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CODE_SERVER_VERSION } from '../e2e/support/paths';
import { reportFigure } from './benchSummary';

const root = path.resolve(__dirname, '../..');
/** Spec §24: a 200 KB answer's end is on screen ≤ 0.5 s after the model's last byte (issue 45). */
const TARGET_ANSWER_VISIBLE_MS = 500;
/** The same beside a process spinning on one of the two cores: the earlier target, kept as a floor. */
const TARGET_HOGGED_MS = 1000;
const TARGET_SEND_TO_WIRE_MS = 50;
const GLOB_SLACK_MS = 250;

/**
 * Figures only real VS Code gives: the e2e "figures in real VS Code" tests (code-server + Chromium, the
 * packaged vsix) print them; this runs them and reports the vsix that was tested.
 */
export async function runVsCodeBench(): Promise<void> {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/e2e.mjs'), '--grep', 'figures in real VS Code|figure: '], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    // One worker: the figures are read with nothing else of ours running beside them.
    env: { ...process.env, CODEAGENT_E2E_JOBS: '1', CODEAGENT_FIGURES: '1' },
  });
  const output = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) throw new Error(`the real-VS-Code figures failed:\n${output.split('\n').slice(-40).join('\n')}`);
  const vsix = /vsix: (\S+) ([\d.]+ KiB)/.exec(output);
  const answer = /figure: (\d+) KB answer: streamed by the server in (\d+) ms.*?in (\d+) messages, the last (-?\d+) ms after.*?end on screen (\d+) ms after the last byte/.exec(output);
  const activation = /figure: extension activation (\d+) ms/.exec(output);
  const hogged = /figure: \d+ KB answer beside a CPU hog: .*?end on screen (\d+) ms after the last byte/.exec(output);
  const send = /figure: Send → request on the wire: median (\d+) ms/.exec(output);
  const glob = /figure: Glob \*\*\/\*\.py over 50,000 files: call's last byte → next request median (\d+) ms.*?raw rg --files (\d+) ms/.exec(output);
  if (!answer || !hogged || !activation || !send || !glob) throw new Error(`the figures are missing from the e2e output:\n${output}`);
  const vsixBytes = vsix ? fs.statSync(path.join(root, vsix[1]!)).size : undefined;
  const [, kb, streamedMs, messages, lastMessageMs, visibleMs] = answer.map(Number) as number[];
  console.log(`Real VS Code (code-server ${CODE_SERVER_VERSION} + Chromium, the packaged extension)`);
  console.log(`  ${kb} KB Markdown answer in 16-character chunks: streamed by the server in ${streamedMs} ms; ${messages} webview messages, the last ${lastMessageMs} ms after the server's last byte; end on screen ${visibleMs} ms after it (target < ${TARGET_ANSWER_VISIBLE_MS} ms)`);
  console.log(`  the same beside a CPU hog: end on screen ${hogged[1]} ms after the last byte (target < ${TARGET_HOGGED_MS} ms)`);
  console.log(`  extension activation: ${activation[1]} ms (activate(), as the extension logs it)`);
  const sendMs = Number(send[1]);
  const [globMs, rgMs] = [Number(glob[1]), Number(glob[2])];
  const globTarget = 1.5 * rgMs + GLOB_SLACK_MS;
  console.log(`  Send → request on the wire (sample workspace, median of 5): ${sendMs} ms (target ≤ ${TARGET_SEND_TO_WIRE_MS} ms)`);
  console.log(`  Glob **/*.py over 50,000 files, call's last byte → next request: ${globMs} ms; raw rg --files ${rgMs} ms (target ≤ 1.5× rg + ${GLOB_SLACK_MS} ms = ${globTarget.toFixed(0)} ms)`);
  if (vsixBytes !== undefined) console.log(`  vsix: ${(vsixBytes / 1024).toFixed(1)} KiB`);
  reportFigure({ area: 'vscode', figure: `${kb} KB answer: last byte → end on screen`, value: `${visibleMs} ms`, target: `< ${TARGET_ANSWER_VISIBLE_MS} ms`, ok: visibleMs! < TARGET_ANSWER_VISIBLE_MS });
  reportFigure({ area: 'vscode', figure: `${kb} KB answer beside a CPU hog: last byte → end on screen`, value: `${hogged[1]} ms`, target: `< ${TARGET_HOGGED_MS} ms`, ok: Number(hogged[1]) < TARGET_HOGGED_MS });
  reportFigure({ area: 'vscode', figure: 'extension activation', value: `${activation[1]} ms` });
  reportFigure({ area: 'vscode', figure: 'Send → request on the wire', value: `${sendMs} ms`, target: `≤ ${TARGET_SEND_TO_WIRE_MS} ms`, ok: sendMs <= TARGET_SEND_TO_WIRE_MS });
  reportFigure({ area: 'vscode', figure: `Glob on 50,000 files: last byte → next request (rg ${rgMs} ms)`, value: `${globMs} ms`, target: `≤ ${globTarget.toFixed(0)} ms`, ok: globMs <= globTarget });
  if (vsixBytes !== undefined) reportFigure({ area: 'vscode', figure: 'vsix size', value: `${(vsixBytes / 1024).toFixed(1)} KiB` });
  reportLongConversations(output);
}

/** Spec §24: the long-conversation figures (test/e2e/longConversation.e2e.ts), each against its target. */
function reportLongConversations(output: string): void {
  const history = /figure: History with (\d+) saved conversations: list on screen (\d+) ms/.exec(output);
  if (history) {
    console.log(`  History with ${history[1]} saved conversations: list on screen ${history[2]} ms after it was opened (target ≤ 300 ms)`);
    reportFigure({ area: 'vscode', figure: `History with ${history[1]} conversations: list shown`, value: `${history[2]} ms`, target: '≤ 300 ms', ok: Number(history[2]) <= 300 });
  }
  for (const match of output.matchAll(/figure: long conversation (\d+) turns .*?visible (\d+) ms after the input was ready.*?; (\d+) DOM nodes, (\d+) MB heap.*?; live after one more streamed answer: (\d+) DOM nodes, (\d+) MB heap, longest task (\d+) ms.*?first turn back (\d+) ms.*?Find of "\w+": (\S+)/g)) {
    const [line, turns, shown, nodes, , liveNodes, , longest] = match;
    console.log(`  ${line.replace('figure: ', '')}`);
    const most = Math.max(Number(nodes), Number(liveNodes));
    reportFigure({ area: 'vscode', figure: `${turns} turns: last answer after reload`, value: `${shown} ms`, target: '≤ 300 ms', ok: Number(shown) <= 300 });
    reportFigure({ area: 'vscode', figure: `${turns} turns: DOM nodes (reload, live)`, value: String(most), target: '≤ 3000', ok: most <= 3000 });
    reportFigure({ area: 'vscode', figure: `${turns} turns: longest task while streaming`, value: `${longest} ms`, target: '≤ 50 ms', ok: Number(longest) <= 50 });
  }
}
