/** Polls `check` until it returns without throwing (returns its value) or the time is up (rethrows the last error). */
export async function eventually<T>(check: () => T | Promise<T>, options: { timeoutMs?: number; intervalMs?: number; message?: string } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) {
        if (options.message && error instanceof Error) error.message = `${options.message}: ${error.message}`;
        throw error;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}
