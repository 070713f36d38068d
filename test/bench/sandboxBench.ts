import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeCommandRunner } from '../../src/node/nodeCommandRunner';
import { RuntimeSandbox } from '../../src/node/sandbox/runtimeSandbox';
import { probeSandbox } from '../../src/node/sandbox/sandboxProbe';
import { median } from './benchStats';
import { msText, reportFigure } from './benchSummary';
import { english } from '../../src/core/ports/translator';

const RUNS = 20;

/** Spec §18: what the sandbox adds to each command: the median of 20 `true` commands, bare and sandboxed (wrap included). */
export async function runSandboxBench(): Promise<void> {
  const probe = await probeSandbox();
  if (!probe.available) {
    console.log(`sandbox: skipped (${probe.reason(english)})`);
    return;
  }
  const base = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-sandbox-bench-'));
  const ws = path.join(base, 'ws');
  await fsp.mkdir(ws);
  try {
    const sandbox = new RuntimeSandbox({ settings: () => ({ enabled: true, allowedDomains: [] }), roots: () => [ws] });
    const runner = new NodeCommandRunner(ws, { env: process.env });
    const options = { cwd: '.', timeoutMs: 30_000 };
    await sandbox.status();
    const bare: number[] = [];
    const sandboxed: number[] = [];
    const wraps: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      const plain = await runner.run('true', options);
      bare.push(performance.now() - started);
      started = performance.now();
      const wrapped = await sandbox.wrap('true', `bench-${i}`);
      wraps.push(performance.now() - started);
      const confined = await runner.run(wrapped.line, options);
      wrapped.release();
      sandboxed.push(performance.now() - started);
      if (plain.exitCode !== 0 || confined.exitCode !== 0) throw new Error(`true failed: ${plain.exitCode} / ${confined.exitCode}: ${confined.stderr}`);
    }
    // Spec §23: a command judged read-only, confined with sandbox.enabled off.
    const readOnly = new RuntimeSandbox({ settings: () => ({ enabled: false, allowedDomains: [] }), roots: () => [ws] });
    await readOnly.readOnly();
    const confinedReads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const wrapped = await readOnly.wrapReadOnly('true', `bench-ro-${i}`);
      const confined = await runner.run(wrapped.line, { ...options, unasked: true });
      wrapped.release();
      confinedReads.push(performance.now() - started);
      if (confined.exitCode !== 0) throw new Error(`read-only true failed: ${confined.stderr}`);
    }
    const r = median(confinedReads);
    const [b, s, w] = [median(bare), median(sandboxed), median(wraps)];
    console.log(`sandbox: read-only confinement of \`true\` ×${RUNS}, median ${msText(r)}, cost ${msText(r - b)} per command`);
    reportFigure({ area: 'sandbox', figure: `\`true\` judged read-only and confined, median of ${RUNS}`, value: msText(r) });
    reportFigure({ area: 'sandbox', figure: 'read-only confinement cost per command', value: msText(r - b) });
    console.log(`sandbox: \`true\` ×${RUNS}, median bare ${msText(b)}, sandboxed ${msText(s)} (of which wrapping ${msText(w)}), start-up cost ${msText(s - b)} per command`);
    reportFigure({ area: 'sandbox', figure: `\`true\` bare, median of ${RUNS}`, value: msText(b) });
    reportFigure({ area: 'sandbox', figure: `\`true\` sandboxed, median of ${RUNS}`, value: msText(s) });
    reportFigure({ area: 'sandbox', figure: 'start-up cost per command', value: msText(s - b) });
  } finally {
    await fsp.rm(base, { recursive: true, force: true });
  }
}
