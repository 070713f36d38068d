import type { LookupAddress } from 'node:dns';
import * as net from 'node:net';

/** How long a local lookup may take before a proxied fetch goes on without it. */
export const proxiedLookupMs = 5_000;

/**
 * Through a proxy the proxy connects, so the address connected to is never seen here (spec §22). The name is still
 * resolved locally where possible, and a refused answer (private unless the host is allowed, metadata always)
 * refuses the fetch. A name that does not resolve here, or not in time, is fetched: behind a proxy the proxy may
 * be the only one that can resolve it. Returns why the fetch is refused, or undefined.
 */
export async function refuseProxiedName(
  hostname: string,
  resolve: (hostname: string) => Promise<LookupAddress[]>,
  checkAddress: (address: string) => string | undefined,
  waitMs = proxiedLookupMs,
): Promise<string | undefined> {
  const name = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(name)) return checkAddress(name);
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<undefined>((done) => { timer = setTimeout(() => done(undefined), waitMs); });
  try {
    const answer = await Promise.race([resolve(name).catch(() => undefined), gaveUp]);
    return answer?.map((a) => checkAddress(a.address)).find((reason) => reason !== undefined);
  } finally {
    clearTimeout(timer);
  }
}
