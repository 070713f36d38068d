/** "+3 −1": the lines a change added and removed, coloured as a diff's (a changes row, an edit's card). */
export function diffCounts(className: string, added: number, removed: number): HTMLElement {
  const counts = document.createElement('span');
  counts.className = className;
  const plus = document.createElement('span');
  plus.className = 'diff-add';
  plus.textContent = `+${added}`;
  const minus = document.createElement('span');
  minus.className = 'diff-del';
  minus.textContent = `−${removed}`;
  counts.append(plus, ' ', minus);
  return counts;
}
