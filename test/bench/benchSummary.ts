/** The figures every benchmark reports into the one table `npm run bench` prints at the end. */
export interface SummaryFigure {
  area: string;
  figure: string;
  value: string;
  /** The target, as text ("< 50 ms"); none for a figure that is only reported. */
  target?: string;
  ok?: boolean;
}

const figures: SummaryFigure[] = [];

export function reportFigure(figure: SummaryFigure): void {
  figures.push(figure);
}

export function printSummary(): void {
  if (!figures.length) return;
  const widths = {
    area: Math.max(4, ...figures.map((f) => f.area.length)),
    figure: Math.max(6, ...figures.map((f) => f.figure.length)),
    value: Math.max(5, ...figures.map((f) => f.value.length)),
    target: Math.max(6, ...figures.map((f) => (f.target ?? '').length)),
  };
  const line = (area: string, figure: string, value: string, target: string, verdict: string) =>
    `  ${area.padEnd(widths.area)}  ${figure.padEnd(widths.figure)}  ${value.padStart(widths.value)}  ${target.padEnd(widths.target)}  ${verdict}`.trimEnd();
  console.log('\nSummary: every figure of this run');
  console.log(line('area', 'figure', 'value', 'target', ''));
  for (const f of figures) console.log(line(f.area, f.figure, f.value, f.target ?? '', f.ok === undefined ? '' : f.ok ? 'ok' : 'MISSED'));
  const missed = figures.filter((f) => f.ok === false).length;
  console.log(`  ${figures.filter((f) => f.ok !== undefined).length - missed} of ${figures.filter((f) => f.ok !== undefined).length} targets met`);
}

export const msText = (ms: number, digits = 1) => `${ms.toFixed(digits)} ms`;
