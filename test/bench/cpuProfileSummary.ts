import type { CDPSession } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * BENCH_PROFILE=1: a sampled JavaScript profile of the page while `run` runs, printed as the functions with the
 * most self time (name, file, line) — where a benchmark's script time goes.
 */
export async function withCpuProfile<T>(cdp: CDPSession, label: string, run: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_PROFILE) return run();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (selfUs.get(node.id) ?? 0));
  }
  console.log(`    profile of "${label}" (self time):`);
  for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`      ${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`);
  return result;
}
