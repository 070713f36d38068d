/** The `code` of a node:fs error (`ENOENT`, `EACCES`…), undefined for anything else. */
export function errnoOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as NodeJS.ErrnoException).code : undefined;
}
