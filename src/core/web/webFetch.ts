import { ToolFailure } from '../tools/toolResults';
import type { ToolContext } from '../tools/toolTypes';
import { WebFetchError, type WebResponse } from '../ports/webClient';
import { classifyAddress } from './addressPolicy';
import type { WebAccess } from './webAccess';
import { webLimits } from './webAccess';
import { checkWebUrl, hostMatches, privateRefusedMessage, refusedMessage } from './webUrl';

export interface Fetched {
  url: URL;
  host: string;
  response: WebResponse;
  elapsedMs: number;
}

const redirectStatuses = [301, 302, 303, 307, 308];

/**
 * Why a fetch for `host` must not connect to `address` (spec §22), or undefined: link-local and metadata never,
 * loopback and private only for a host in web.allowedDomains. Applied to the address actually connected to.
 */
export function addressRefusal(host: string, address: string, hostAllowed: boolean): string | undefined {
  const found = classifyAddress(address);
  if (!found || found.kind === 'public') return undefined;
  if (found.kind === 'never') return refusedMessage(host === address ? host : `${host} (${address})`, found.reason);
  return hostAllowed ? undefined : privateRefusedMessage(host, host === address ? found.reason : `${host} resolves to ${address}: ${found.reason}`);
}

/**
 * GET `raw`, following at most 5 redirects by hand: every URL is checked again, a host not yet approved in this
 * call (and not in web.allowedDomains) is asked about, and every connection's address is checked by the client.
 */
export async function fetchWithRedirects(raw: string, access: WebAccess, ctx: ToolContext): Promise<Fetched> {
  const started = access.clock.now();
  const approvedHosts = new Set<string>();
  let check = checkWebUrl(raw);
  let from: URL | undefined;
  for (let hop = 0; ; hop++) {
    if (!check.ok) throw new ToolFailure(check.code, from ? `The redirect from ${from.href} was refused. ${check.message}` : check.message);
    const { url, host, hostClass } = check;
    let allowed = hostMatches(host, access.allowedDomains());
    if (hostClass?.kind === 'private' && !allowed) throw new ToolFailure('address_refused', privateRefusedMessage(host, hostClass.reason));
    // "Always allow" puts the host in web.allowedDomains at once: this fetch already counts it as allowed.
    if (!allowed && !approvedHosts.has(host)) allowed = await askForHost(url, host, from, access, ctx);
    approvedHosts.add(host);
    const limit = access.timeoutMs ?? webLimits.timeoutMs;
    const timeoutMs = limit - (access.clock.now() - started);
    if (timeoutMs <= 0) throw new ToolFailure('timeout', `The fetch took longer than ${limit / 1000} s (redirects included).`);
    const response = await get(url, host, allowed, timeoutMs, access, ctx);
    if (redirectStatuses.includes(response.status) && response.location) {
      if (hop >= webLimits.maxRedirects) throw new ToolFailure('too_many_redirects', `More than ${webLimits.maxRedirects} redirects from ${raw}; stopped at ${url.href}.`);
      from = url;
      check = checkWebUrl(response.location, url);
      continue;
    }
    return { url, host, response, elapsedMs: access.clock.now() - started };
  }
}

async function get(url: URL, host: string, allowed: boolean, timeoutMs: number, access: WebAccess, ctx: ToolContext): Promise<WebResponse> {
  try {
    return await access.client.get(url, {
      signal: ctx.signal,
      timeoutMs,
      maxBytes: webLimits.maxBytes,
      checkAddress: (address) => addressRefusal(host, address, allowed),
    });
  } catch (error) {
    if (error instanceof WebFetchError) throw new ToolFailure(error.code, error.message);
    throw error;
  }
}

async function askForHost(url: URL, host: string, from: URL | undefined, access: WebAccess, ctx: ToolContext): Promise<boolean> {
  const decision = await ctx.approve({ kind: 'web', tool: 'WebFetch', url: url.href, host, ...(from ? { redirectedFrom: from.href } : {}) });
  if (decision.decision === 'rejected') {
    const feedback = decision.feedback ? ` Feedback: ${decision.feedback}` : '';
    throw new ToolFailure('rejected', `The user did not allow fetching ${url.href}${from ? ` (a redirect from ${from.href})` : ''}.${feedback}`);
  }
  if (!decision.always) return false;
  await access.rememberHost(host);
  return true;
}
