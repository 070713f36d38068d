import { classifyHost, type AddressClass } from './addressPolicy';

/** A URL WebFetch may try (spec §22), or why not: only http(s), no credentials in it, and a host that is not refused on sight. */
export type WebUrlCheck =
  | { ok: true; url: URL; host: string; hostClass: AddressClass | undefined }
  | { ok: false; code: 'invalid_url' | 'unsupported_scheme' | 'credentials_in_url' | 'address_refused'; message: string };

/** The host as the approval and web.allowedDomains see it: lower case, no brackets around IPv6, no trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

export function checkWebUrl(raw: string, base?: URL): WebUrlCheck {
  let url: URL;
  try {
    // The WHATWG parser resolves decimal, octal and hex IPv4 forms and IPv4-mapped IPv6 to canonical addresses.
    url = base ? new URL(raw.trim(), base) : new URL(raw.trim());
  } catch {
    return { ok: false, code: 'invalid_url', message: `'${raw}' is not a URL. WebFetch takes an absolute http:// or https:// URL.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, code: 'unsupported_scheme', message: `${url.protocol} URLs are not fetched: WebFetch takes only http:// and https:// URLs.` };
  }
  // `http://allowed.com@evil.com/` reads as one host and goes to another: such URLs are never fetched.
  if (url.username || url.password) {
    return { ok: false, code: 'credentials_in_url', message: `The URL has a user name or password before its host (${url.host}); such URLs are not fetched. Use the URL without "user@".` };
  }
  const host = hostOf(url);
  if (!host) return { ok: false, code: 'invalid_url', message: `'${raw}' has no host.` };
  const hostClass = classifyHost(host);
  if (hostClass?.kind === 'never') return { ok: false, code: 'address_refused', message: refusedMessage(host, hostClass.reason) };
  return { ok: true, url, host, hostClass };
}

export function refusedMessage(host: string, reason: string): string {
  return `Not fetched: ${host} is never fetched, whatever the approval, because ${reason}.`;
}

export function privateRefusedMessage(host: string, reason: string): string {
  return `Not fetched: ${reason}; a loopback or private address is fetched only when its host (${host}) is in the user's codeagent.web.allowedDomains.`;
}

/** `example.com` or `*.example.com` (any subdomain, and the domain itself), as in web.allowedDomains. */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase();
  return patterns.some((raw) => {
    const pattern = raw.trim().toLowerCase().replace(/^\[|\]$/g, '');
    if (!pattern) return false;
    if (pattern.startsWith('*.')) {
      const domain = pattern.slice(2);
      return name === domain || name.endsWith(`.${domain}`);
    }
    return name === pattern;
  });
}
