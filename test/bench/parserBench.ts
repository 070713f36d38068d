import { XmlStreamParser } from '../../src/core/parser/xmlStreamParser';
import { median } from './benchStats';
import { msText, reportFigure } from './benchSummary';

const CHUNK_SIZE = 16;
const SIZES_KB = [10, 50, 200] as const;
const WARMUP_RUNS = 3;
const MEASURED_RUNS = 7;
const TARGET_200KB_MS = 50;
const TARGET_RATIO = 5;

const TOOLS = {
  Read: ['path', 'offset', 'limit'],
  Write: ['path', 'content'],
  Edit: ['path', 'old_string', 'new_string', 'replace_all'],
} as const;

/** Source text of the kind models write: TSX with tags, comparisons, and tag-like strings that must stay content. */
const SOURCE_TEMPLATE = `import { useState } from 'react';

/** Item {{n}}: renders a list; note that a < b && c > d must survive the parser. */
export function List{{n}}({ items }: { items: string[] }) {
  const [open, setOpen] = useState(items.length < 10);
  if (items.length > 100 && !open) return <div className="empty">Too many</div>;
  const html = '<section><content>not a param</content></section>';
  return (
    <div className="list-{{n}}" onClick={() => setOpen(!open)}>
      {items.map((item, i) => i < 5 ? <li key={i}>{item}</li> : null)}
      <Write>{html}</Write>
      <pre>{'</div></path></content> still content'}</pre>
    </div>
  );
}
`;

function sourceOfSize(bytes: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let n = 0; length < bytes; n++) {
    const part = SOURCE_TEMPLATE.replaceAll('{{n}}', String(n));
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, bytes);
}

function chunked(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

/** Parses the streamed message and returns the Write content it found, so a wrong parse fails the bench. */
function parseOnce(chunks: readonly string[]): string | undefined {
  const parser = new XmlStreamParser({ tools: TOOLS });
  let content: string | undefined;
  const take = (events: ReturnType<XmlStreamParser['feed']>): void => {
    for (const event of events) if (event.type === 'toolCallEnd' && event.complete) content = event.params.content;
  };
  for (const chunk of chunks) take(parser.feed(chunk));
  take(parser.end());
  return content;
}

interface BenchCase {
  kb: number;
  content: string;
  chunks: string[];
}

function benchCase(kb: number): BenchCase {
  const content = sourceOfSize(kb * 1024);
  const message = `I'll create the file.\n<Write>\n<path>src/list.tsx</path>\n<content>\n${content}\n</content>\n</Write>\nDone.`;
  return { kb, content, chunks: chunked(message, CHUNK_SIZE) };
}

function timeParse({ content, chunks }: BenchCase): number {
  const times: number[] = [];
  for (let run = 0; run < MEASURED_RUNS; run++) {
    const start = performance.now();
    const parsed = parseOnce(chunks);
    times.push(performance.now() - start);
    if (parsed !== content) throw new Error(`parserBench: the parsed content of the ${content.length}-byte Write differs from the input.`);
  }
  return median(times);
}

export async function runParserBench(): Promise<void> {
  console.log(`XML stream parser: a Write call streamed in ${CHUNK_SIZE}-character chunks (median of ${MEASURED_RUNS} runs)`);
  const cases = SIZES_KB.map(benchCase);
  // Warm every size first, so the smaller sizes are not measured while the JIT is still compiling.
  for (let run = 0; run < WARMUP_RUNS; run++) for (const { chunks } of cases) parseOnce(chunks);
  const timesByKb = new Map<number, number>();
  for (const benchCase of cases) {
    const { kb } = benchCase;
    const ms = timeParse(benchCase);
    timesByKb.set(kb, ms);
    const mbPerSecond = kb / 1024 / (ms / 1000);
    console.log(`  ${String(kb).padStart(4)} KB  ${ms.toFixed(2).padStart(8)} ms  ${mbPerSecond.toFixed(1).padStart(7)} MB/s`);
  }
  const ms200 = timesByKb.get(200)!;
  const ratio = ms200 / timesByKb.get(50)!;
  console.log(`  200KB/50KB time ratio: ${ratio.toFixed(2)} (linear ≈ 4; target < ${TARGET_RATIO})`);
  console.log(`  200 KB ${ms200 < TARGET_200KB_MS ? 'within' : 'OVER'} the ${TARGET_200KB_MS} ms target`);
  reportFigure({ area: 'parser', figure: 'XML Write of 200 KB in 16-char chunks', value: msText(ms200, 2), target: `< ${TARGET_200KB_MS} ms`, ok: ms200 < TARGET_200KB_MS });
  reportFigure({ area: 'parser', figure: '200 KB / 50 KB time ratio', value: ratio.toFixed(2), target: `< ${TARGET_RATIO}`, ok: ratio < TARGET_RATIO });
}

if (require.main === module) {
  runParserBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
