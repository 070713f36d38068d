/**
 * Waits for a condition instead of a fixed time (issue 31): resolves as soon as `condition` returns a truthy
 * value (resolving to that value), polling between turns of the event loop and then every few milliseconds.
 * The deadline is generous on purpose: only a real hang reaches it, never a busy machine. On the deadline
 * it rejects naming `message` (what was awaited), and the last error `condition` threw, if any.
 */
export async function until<T>(
  condition: () => T | Promise<T>,
  options: { timeoutMs?: number; message?: string } = {},
): Promise<NonNullable<T>> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (let attempt = 0; ; attempt++) {
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`until: ${options.message ?? 'the condition'} did not hold within ${timeoutMs} ms${reason}`);
    }
    // The first polls only yield to the event loop (promise chains and I/O callbacks run); then short real
    // waits, so a condition that needs a child process or a socket does not spin a core.
    await (attempt < 20 ? new Promise((resolve) => setImmediate(resolve)) : pollPause(attempt < 200 ? 5 : 20));
  }
}

/** The pause between polls: not a wait for something to happen, the loop above checks for that. */
function pollPause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
