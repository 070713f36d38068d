import { asArray, asString, joinUrl, kept, requestJson, type SearchEndpoint, type SearchOptions } from './searchHttp';
import type { SearchProvider, SearchResult } from '../../../core/ports/searchProvider';

/**
 * SearXNG's JSON API: `GET <instance>/search?q=&format=json` (the instance must allow the json format);
 * results[] (title, url, content). No key by default; one set is sent as a bearer token for a proxy in front.
 */
export function searxngSearch(endpoint: SearchEndpoint): SearchProvider {
  return {
    name: 'SearXNG',
    async search(query: string, options: SearchOptions): Promise<SearchResult[]> {
      if (!endpoint.baseUrl) throw new Error('SearXNG needs the address of an instance: set codeagent.web.search.baseUrl (for example http://localhost:8888).');
      const url = new URL(joinUrl(endpoint.baseUrl, '/search'));
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const body = await requestJson('SearXNG', endpoint, url.href, {
        method: 'GET',
        headers: { accept: 'application/json', ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
      }, options.signal);
      const results = asArray((body as { results?: unknown }).results).map((r) => {
        const item = r as Record<string, unknown>;
        return { title: asString(item.title), url: asString(item.url), snippet: asString(item.content) };
      });
      return kept(results, options.count);
    },
  };
}
