import { strict as assert } from 'node:assert';
import * as net from 'node:net';
import fc from 'fast-check';
import { classifyAddress, classifyIpv4 } from '../../../../src/core/web/addressPolicy';
import { ipv4Text, parseIpv4 } from '../../../../src/core/web/ipAddress';
import { checkWebUrl } from '../../../../src/core/web/webUrl';

type Kind = 'public' | 'private' | 'never';

const kindOf = (text: string): Kind | undefined => classifyAddress(text)?.kind;

/** Every range of spec §22 with both edges inside and the first address outside each side. */
const ipv4Table: [string, Kind][] = [
  ['0.0.0.0', 'never'], ['0.255.255.255', 'never'], ['1.0.0.0', 'public'],
  ['9.255.255.255', 'public'], ['10.0.0.0', 'private'], ['10.255.255.255', 'private'], ['11.0.0.0', 'public'],
  ['100.63.255.255', 'public'], ['100.64.0.0', 'private'], ['100.127.255.255', 'private'], ['100.128.0.0', 'public'],
  ['100.100.100.199', 'private'], ['100.100.100.200', 'never'], ['100.100.100.201', 'private'],
  ['126.255.255.255', 'public'], ['127.0.0.0', 'private'], ['127.0.0.1', 'private'], ['127.255.255.255', 'private'], ['128.0.0.0', 'public'],
  ['168.63.129.15', 'public'], ['168.63.129.16', 'never'], ['168.63.129.17', 'public'],
  ['169.253.255.255', 'public'], ['169.254.0.0', 'never'], ['169.254.169.254', 'never'], ['169.254.255.255', 'never'], ['169.255.0.0', 'public'],
  ['172.15.255.255', 'public'], ['172.16.0.0', 'private'], ['172.20.0.1', 'private'], ['172.31.255.255', 'private'], ['172.32.0.0', 'public'],
  ['191.255.255.255', 'public'], ['192.0.0.0', 'private'], ['192.0.0.191', 'private'], ['192.0.0.192', 'never'], ['192.0.0.193', 'private'],
  ['192.0.0.255', 'private'], ['192.0.1.0', 'public'],
  ['192.167.255.255', 'public'], ['192.168.0.0', 'private'], ['192.168.255.255', 'private'], ['192.169.0.0', 'public'],
  ['198.17.255.255', 'public'], ['198.18.0.0', 'private'], ['198.19.255.255', 'private'], ['198.20.0.0', 'public'],
  ['223.255.255.255', 'public'], ['224.0.0.0', 'never'], ['239.255.255.255', 'never'], ['240.0.0.0', 'never'], ['255.255.255.255', 'never'],
  ['8.8.8.8', 'public'], ['93.184.216.34', 'public'],
];

const ipv6Table: [string, Kind][] = [
  ['::', 'never'], ['::1', 'private'], ['::2', 'never'],
  ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'public'], ['fc00::', 'private'], ['fd12:3456::1', 'private'], ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private'], ['fe00::', 'public'],
  ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'public'], ['fe80::', 'never'], ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'never'], ['fec0::', 'private'],
  ['ff00::', 'never'], ['ff02::1', 'never'], ['feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private'],
  ['fd00:ec2::254', 'never'], ['fd00:ec2::253', 'private'],
  ['2001:4860:4860::8888', 'public'], ['2606:4700::1111', 'public'],
];

/** Each embedded form of spec §22 with an address inside its prefix and one just outside. */
const embeddedTable: [string, Kind][] = [
  // ::ffff:0:0/96, IPv4-mapped
  ['::ffff:169.254.169.254', 'never'], ['::ffff:172.31.255.255', 'private'], ['::ffff:172.32.0.0', 'public'], ['::ffff:168.63.129.16', 'never'],
  ['::fffe:a9fe:a9fe', 'public'], ['0:0:0:0:1:ffff:a9fe:a9fe', 'public'],
  // ::ffff:0:0:0/96, IPv4-translated
  ['::ffff:0:169.254.169.254', 'never'], ['::ffff:0:100.64.0.0', 'private'], ['::ffff:0:100.128.0.0', 'public'], ['::ffff:0:192.0.0.192', 'never'],
  ['::ffff:1:a9fe:a9fe', 'public'], ['0:0:0:1:ffff:0:a9fe:a9fe', 'public'],
  // ::/96, IPv4-compatible (deprecated)
  ['::169.254.169.254', 'never'], ['::10.0.0.1', 'private'], ['::8.8.8.8', 'public'],
  // 64:ff9b::/96, NAT64
  ['64:ff9b::169.254.169.254', 'never'], ['64:ff9b::10.255.255.255', 'private'], ['64:ff9b::11.0.0.0', 'public'],
  ['64:ff9b::1:a9fe:a9fe', 'public'], ['64:ff9a::a9fe:a9fe', 'public'],
  // 64:ff9b:1::/48, local-use NAT64: the last 32 bits, and RFC 6052's /48 layout (bits 48-63, 72-87) when present
  ['64:ff9b:1::169.254.169.254', 'never'], ['64:ff9b:1::100.64.0.0', 'private'], ['64:ff9b:1::100.63.255.255', 'public'],
  ['64:ff9b:1:ffff:ffff:ffff:808:808', 'never'], ['64:ff9b:1:a00:0:100:808:808', 'private'],
  ['64:ff9b:2::a9fe:a9fe', 'public'], ['64:ff9b:0:1::a9fe:a9fe', 'public'],
  // 2002::/16, 6to4: bits 16-47
  ['2002:a9fe:a9fe::', 'never'], ['2002:a9fe:a9fe:1234::5', 'never'], ['2002:ac1f:ffff::1', 'private'], ['2002:ac20::1', 'public'],
  ['2001:ffff:a9fe:a9fe::', 'public'], ['2003:a9fe:a9fe::', 'public'],
  // 2001::/32, Teredo: the client is the last 32 bits inverted, the server bits 32-63 (RFC 4380's own example first)
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'public'],
  ['2001:0:4136:e378:8000:63bf:5601:5601', 'never'], ['2001:0:4136:e378::f5ff:fffe', 'private'], ['2001:0:4136:e378::ffff:ffff', 'never'],
  ['2001:0:a00:1::3fff:fdd2', 'private'], ['2001:0:a9fe:a9fe::3fff:fdd2', 'never'],
  ['2001:1:4136:e378::5601:5601', 'public'], ['2001:db8::5601:5601', 'public'],
];

describe('the address classifier (spec §22): every range with both edges', () => {
  for (const [table, name] of [[ipv4Table, 'IPv4'], [ipv6Table, 'IPv6'], [embeddedTable, 'IPv4 embedded in IPv6']] as const) {
    it(`${name}: ${table.length} addresses`, () => {
      const wrong = table.filter(([address, kind]) => kindOf(address) !== kind).map(([address, kind]) => `${address}: ${kindOf(address)}, expected ${kind}`);
      assert.deepEqual(wrong, []);
    });
  }

  it('says why: metadata by its cloud, private by the address the IPv6 form carries', () => {
    assert.match((classifyAddress('168.63.129.16') as { reason: string }).reason, /metadata.*Azure/);
    assert.match((classifyAddress('192.0.0.192') as { reason: string }).reason, /metadata.*Oracle/);
    assert.match((classifyAddress('::ffff:0:10.1.2.3') as { reason: string }).reason, /^10\.1\.2\.3 is a private network address/);
  });

  it('judges the URL parser\'s canonical forms the same (the host WebFetch actually sees)', () => {
    for (const [address, kind] of embeddedTable) {
      const check = checkWebUrl(`http://[${address}]/`);
      const got = check.ok ? check.hostClass?.kind : check.code === 'address_refused' ? 'never' : check.code;
      assert.equal(got, kind, `${address} parsed as ${check.ok ? check.url.hostname : '(refused)'}`);
    }
  });
});

/** Spec §22's IPv4 ranges in Node's own BlockList: an oracle written apart from the classifier. */
function oracle(): (address: string) => Kind {
  const never = new net.BlockList();
  for (const [base, bits] of [['0.0.0.0', 8], ['169.254.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) never.addSubnet(base, bits, 'ipv4');
  for (const address of ['100.100.100.200', '168.63.129.16', '192.0.0.192']) never.addAddress(address, 'ipv4');
  const inward = new net.BlockList();
  for (const [base, bits] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10], ['198.18.0.0', 15], ['192.0.0.0', 24]] as const) {
    inward.addSubnet(base, bits, 'ipv4');
  }
  return (address) => (never.check(address, 'ipv4') ? 'never' : inward.check(address, 'ipv4') ? 'private' : 'public');
}

const hex = (n: number) => n.toString(16);
const anyIpv4 = fc.integer({ min: 0, max: 0xffffffff });
/** Addresses near every range's edges, where a wrong prefix length shows, as well as anywhere. */
const edges = ['0.0.0.0', '10.0.0.0', '11.0.0.0', '100.64.0.0', '100.128.0.0', '127.0.0.0', '128.0.0.0', '169.254.0.0', '169.255.0.0', '172.16.0.0', '172.32.0.0',
  '192.0.0.0', '192.0.1.0', '192.168.0.0', '192.169.0.0', '198.18.0.0', '198.20.0.0', '224.0.0.0'].map((a) => parseIpv4(a)!);
const nearEdges = fc.tuple(fc.constantFrom(...edges), fc.integer({ min: -4096, max: 4096 })).map(([edge, d]) => (edge + d + 0x100000000) % 0x100000000);
const ipv4 = fc.oneof(anyIpv4, nearEdges);

describe('the address classifier, on generated addresses', () => {
  it('agrees with net.BlockList over spec §22\'s IPv4 ranges', () => {
    const expected = oracle();
    fc.assert(fc.property(ipv4, (n) => classifyIpv4(n).kind === expected(ipv4Text(n))), { numRuns: 3000 });
  });

  it('judges each IPv6 form that carries an IPv4 exactly as that IPv4, literal and through the URL parser', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const forms = fc.tuple(ipv4, group, group, group, group).chain(([n, r1, r2, r3, r4]) => {
      const v4 = ipv4Text(n);
      const texts = [
        `::ffff:${v4}`,
        `::ffff:0:${v4}`,
        `64:ff9b::${v4}`,
        `64:ff9b:1::${v4}`,
        `2002:${hex(n >>> 16)}:${hex(n & 0xffff)}:${hex(r1)}:${hex(r2)}:${hex(r3)}:${hex(r4)}:1`,
        // A public Teredo server (RFC 4380's), random flags and port, the client's address inverted.
        `2001:0:4136:e378:${hex(r1)}:${hex(r2)}:${hex((~n >>> 16) & 0xffff)}:${hex(~n & 0xffff)}`,
        ...(n > 1 ? [`::${v4}`] : []),
      ];
      return fc.constant({ n, texts });
    });
    fc.assert(fc.property(forms, ({ n, texts }) => {
      const expected = classifyIpv4(n);
      for (const text of texts) {
        assert.deepEqual(classifyAddress(text), expected, text);
        const check = checkWebUrl(`http://[${text}]/`);
        if (expected.kind === 'never') assert.equal(check.ok ? 'fetched' : check.code, 'address_refused', text);
        else assert.equal(check.ok ? check.hostClass?.kind : check.code, expected.kind, text);
      }
    }), { numRuns: 800 });
  });
});
