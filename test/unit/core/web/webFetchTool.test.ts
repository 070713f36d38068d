import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { WebCache, webCacheTtlMs } from '../../../../src/core/web/webCache';
import { createWebFetchTool } from '../../../../src/core/web/webFetchTool';
import { webTools } from '../../../../src/core/web/webTools';
import { codeAgentUserAgent } from '../../../../src/node/web/nodeWebClient';
import { ManualClock } from '../../../support/manualClock';
import { WebPageServer } from '../../../fixtures/web/webPageServer';
import { webHarness, type WebHarness } from '../../hostile/webHarness';

/** WebFetch (spec §22) through the real Node client against a local page server; made-up names come from the test DNS. */
describe('WebFetch', function () {
  this.timeout(20_000);
  let server: WebPageServer;
  let web: WebHarness;
  beforeEach(async () => {
    server = await WebPageServer.start();
    web = await webHarness({ allowed: ['docs.test'] });
  });
  afterEach(async () => {
    await web.close();
    await server.close();
  });

  it('turns a page into Markdown without its script, style, nav or image URLs, names CodeAgent as user agent, and records url + status + title + lines', async () => {
    const run = await web.fetch(server.url('/page.html', 'docs.test'));
    assert.equal(run.result.status, 'success', run.result.text);
    assert.equal(run.asked.length, 0, 'an allowed host is not asked');
    const text = run.result.text;
    assert.match(text, /#+ Installing widgets/);
    assert.match(text, /-\s+size: small or large/);
    assert.match(text, /\[image: architecture diagram\]/);
    for (const gone of ['trackingScript', 'secret-style', 'NavPricingLink', 'images.test']) assert.ok(!text.includes(gone), gone);
    assert.match(text, /docs\.test · 200 OK · [\d.]+ KB · \d+ ms/);
    assert.equal(server.requests[0]?.userAgent, codeAgentUserAgent);
    assert.match(codeAgentUserAgent, /CodeAgent/);
    const record = JSON.parse(createWebFetchTool(web.access).compress({ url: '' }, run.result)) as { data: Record<string, unknown> };
    assert.equal(record.data.status, 200);
    assert.equal(record.data.title, 'Widget guide');
    assert.match(String(record.data.url), /docs\.test/);
    assert.ok(String(record.data.firstLines).split('\n').length <= 21);
  });

  it('keeps JSON and text as they are, reads a gzipped page, and saves a PDF in the conversation storage with its path as the result', async () => {
    const json = await web.fetch(server.url('/data.json', 'docs.test'));
    assert.match(json.result.text, /\{"name":"widget","versions":\[1,2\]\}/);
    const text = await web.fetch(server.url('/notes.txt', 'docs.test'));
    assert.match(text.result.text, /plain notes\nline two/);
    const gzipped = await web.fetch(server.url('/gzipped.html', 'docs.test'));
    assert.match(gzipped.result.text, /#+ Installing widgets/);
    const pdf = await web.fetch(server.url('/doc.pdf', 'docs.test'));
    const saved = (pdf.result.data as { savedPath?: string }).savedPath;
    assert.ok(saved && existsSync(saved), pdf.result.text);
    assert.match(pdf.result.text, /application\/pdf, not text: it was saved to .*\.pdf/);
    assert.ok(readFileSync(saved).subarray(0, 5).equals(Buffer.from('%PDF-')));
  });

  it('cuts a result at 100k characters with a note', async () => {
    const run = await web.fetch(server.url('/long.txt', 'docs.test'));
    const content = (run.result.data as { content: string; truncated: boolean });
    assert.ok(content.truncated);
    assert.ok(content.content.length <= 100_200);
    assert.match(content.content, /\[… cut: the page has 224000 characters, the first \d+ are shown\]$/);
  });

  it('asks about a new host with the whole URL; Always remembers it, and the next fetch from it is not asked', async () => {
    const url = server.url('/notes.txt?x=1', 'other.test');
    const first = await web.fetch(url, () => ({ decision: 'accepted', always: true }));
    assert.deepEqual(first.asked, [{ kind: 'web', tool: 'WebFetch', url, host: 'other.test' }]);
    assert.deepEqual(first.remembered, ['other.test']);
    assert.equal(first.result.status, 'success', first.result.text);
    const second = await web.fetch(server.url('/data.json', 'other.test'));
    assert.equal(second.asked.length, 0);
    assert.equal(second.result.status, 'success');
  });

  it('tells the model when the user rejects, with the feedback, and fetches nothing', async () => {
    const run = await web.fetch(server.url('/page.html', 'other.test'), () => ({ decision: 'rejected', feedback: 'use the local docs' }));
    assert.equal(run.result.error?.code, 'rejected');
    assert.match(run.result.text, /did not allow fetching http:\/\/other\.test:\d+\/page\.html\. Feedback: use the local docs/);
    assert.equal(server.requests.length, 0);
  });

  it('asks again when a redirect leaves for another host, saying where it came from', async () => {
    const target = server.url('/notes.txt', 'other.test');
    const run = await web.fetch(server.url(`/redirect?to=${encodeURIComponent(target)}`, 'docs.test'), () => ({ decision: 'rejected' }));
    assert.equal(run.asked.length, 1);
    assert.deepEqual(run.asked[0], { kind: 'web', tool: 'WebFetch', url: target, host: 'other.test', redirectedFrom: server.url(`/redirect?to=${encodeURIComponent(target)}`, 'docs.test') });
    assert.match(run.result.text, /a redirect from/);
    assert.equal(server.requests.length, 1, 'only the redirect was fetched');
  });

  it('follows a redirect on the same host without asking', async () => {
    const run = await web.fetch(server.url(`/redirect?to=/notes.txt`, 'docs.test'));
    assert.equal(run.asked.length, 0);
    assert.match(run.result.text, /plain notes/);
    assert.match(run.result.text, /\(redirected from http:\/\/docs\.test:\d+\/redirect\?to=\/notes\.txt\)/);
  });

  it('serves a URL from the cache for 15 minutes, then fetches it again', async () => {
    const clock = new ManualClock();
    web.access.cache = new WebCache(clock);
    const url = server.url('/notes.txt', 'docs.test');
    await web.fetch(url);
    const again = await web.fetch(url);
    assert.equal((again.result.data as { fromCache?: boolean }).fromCache, true);
    assert.match(again.result.text, /· cached/);
    assert.equal(server.requests.length, 1);
    await clock.advance(webCacheTtlMs);
    await web.fetch(url);
    assert.equal(server.requests.length, 2);
  });

  it('offers no web tool with web.enabled off, and WebSearch only with a provider', () => {
    assert.deepEqual(webTools(false, web.access, { name: 'p', search: async () => [] }).map((t) => t.name), []);
    assert.deepEqual(webTools(true, web.access, undefined).map((t) => t.name), ['WebFetch']);
    assert.deepEqual(webTools(true, web.access, { name: 'p', search: async () => [] }).map((t) => t.name), ['WebFetch', 'WebSearch']);
  });
});
