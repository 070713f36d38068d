/**
 * IP address literals as numbers, for classification. Hosts reach here already through the WHATWG URL parser,
 * which turns decimal, octal and hex IPv4 forms (`2852039166`, `0x7f000001`, `0177.0.0.1`) into dotted quads;
 * `parseIpv4` still takes only the dotted form, so nothing else passes as an address by accident.
 */

export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** Eight 16-bit groups, or undefined; takes `::` and an embedded IPv4 tail (`::ffff:1.2.3.4`), brackets and a zone. */
export function parseIpv6(text: string): number[] | undefined {
  let body = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  if (!body.includes(':')) return undefined;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (v4) {
    const tail = v4[1] ?? '';
    const n = parseIpv4(tail);
    if (n === undefined) return undefined;
    body = `${body.slice(0, -tail.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return all.map((g) => parseInt(g, 16));
}

export function ipv4Text(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}
