import { tn } from './l10n';

/** How much of one value the summary line shows before it cuts it with an ellipsis. */
const valueChars = 40;

/**
 * A call's parameters that the header does not show, as one fold: its summary is one short line
 * (`a=31337 b=11111`, `content=export const a = 1;… (12 lines)`), its body the raw values. Open while the call
 * streams (the live partial content), closed once it runs.
 */
export function paramsFold(params: Record<string, unknown>, open: boolean): HTMLElement | undefined {
  const entries = Object.entries(params);
  if (entries.length === 0) return undefined;
  const details = document.createElement('details');
  details.className = 'tool-params';
  details.open = open;
  const summary = document.createElement('summary');
  summary.className = 'tool-params-summary';
  const line = entries.map(([name, value]) => `${name}=${shortValue(value)}`).join(' ');
  summary.textContent = line;
  summary.title = line;
  details.append(summary, ...entries.map(([name, value]) => rawValue(name, value)));
  return details;
}

export function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2) ?? String(value);
}

/** One value in a few characters: its first line, cut; a multi-line value says how many lines it has. */
function shortValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  const lines = linesOf(text);
  const first = lines.find((l) => l.trim() !== '')?.trim() ?? '';
  const more = first.length > valueChars || (lines.length > 1 && first !== '');
  const shown = first === '' ? '""' : `${first.slice(0, valueChars)}${more ? '…' : ''}`;
  return lines.length > 1 ? `${shown} (${tn(lines.length, 'card.lines.one', 'card.lines.other')})` : shown;
}

function rawValue(name: string, value: unknown): HTMLElement {
  const text = valueText(value);
  const block = document.createElement('div');
  block.className = 'tool-param';
  block.dataset.param = name;
  const label = document.createElement('div');
  label.className = 'tool-param-name';
  label.textContent = `${name} · ${tn(linesOf(text).length, 'card.lines.one', 'card.lines.other')}`;
  const pre = document.createElement('pre');
  pre.textContent = text;
  block.append(label, pre);
  return block;
}

/** A text's lines; a final line break ends the last line rather than starting another. */
function linesOf(text: string): string[] {
  return text.replace(/\r?\n$/, '').split('\n');
}
