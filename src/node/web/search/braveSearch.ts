import { asArray, asString, joinUrl, kept, requestJson, type SearchEndpoint, type SearchOptions } from './searchHttp';
import type { SearchProvider, SearchResult } from '../../../core/ports/searchProvider';

export const braveBaseUrl = 'https://api.search.brave.com/res/v1';

/** Brave Search API: `GET /web/search?q=&count=` with `X-Subscription-Token`; results in `web.results[]` (title, url, description). */
export function braveSearch(endpoint: SearchEndpoint): SearchProvider {
  return {
    name: 'Brave Search',
    async search(query: string, options: SearchOptions): Promise<SearchResult[]> {
      const url = new URL(joinUrl(endpoint.baseUrl || braveBaseUrl, '/web/search'));
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(options.count));
      const body = await requestJson('Brave Search', endpoint, url.href, {
        method: 'GET',
        headers: { accept: 'application/json', 'x-subscription-token': endpoint.apiKey ?? '' },
      }, options.signal);
      const results = asArray((body as { web?: { results?: unknown } }).web?.results).map((r) => {
        const item = r as Record<string, unknown>;
        return { title: asString(item.title), url: asString(item.url), snippet: stripTags(asString(item.description)) };
      });
      return kept(results, options.count);
    },
  };
}

/** Brave marks query words in snippets with <strong>. */
function stripTags(text: string): string {
  return text.replace(/<\/?strong>/g, '');
}
