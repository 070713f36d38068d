import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { median } from './benchStats';
import { reportFigure } from './benchSummary';
import { webHarness } from '../unit/hostile/webHarness';

const RUNS = 7;
const TARGET_MS = 1000;

/** A documentation-like page of about 1 MB: navigation, scripts and styles around sections of prose, lists and code. */
function oneMegabytePage(): string {
  const section = (i: number) => `<section><h2>Section ${i}</h2><p>${`Widgets are configured in a file at the project root; option ${i} sets the size and the name. `.repeat(8)}</p>
<ul><li>size: small or large</li><li>name: any string</li><li>see <a href="/ref/${i}">reference ${i}</a></li></ul><pre><code>widget --option ${i} --size large</code></pre></section>`;
  const body = Array.from({ length: 1000 }, (_, i) => section(i)).join('\n');
  return `<!doctype html><html><head><title>Widgets reference</title><style>${'.c{color:red}'.repeat(2000)}</style><script>${'var x=1;'.repeat(4000)}</script></head>
<body><nav>${'<a href="/">Home</a>'.repeat(200)}</nav><main><article><h1>Widgets reference</h1>${body}</article></main><footer>end</footer></body></html>`;
}

/** WebFetch of a 1 MB HTML page (fetch + readability + turndown) against the raw download of the same bytes. */
export async function runWebBench(): Promise<void> {
  const page = Buffer.from(oneMegabytePage());
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const web = await webHarness({ allowed: ['docs.test'] });
  const raw: number[] = [];
  const converted: number[] = [];
  let chars = 0;
  try {
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.arrayBuffer();
      raw.push(performance.now() - started);
      // A new query string each time: the 15-minute cache must not answer.
      started = performance.now();
      const run = await web.fetch(`http://docs.test:${port}/?run=${i}`);
      converted.push(performance.now() - started);
      if (run.result.status !== 'success') throw new Error(run.result.text);
      chars = (run.result.data as { content: string }).content.length;
    }
  } finally {
    await web.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  const rawMs = median(raw);
  const fetchMs = median(converted);
  console.log(`Web: WebFetch of a ${(page.length / 1024 / 1024).toFixed(2)} MB HTML page, median of ${RUNS}`);
  console.log(`  raw download (fetch, bytes only):        ${rawMs.toFixed(1)} ms`);
  console.log(`  WebFetch (download + readability + turndown, cut at 100k chars): ${fetchMs.toFixed(1)} ms -> ${chars} chars of Markdown`);
  reportFigure({ area: 'web', figure: 'raw download of a 1 MB HTML page', value: `${rawMs.toFixed(0)} ms` });
  reportFigure({ area: 'web', figure: 'WebFetch of the same page (to Markdown)', value: `${fetchMs.toFixed(0)} ms`, target: `< ${TARGET_MS} ms`, ok: fetchMs < TARGET_MS });
}

if (require.main === module) {
  runWebBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
