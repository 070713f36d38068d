// The CPU a test cost, by who spent it: this test process's Chromium, and its code-servers (extension hosts, file
// watchers, language servers). Processes that ended during the test count through their parent's reaped-children time.
// Linux /proc only; elsewhere every figure is 0.
import * as fs from 'node:fs';
import { descendants, statFields } from './processTree';

export interface CpuSeconds {
  chromium: number;
  vscode: number;
  other: number;
  /** This test process itself: Playwright's client, the scripted servers, the test's own work. */
  driver: number;
}

const TICKS_PER_SECOND = 100;

export function cpuOfTestProcesses(): CpuSeconds {
  const own = process.cpuUsage();
  const total: CpuSeconds = { chromium: 0, vscode: 0, other: 0, driver: (own.user + own.system) / 1e6 };
  for (const pid of descendants(process.pid)) {
    try {
      // utime stime cutime cstime: fields 14–17 of proc(5).
      const seconds = statFields(pid).slice(11, 15).reduce((sum, value) => sum + Number(value), 0) / TICKS_PER_SECOND;
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (/chrom/i.test(command)) total.chromium += seconds;
      else if (/code-server|entry\.js|extensionHost|bootstrap-fork/.test(command)) total.vscode += seconds;
      else total.other += seconds;
    } catch {
      // ended while we looked
    }
  }
  return total;
}

export function cpuSince(before: CpuSeconds): string {
  const now = cpuOfTestProcesses();
  const part = (key: keyof CpuSeconds) => (now[key] - before[key]).toFixed(1);
  return `CPU-s: Chromium ${part('chromium')}, VS Code ${part('vscode')}, other ${part('other')}, test process ${part('driver')}`;
}
