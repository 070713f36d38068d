// Helpers of the hot-path figures (issue: Send → request on the wire, a big Glob → the next request).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { median } from '../../bench/benchStats';
import { e2eCacheDir } from './paths';

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

/**
 * generateTree's tree in `root`, as hard links to a copy made once per machine (e2eCacheDir): creating 50,000 files
 * cost 17–34 CPU-s of the kernel's time on the test machines, linking them under 1 s. The tree's files are only read,
 * and the workspace's restore unlinks them. Where links cannot be made (another file system), the tree is generated.
 */
export function placeTree(root: string, files: number): void {
  const cached = path.join(e2eCacheDir(), `glob-tree-${files}-v1`);
  if (!fs.existsSync(cached)) {
    const making = `${cached}.${process.pid}.tmp`;
    fs.rmSync(making, { recursive: true, force: true });
    fs.mkdirSync(making, { recursive: true });
    generateTree(making, files);
    try {
      fs.renameSync(making, cached);
    } catch {
      fs.rmSync(making, { recursive: true, force: true }); // another run made it meanwhile
    }
  }
  const entries = fs.readdirSync(cached);
  try {
    for (const entry of entries) execFileSync('cp', ['-al', path.join(cached, entry), root]);
  } catch {
    // Unlinked first: writing through a link would write the cached copy.
    for (const entry of entries) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
    generateTree(root, files);
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
