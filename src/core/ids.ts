/** Ids unique within a window's lifetime and sortable by creation, without needing node:crypto in the core. */
export function createIdGenerator(now: () => number, prefix = ''): () => string {
  let counter = 0;
  const epoch = now().toString(36);
  return () => `${prefix}${epoch}-${(counter++).toString(36)}`;
}
