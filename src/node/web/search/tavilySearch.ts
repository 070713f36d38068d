import { asArray, asString, joinUrl, kept, requestJson, type SearchEndpoint, type SearchOptions } from './searchHttp';
import type { SearchProvider, SearchResult } from '../../../core/ports/searchProvider';

export const tavilyBaseUrl = 'https://api.tavily.com';

/** Tavily: `POST /search` with `Authorization: Bearer <key>`, JSON {query, max_results, include_domains, exclude_domains}; results[] (title, url, content). */
export function tavilySearch(endpoint: SearchEndpoint): SearchProvider {
  return {
    name: 'Tavily',
    async search(query: string, options: SearchOptions): Promise<SearchResult[]> {
      const request = {
        query,
        max_results: options.count,
        ...(options.allowedDomains.length ? { include_domains: options.allowedDomains } : {}),
        ...(options.blockedDomains.length ? { exclude_domains: options.blockedDomains } : {}),
      };
      const body = await requestJson('Tavily', endpoint, joinUrl(endpoint.baseUrl || tavilyBaseUrl, '/search'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.apiKey ?? ''}` },
        body: JSON.stringify(request),
      }, options.signal);
      const results = asArray((body as { results?: unknown }).results).map((r) => {
        const item = r as Record<string, unknown>;
        return { title: asString(item.title), url: asString(item.url), snippet: asString(item.content) };
      });
      return kept(results, options.count);
    },
  };
}
