/** `1 line`, `2 lines`: a count with its noun in the right number (what the user and the model read). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
