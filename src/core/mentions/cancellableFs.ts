import type { WorkspaceFs } from '../ports/workspaceFs';

/** Rejects as soon as `signal` aborts, even when `work` itself never notices (a stuck or huge directory walk). */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The same files, but every call after `signal` aborts fails at once, so walks in flight wind down quickly. */
export function cancellableFs(fs: WorkspaceFs, signal: AbortSignal): WorkspaceFs {
  const guard = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => (...args: A): Promise<R> =>
    signal.aborted ? Promise.reject(abortError(signal)) : call(...args);
  return {
    root: fs.root,
    realPath: guard((rel) => fs.realPath(rel)),
    stat: guard((rel) => fs.stat(rel)),
    readFile: guard((rel) => fs.readFile(rel)),
    readBytes: guard((rel) => fs.readBytes(rel)),
    writeFile: guard((rel, content) => fs.writeFile(rel, content)),
    deleteFile: guard((rel) => fs.deleteFile(rel)),
    readDir: guard((rel) => fs.readDir(rel)),
  };
}

function abortError(signal: AbortSignal): Error {
  const error = new Error('Cancelled by the user.');
  error.name = 'AbortError';
  (error as Error & { cause?: unknown }).cause = signal.reason;
  return error;
}
