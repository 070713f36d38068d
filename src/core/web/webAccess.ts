import type { Clock } from '../ports/clock';
import type { WebClient } from '../ports/webClient';
import type { SearchProvider } from '../ports/searchProvider';
import type { WebCache } from './webCache';
import type { WebFetchData } from './webResult';

/** What the web tools get from their host (spec §22); settings are read at each call, so a change counts at once. */
export interface WebAccess {
  client: WebClient;
  clock: Clock;
  cache: WebCache<WebFetchData>;
  /** The user's codeagent.web.allowedDomains (a workspace cannot add to it). */
  allowedDomains(): readonly string[];
  /** "Always allow <host>": adds the host to the user's (global) codeagent.web.allowedDomains. */
  rememberHost(host: string): Promise<void>;
  /** The 30 s overall timeout, shorter in tests. */
  timeoutMs?: number;
}

export interface WebSearchAccess {
  provider: SearchProvider;
}

export const webLimits = {
  maxRedirects: 5,
  timeoutMs: 30_000,
  maxBytes: 5 * 1024 * 1024,
  maxChars: 100_000,
  maxResults: 10,
} as const;
