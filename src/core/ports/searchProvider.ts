/** A web search service (spec §22 WebSearch): Brave, Tavily, Exa or SearXNG, one adapter each. */
export interface SearchProvider {
  readonly name: string;
  search(query: string, options: SearchOptions): Promise<SearchResult[]>;
}

export interface SearchOptions {
  count: number;
  allowedDomains: readonly string[];
  blockedDomains: readonly string[];
  signal: AbortSignal;
}

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

/** A provider's HTTP failure: 401/403 (key), 429 (rate limit) and others get their own words for the model. */
export class SearchHttpError extends Error {
  constructor(readonly status: number, readonly provider: string, readonly body: string) {
    super(`${provider} answered HTTP ${status}`);
    this.name = 'SearchHttpError';
  }
}
