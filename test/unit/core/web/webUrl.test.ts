import { strict as assert } from 'node:assert';
import { hostMatches } from '../../../../src/core/web/webUrl';

/** web.allowedDomains patterns (spec §22): a host there is fetched unasked, and may even be private. */
describe('web.allowedDomains matching', () => {
  it('`*.example.com` is the domain and its subdomains, never another domain that ends in the same letters', () => {
    const patterns = ['*.example.com'];
    for (const host of ['example.com', 'a.example.com', 'deep.a.example.com', 'A.Example.COM']) assert.equal(hostMatches(host, patterns), true, host);
    for (const host of ['evilexample.com', 'a.evilexample.com', 'example.com.evil.test', 'example.co', 'xexample.com']) assert.equal(hostMatches(host, patterns), false, host);
  });

  it('a plain entry is that host alone; blank entries match nothing; brackets around IPv6 are ignored', () => {
    assert.equal(hostMatches('example.com', ['example.com']), true);
    assert.equal(hostMatches('a.example.com', ['example.com']), false);
    assert.equal(hostMatches('evilexample.com', ['example.com']), false);
    assert.equal(hostMatches('example.com', ['', '  ']), false);
    assert.equal(hostMatches('::1', ['[::1]']), true);
  });
});
