import type { ViewPart } from './viewPart';

/**
 * The controller's side of a chat view's messages: each goes to `handle` in the order it came, at once unless a part
 * is still writing what the user chose (a model picked a moment ago); then it and those after it wait for that, so
 * a Send right after picking a model goes to the picked model.
 */
export function afterPartsSettle<T>(parts: readonly Pick<ViewPart, 'pending'>[], handle: (message: T) => void, log: (message: string) => void): (message: T) => void {
  let queue: Promise<void> | undefined;
  return (message) => {
    const writes = parts.flatMap((part) => part.pending?.() ?? []);
    if (!queue && writes.length === 0) return handle(message);
    const next = (queue ?? Promise.resolve())
      .then(() => Promise.allSettled(writes))
      .then(() => handle(message))
      .catch((error: unknown) => log(`A chat message failed: ${error instanceof Error ? error.message : String(error)}`));
    queue = next;
    void next.then(() => {
      if (queue === next) queue = undefined;
    });
  };
}
