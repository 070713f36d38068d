import type { Clock } from '../ports/clock';
import type { LanguageServices } from '../ports/languageServices';

export interface SettleOptions {
  /** No change for this long means the servers are done (spec §13: ~300 ms). */
  quietMs: number;
  /**
   * Before the first change arrives, the quiet needed is longer: a server reports a checked file only
   * when its problems differ, and may take longer than `quietMs` to start checking.
   */
  firstReportMs: number;
  /** codeagent.tools.diagnosticsWaitMs: never wait longer. */
  maxMs: number;
  signal?: AbortSignal;
}

export type SettleOutcome = { settled: boolean; waitedMs: number; changes: number; changedPaths: Set<string> };

/** Waits until the problems stop changing: `quietMs` without a change (after the first one), at most `maxMs`. */
export async function waitForSettledProblems(services: Pick<LanguageServices, 'onDidChangeProblems'>, clock: Clock, options: SettleOptions): Promise<SettleOutcome> {
  const start = clock.now();
  let lastChange: number | undefined;
  let changes = 0;
  const changedPaths = new Set<string>();
  const subscription = services.onDidChangeProblems((paths) => {
    lastChange = clock.now();
    changes++;
    for (const path of paths) changedPaths.add(path);
  });
  try {
    for (;;) {
      const now = clock.now();
      const deadline = start + options.maxMs;
      const quietUntil = lastChange === undefined ? start + options.firstReportMs : lastChange + options.quietMs;
      if (now >= deadline || options.signal?.aborted) return { settled: now < deadline && quietUntil <= now, waitedMs: now - start, changes, changedPaths };
      if (now >= quietUntil) return { settled: true, waitedMs: now - start, changes, changedPaths };
      // Never more than quietMs at a time: a change during a long first wait shortens it.
      await clock.sleep(Math.min(quietUntil - now, deadline - now, options.quietMs), options.signal).catch(() => undefined);
    }
  } finally {
    subscription.dispose();
  }
}
