/** A unified diff behind a closed disclosure: `summary` names it, the diff is preformatted text (never HTML). */
export function collapsedDiff(summary: string, diff: string, className: string): HTMLDetailsElement {
  const details = document.createElement('details');
  const label = document.createElement('summary');
  label.textContent = summary;
  const pre = document.createElement('pre');
  pre.className = className;
  pre.textContent = diff;
  details.append(label, pre);
  return details;
}
