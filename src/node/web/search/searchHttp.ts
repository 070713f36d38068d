import { SearchHttpError, type SearchOptions, type SearchProvider, type SearchResult } from '../../../core/ports/searchProvider';

/** What every provider adapter is built from: the endpoint (web.search.baseUrl or the provider's), the key, and fetch. */
export interface SearchEndpoint {
  baseUrl: string;
  apiKey: string | undefined;
  /** Global fetch by default: VS Code's extension host routes it through the user's proxy, as model requests. */
  fetch?: typeof fetch;
}

export const searchTimeoutMs = 25_000;

/** One JSON request to a provider; an HTTP error becomes SearchHttpError (401, 429 … worded by the tool). */
export async function requestJson(provider: string, endpoint: SearchEndpoint, url: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(searchTimeoutMs);
  const response = await (endpoint.fetch ?? fetch)(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
  const text = await response.text();
  if (!response.ok) throw new SearchHttpError(response.status, provider, text.slice(0, 500));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${provider} did not answer with JSON: ${text.slice(0, 200)}`);
  }
}

/** The base URL without its trailing slash, so a path joins cleanly. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

export function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Results with a title and a URL, at most `count`. */
export function kept(results: SearchResult[], count: number): SearchResult[] {
  return results.filter((r) => r.url).slice(0, count);
}

export type ProviderFactory = (endpoint: SearchEndpoint) => SearchProvider;
export type { SearchOptions, SearchResult };
