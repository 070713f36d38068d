import type { SearchProvider } from '../../../core/ports/searchProvider';
import { braveSearch } from './braveSearch';
import { exaSearch } from './exaSearch';
import type { SearchEndpoint } from './searchHttp';
import { searxngSearch } from './searxngSearch';
import { tavilySearch } from './tavilySearch';

export const searchProviderNames = ['none', 'brave', 'tavily', 'exa', 'searxng'] as const;
export type SearchProviderName = (typeof searchProviderNames)[number];

/** The provider web.search.provider names (spec §22), or undefined for `none`: then no WebSearch tool is offered. */
export function createSearchProvider(name: SearchProviderName, endpoint: SearchEndpoint): SearchProvider | undefined {
  switch (name) {
    case 'brave': return braveSearch(endpoint);
    case 'tavily': return tavilySearch(endpoint);
    case 'exa': return exaSearch(endpoint);
    case 'searxng': return searxngSearch(endpoint);
    default: return undefined;
  }
}
