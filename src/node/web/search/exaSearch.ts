import { asArray, asString, joinUrl, kept, requestJson, type SearchEndpoint, type SearchOptions } from './searchHttp';
import type { SearchProvider, SearchResult } from '../../../core/ports/searchProvider';

export const exaBaseUrl = 'https://api.exa.ai';

/**
 * Exa: `POST /search` with `x-api-key`, JSON {query, numResults, includeDomains, excludeDomains, contents: {highlights}};
 * results[] (title, url, highlights[] or text).
 */
export function exaSearch(endpoint: SearchEndpoint): SearchProvider {
  return {
    name: 'Exa',
    async search(query: string, options: SearchOptions): Promise<SearchResult[]> {
      const request = {
        query,
        numResults: options.count,
        ...(options.allowedDomains.length ? { includeDomains: options.allowedDomains } : {}),
        ...(options.blockedDomains.length ? { excludeDomains: options.blockedDomains } : {}),
        contents: { highlights: { maxCharacters: 400 } },
      };
      const body = await requestJson('Exa', endpoint, joinUrl(endpoint.baseUrl || exaBaseUrl, '/search'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': endpoint.apiKey ?? '' },
        body: JSON.stringify(request),
      }, options.signal);
      const results = asArray((body as { results?: unknown }).results).map((r) => {
        const item = r as Record<string, unknown>;
        const highlights = asArray(item.highlights).map(asString).filter(Boolean);
        return { title: asString(item.title), url: asString(item.url), snippet: highlights.join(' … ') || asString(item.summary) || asString(item.text).slice(0, 400) };
      });
      return kept(results, options.count);
    },
  };
}
