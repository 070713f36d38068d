import { toolResultMessage } from '../../../src/core/agent/turnMessages';
import { WebPageServer } from '../../fixtures/web/webPageServer';
import { withLoopbackOnlyNetwork } from '../../support/loopbackOnlyNetwork';
import { webHarness, type WebRun } from './webHarness';

/**
 * Hostile input for the web (spec §22, docs/security.md): SSRF attempts and pages that give orders. Each case
 * says what must happen; `check` returns what went wrong, or undefined. Run by hostileWeb.test.ts and by
 * `npm run bench security` (securityBench.ts).
 */
export interface WebCase {
  group: 'address' | 'scheme' | 'redirect' | 'resolution' | 'size' | 'injection';
  name: string;
  url: (server: WebPageServer) => string;
  allowed?: string[];
  timeoutMs?: number;
  check(run: WebRun, server: WebPageServer): string | undefined;
}

/** Refused with `code`, never asked, and nothing reached the page server. */
const refusedUnasked = (code: string) => (run: WebRun, server: WebPageServer): string | undefined => {
  if (run.result.status !== 'error') return `fetched: ${run.result.text.slice(0, 120)}`;
  if (run.result.error?.code !== code) return `error ${run.result.error?.code}, expected ${code}: ${run.result.error?.message}`;
  if (run.asked.length > 0) return `asked first (${run.asked.length})`;
  return server.requests.length > 0 ? `${server.requests.length} request(s) reached the server` : undefined;
};

/** Refused with `code` whatever was asked (a redirect or a new host may ask first); nothing reached a refused address. */
const refused = (code: string, maxRequests = 0) => (run: WebRun, server: WebPageServer): string | undefined => {
  if (run.result.status !== 'error') return `fetched: ${run.result.text.slice(0, 120)}`;
  if (run.result.error?.code !== code) return `error ${run.result.error?.code}, expected ${code}: ${run.result.error?.message}`;
  return server.requests.length > maxRequests ? `${server.requests.length} request(s) reached the server` : undefined;
};

const literal = (url: string) => () => url;

export function webCases(): WebCase[] {
  return [
    // Address literals in every spelling the URL parser accepts: never reached, never asked.
    { group: 'address', name: 'decimal IPv4 of the metadata service (http://2852039166/)', url: literal('http://2852039166/latest/meta-data/'), check: refusedUnasked('address_refused') },
    { group: 'address', name: 'hex IPv4 of loopback (http://0x7f000001/)', url: (s) => `http://0x7f000001:${s.port}/page.html`, check: refusedUnasked('address_refused') },
    { group: 'address', name: 'octal IPv4 of loopback (http://0177.0.0.1/)', url: (s) => `http://0177.0.0.1:${s.port}/page.html`, check: refusedUnasked('address_refused') },
    { group: 'address', name: 'dotted hex of the metadata service', url: literal('http://0xa9.0xfe.0xa9.0xfe/'), check: refusedUnasked('address_refused') },
    { group: 'address', name: 'the metadata service even when allowed (169.254.169.254)', url: literal('http://169.254.169.254/latest/meta-data/iam/'), allowed: ['169.254.169.254'], check: refusedUnasked('address_refused') },
    { group: 'address', name: 'IPv4-mapped IPv6 of the metadata service ([::ffff:169.254.169.254])', url: literal('http://[::ffff:169.254.169.254]/'), check: refusedUnasked('address_refused') },
    { group: 'address', name: 'AWS IPv6 metadata ([fd00:ec2::254])', url: literal('http://[fd00:ec2::254]/latest/'), check: refusedUnasked('address_refused') },
    { group: 'address', name: 'metadata.google.internal, even when allowed', url: literal('http://metadata.google.internal/computeMetadata/v1/'), allowed: ['metadata.google.internal'], check: refusedUnasked('address_refused') },
    { group: 'address', name: 'IPv6 link-local ([fe80::1])', url: literal('http://[fe80::1]/'), check: refusedUnasked('address_refused') },
    { group: 'address', name: 'IPv6 loopback ([::1]) not allowed', url: (s) => `http://[::1]:${s.port}/`, check: refusedUnasked('address_refused') },
    { group: 'address', name: 'localhost not allowed', url: (s) => s.url('/page.html', 'localhost'), check: refusedUnasked('address_refused') },
    { group: 'address', name: '0.0.0.0 (reaches this machine)', url: (s) => `http://0.0.0.0:${s.port}/page.html`, check: refusedUnasked('address_refused') },
    { group: 'address', name: 'NAT64 form of the metadata service ([64:ff9b::a9fe:a9fe])', url: literal('http://[64:ff9b::a9fe:a9fe]/'), check: refusedUnasked('address_refused') },
    // Names judged on the address actually connected to.
    { group: 'resolution', name: 'a name resolving to loopback, approved once but not in allowedDomains', url: (s) => s.url('/page.html', 'other.test'), check: refused('address_refused') },
    { group: 'resolution', name: 'a name resolving to a private address, approved by the user', url: literal('http://inward.test/admin'), check: refused('address_refused') },
    { group: 'resolution', name: 'a name resolving to the metadata service, even when allowed', url: literal('http://alias.test/latest/meta-data/'), allowed: ['alias.test'], check: refused('address_refused') },
    { group: 'resolution', name: 'a name with a public and a loopback address', url: literal('http://mixed.test/'), check: refused('address_refused') },
    { group: 'resolution', name: 'a name resolving to the IPv6 metadata address, even when allowed', url: literal('http://v6meta.test/'), allowed: ['v6meta.test'], check: refused('address_refused') },
    // Schemes and credentials.
    { group: 'scheme', name: 'file:', url: literal('file:///etc/passwd'), check: refusedUnasked('unsupported_scheme') },
    { group: 'scheme', name: 'ftp:', url: literal('ftp://ftp.example.com/pub/file.txt'), check: refusedUnasked('unsupported_scheme') },
    { group: 'scheme', name: 'gopher: (to a local Redis)', url: literal('gopher://127.0.0.1:6379/_FLUSHALL'), check: refusedUnasked('unsupported_scheme') },
    { group: 'scheme', name: 'data:', url: literal('data:text/html,<script>alert(1)</script>'), check: refusedUnasked('unsupported_scheme') },
    { group: 'scheme', name: 'javascript:', url: literal('javascript:alert(document.cookie)'), check: refusedUnasked('unsupported_scheme') },
    { group: 'scheme', name: 'userinfo trick (http://docs.test@evil.test/) with docs.test allowed', url: literal('http://docs.test@evil.test/'), allowed: ['docs.test'], check: refusedUnasked('credentials_in_url') },
    { group: 'scheme', name: 'userinfo with a password (http://docs.test:x@127.0.0.1/)', url: (s) => `http://docs.test:x@127.0.0.1:${s.port}/`, allowed: ['docs.test'], check: refusedUnasked('credentials_in_url') },
    // Redirects from an allowed host: every hop is checked again.
    { group: 'redirect', name: 'redirect to the metadata service', url: (s) => s.url('/redirect?to=http://169.254.169.254/latest/meta-data/', 'docs.test'), allowed: ['docs.test'], check: refused('address_refused', 1) },
    { group: 'redirect', name: 'redirect to the decimal metadata address', url: (s) => s.url('/redirect?to=http://2852039166/', 'docs.test'), allowed: ['docs.test'], check: refused('address_refused', 1) },
    { group: 'redirect', name: 'redirect to metadata.google.internal', url: (s) => s.url('/redirect?to=http://metadata.google.internal/computeMetadata/v1/', 'docs.test'), allowed: ['docs.test'], check: refused('address_refused', 1) },
    { group: 'redirect', name: 'redirect to file:', url: (s) => s.url('/redirect?to=file:///etc/passwd', 'docs.test'), allowed: ['docs.test'], check: refused('unsupported_scheme', 1) },
    { group: 'redirect', name: 'redirect to a name resolving inward (asked, then refused)', url: (s) => s.url('/redirect?to=http://inward.test/', 'docs.test'), allowed: ['docs.test'],
      check: (run, s) => refused('address_refused', 1)(run, s) ?? (run.asked.some((r) => r.kind === 'web' && r.host === 'inward.test' && r.redirectedFrom) ? undefined : 'the redirect to another host was not asked') },
    { group: 'redirect', name: 'redirect to loopback by address, the first host allowed', url: (s) => s.url(`/redirect?to=http://127.0.0.1:${s.port}/page.html`, 'docs.test'), allowed: ['docs.test'], check: refused('address_refused', 1) },
    { group: 'redirect', name: 'a redirect loop stops after 5', url: (s) => s.url('/loop', 'docs.test'), allowed: ['docs.test'], check: refused('too_many_redirects', 6) },
    // Size and time.
    { group: 'size', name: 'an oversized page (6 MB)', url: (s) => s.url('/big.txt', 'docs.test'), allowed: ['docs.test'], check: refused('too_large', 1) },
    { group: 'size', name: 'a gzip bomb (40 MB of zeros in 40 KB)', url: (s) => s.url('/bomb', 'docs.test'), allowed: ['docs.test'], check: refused('too_large', 1) },
    { group: 'size', name: 'a page that never answers', url: (s) => s.url('/slow', 'docs.test'), allowed: ['docs.test'], timeoutMs: 400, check: refused('timeout', 1) },
    // A page that gives orders: fetched, but fenced and announced as data.
    { group: 'injection', name: 'a page telling the agent to run a command and write a file', url: (s) => s.url('/inject.html', 'docs.test'), allowed: ['docs.test'], check: fencedInjection },
  ];
}

function fencedInjection(run: WebRun): string | undefined {
  if (run.result.status !== 'success') return `not fetched: ${run.result.text}`;
  const message = toolResultMessage('xml', { callId: 'c', name: 'WebFetch', params: {}, raw: '', complete: true } as never, 'success', run.result.text);
  const content = String(message.content);
  const inner = content.slice(content.indexOf('\n') + 1, content.lastIndexOf('\n</tool_result>'));
  if (!inner.includes('untrusted data from the web')) return 'the page is not announced as untrusted data';
  if (!inner.includes('IMPORTANT SYSTEM INSTRUCTION')) return 'the page text is missing';
  for (const tag of ['</tool_result>', '<system-reminder>', '<Bash>', '<Write>']) if (inner.includes(tag)) return `${tag} reached the model as markup`;
  return undefined;
}

/** One case on a fresh page server and harness, with the network limited to loopback (the bench runs it outside mocha too). */
export async function runWebCase(c: WebCase): Promise<string | undefined> {
  const server = await WebPageServer.start();
  const harness = await webHarness({ allowed: c.allowed, timeoutMs: c.timeoutMs });
  try {
    const { value: wrong, refused } = await withLoopbackOnlyNetwork(async () => c.check(await harness.fetch(c.url(server)), server));
    return refused.length > 0 ? `tried to leave this machine: ${refused.join('; ')}${wrong ? `; ${wrong}` : ''}` : wrong;
  } finally {
    await harness.close();
    await server.close();
  }
}
