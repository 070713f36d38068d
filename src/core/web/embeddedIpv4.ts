/**
 * The IPv4 addresses an IPv6 address carries (spec §22), so that it is judged as them: a packet to such an address
 * reaches, through a translator or a tunnel, the IPv4 it holds. Undefined for an IPv6 address of no such form.
 * Groups are the eight 16-bit groups of `parseIpv6`.
 */
export function embeddedIpv4(groups: readonly number[]): number[] | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const last32 = join(g6, g7);
  const zero = (...gs: number[]) => gs.every((g) => g === 0);
  // ::ffff:a.b.c.d, IPv4-mapped (RFC 4291).
  if (zero(g0, g1, g2, g3, g4) && g5 === 0xffff) return [last32];
  // ::ffff:0:a.b.c.d, IPv4-translated (RFC 2765 / SIIT).
  if (zero(g0, g1, g2, g3) && g4 === 0xffff && g5 === 0) return [last32];
  // ::a.b.c.d, IPv4-compatible (deprecated, still routed by some stacks); :: and ::1 are themselves.
  if (zero(g0, g1, g2, g3, g4, g5) && last32 > 1) return [last32];
  // 64:ff9b::/96, the well-known NAT64 prefix (RFC 6052): the IPv4 is the last 32 bits.
  if (g0 === 0x64 && g1 === 0xff9b && zero(g2, g3, g4, g5)) return [last32];
  // 64:ff9b:1::/48, local-use NAT64 (RFC 8215). Operators carve /96 prefixes out of it, with the IPv4 in the last
  // 32 bits; RFC 6052's own /48 layout puts it in bits 48-63 and 72-87. Both are judged when the latter is present.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) {
    const rfc6052 = join(g3, ((g4 & 0xff) << 8) | (g5 >>> 8));
    return zero(g3, g4, g5) ? [last32] : [last32, rfc6052];
  }
  // 2002::/16, 6to4 (RFC 3056): the IPv4 is bits 16-47.
  if (g0 === 0x2002) return [join(g1, g2)];
  // 2001::/32, Teredo (RFC 4380): the client's IPv4 is the last 32 bits inverted, the server's is bits 32-63.
  if (g0 === 0x2001 && g1 === 0) return [(~last32) >>> 0, join(g2, g3)];
  return undefined;
}

function join(high: number, low: number): number {
  return ((high << 16) >>> 0) + low;
}
