// Helpers of the hot-path figures (issue: Send → request on the wire, a big Glob → the next request).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { median } from '../../bench/benchStats';

/** Records, in the webview, when Send was pressed (page clock = the test's wall clock: same machine). */
export async function recordSendPresses(chat: Frame): Promise<void> {
  await chat.evaluate(() => {
    const w = window as unknown as { sendPressedAt: number[] };
    w.sendPressedAt = [];
    document.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest('#send')) w.sendPressedAt.push(Date.now());
    }, true);
  });
}

export function sendPresses(chat: Frame): Promise<number[]> {
  return chat.evaluate(() => (window as unknown as { sendPressedAt: number[] }).sendPressedAt);
}

/** A tree of `files` small files, 40% of them in a .gitignored node_modules, a quarter of the rest `.py`. */
export function generateTree(root: string, files: number): void {
  fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
  const extensions = ['py', 'ts', 'md', 'json'];
  const made = new Set<string>();
  for (let i = 0; i < files; i++) {
    const dir = path.join(root, i < files * 0.4 ? 'node_modules' : 'tree', `pkg${i % 200}`, `mod${i % 7}`);
    if (!made.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    fs.writeFileSync(path.join(dir, `file${i}.${extensions[i % extensions.length]}`), `# ${i}\n`);
  }
}

/** Median time of raw `rg --files -g <glob>` in `root`, process start included (as the tool pays it). */
export function rawRgMs(root: string, glob: string, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    execFileSync('rg', ['--files', '-g', glob], { cwd: root, maxBuffer: 1 << 28 });
    if (i > 0) times.push(performance.now() - start);
  }
  return median(times);
}
