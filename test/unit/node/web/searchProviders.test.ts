import { strict as assert } from 'node:assert';
import type { ToolContext } from '../../../../src/core/tools/toolTypes';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { createWebSearchTool } from '../../../../src/core/web/webSearchTool';
import { createSearchProvider } from '../../../../src/node/web/search/searchProviders';
import { SearchApiServer } from '../../../fixtures/web/searchApiServer';

const options = (allowedDomains: string[] = [], blockedDomains: string[] = []) => ({ count: 10, allowedDomains, blockedDomains, signal: new AbortController().signal });

/**
 * Each provider's documented request and response (spec §22), against a local server speaking the shapes
 * from the providers' API references: Brave Web Search, Tavily /search, Exa /search, SearXNG's JSON format.
 */
describe('search providers', () => {
  let api: SearchApiServer;
  beforeEach(async () => { api = await SearchApiServer.start(); });
  afterEach(() => api.close());

  it('Brave: GET /web/search?q&count with X-Subscription-Token; web.results[] title/url/description', async () => {
    api.reply = { type: 'search', query: { original: 'vitest' }, web: { type: 'search', results: [
      { title: 'Vitest', url: 'https://vitest.dev/', description: 'Next generation <strong>testing</strong> framework', age: '2 days ago' },
      { title: 'Guide', url: 'https://vitest.dev/guide/', description: 'Getting started' },
    ] } };
    const brave = createSearchProvider('brave', { baseUrl: api.baseUrl, apiKey: 'BSA-key' })!;
    const results = await brave.search('vitest', options());
    const seen = api.seen[0]!;
    assert.equal(seen.method, 'GET');
    assert.equal(seen.path, '/web/search');
    assert.deepEqual(seen.query, { q: 'vitest', count: '10' });
    assert.equal(seen.headers['x-subscription-token'], 'BSA-key');
    assert.equal(seen.headers.accept, 'application/json');
    assert.deepEqual(results, [
      { title: 'Vitest', url: 'https://vitest.dev/', snippet: 'Next generation testing framework' },
      { title: 'Guide', url: 'https://vitest.dev/guide/', snippet: 'Getting started' },
    ]);
  });

  it('Tavily: POST /search with a bearer key and {query, max_results, include_domains, exclude_domains}; results[] title/url/content', async () => {
    api.reply = { query: 'q', answer: null, images: [], response_time: 1.2, results: [{ title: 'T', url: 'https://a.dev/x', content: 'snippet', score: 0.9, raw_content: null }] };
    const tavily = createSearchProvider('tavily', { baseUrl: api.baseUrl, apiKey: 'tvly-key' })!;
    const results = await tavily.search('q', options(['a.dev'], ['b.dev']));
    const seen = api.seen[0]!;
    assert.equal(seen.method, 'POST');
    assert.equal(seen.path, '/search');
    assert.equal(seen.headers.authorization, 'Bearer tvly-key');
    assert.deepEqual(seen.body, { query: 'q', max_results: 10, include_domains: ['a.dev'], exclude_domains: ['b.dev'] });
    assert.deepEqual(results, [{ title: 'T', url: 'https://a.dev/x', snippet: 'snippet' }]);
  });

  it('Exa: POST /search with x-api-key and {query, numResults, includeDomains, excludeDomains, contents.highlights}; results[] title/url/highlights', async () => {
    api.reply = { requestId: 'r1', resolvedSearchType: 'neural', results: [
      { id: 'https://e.dev/a', title: 'E', url: 'https://e.dev/a', publishedDate: '2026-01-01', author: null, highlights: ['first', 'second'], highlightScores: [0.5, 0.4] },
      { id: 'https://e.dev/b', title: 'F', url: 'https://e.dev/b', text: 'body text' },
    ] };
    const exa = createSearchProvider('exa', { baseUrl: api.baseUrl, apiKey: 'exa-key' })!;
    const results = await exa.search('q', options([], ['spam.dev']));
    const seen = api.seen[0]!;
    assert.equal(seen.method, 'POST');
    assert.equal(seen.path, '/search');
    assert.equal(seen.headers['x-api-key'], 'exa-key');
    assert.deepEqual(seen.body, { query: 'q', numResults: 10, excludeDomains: ['spam.dev'], contents: { highlights: { maxCharacters: 400 } } });
    assert.deepEqual(results, [{ title: 'E', url: 'https://e.dev/a', snippet: 'first … second' }, { title: 'F', url: 'https://e.dev/b', snippet: 'body text' }]);
  });

  it('SearXNG: GET <instance>/search?q&format=json; results[] title/url/content; no key needed', async () => {
    api.reply = { query: 'q', number_of_results: 0, results: [{ url: 'https://s.dev/', title: 'S', content: 'from searx', engine: 'duckduckgo', score: 1 }], answers: [], suggestions: [] };
    const searx = createSearchProvider('searxng', { baseUrl: `${api.baseUrl}/`, apiKey: undefined })!;
    const results = await searx.search('q', options());
    const seen = api.seen[0]!;
    assert.equal(seen.method, 'GET');
    assert.equal(seen.path, '/search');
    assert.deepEqual(seen.query, { q: 'q', format: 'json' });
    assert.equal(seen.headers.authorization, undefined);
    assert.deepEqual(results, [{ title: 'S', url: 'https://s.dev/', snippet: 'from searx' }]);
  });

  it('none offers no provider', () => {
    assert.equal(createSearchProvider('none', { baseUrl: '', apiKey: undefined }), undefined);
  });

  describe('WebSearch tool', () => {
    const run = async (params: Record<string, unknown>) => {
      const tool = createWebSearchTool(createSearchProvider('searxng', { baseUrl: api.baseUrl, apiKey: undefined })!);
      return new ToolRegistry([tool as never]).invoke('WebSearch', params, { signal: new AbortController().signal } as unknown as ToolContext);
    };

    it('returns at most 10 results, filters domains, and records query + titles and URLs', async () => {
      api.reply = { results: Array.from({ length: 14 }, (_, i) => ({ title: `R${i}`, url: i % 2 ? `https://docs.a.dev/${i}` : `https://b.dev/${i}`, content: `s${i}` })) };
      const all = await run({ query: 'q' });
      assert.equal((all.data as { results: unknown[] }).results.length, 10);
      assert.match(all.text, /untrusted data/);
      const onlyA = await run({ query: 'q', allowed_domains: ['a.dev'] });
      assert.ok((onlyA.data as { results: { url: string }[] }).results.every((r) => r.url.startsWith('https://docs.a.dev/')));
      const notA = await run({ query: 'q', blocked_domains: ['a.dev'] });
      assert.ok((notA.data as { results: { url: string }[] }).results.every((r) => r.url.startsWith('https://b.dev/')));
      const tool = createWebSearchTool(createSearchProvider('searxng', { baseUrl: api.baseUrl, apiKey: undefined })!);
      const record = JSON.parse(tool.compress({ query: 'q' }, notA)) as { data: { query: string; results: string[] } };
      assert.equal(record.data.query, 'q');
      assert.equal(record.data.results[0], 'R0 — https://b.dev/0');
    });

    it('words 401 and 429 for the model', async () => {
      api.status = 401;
      api.reply = { error: 'invalid key' };
      const unauthorized = await run({ query: 'q' });
      assert.equal(unauthorized.error?.code, 'search_unauthorized');
      assert.match(unauthorized.text, /CodeAgent: Set Search API Key/);
      api.status = 429;
      const limited = await run({ query: 'q' });
      assert.equal(limited.error?.code, 'search_rate_limited');
      assert.match(limited.text, /too many searches \(HTTP 429\)/);
    });
  });
});
