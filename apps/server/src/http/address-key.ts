import { isIPv6 } from 'node:net';

/**
 * Who a client is, for every per-address limit (the expensive reads, sign-in attempts, open connections:
 * docs/decisions/0020-rate-limits.md, 0028-connection-limits.md): one key per IPv4 address and one per IPv6 /64.
 */

/**
 * The key an address is counted under. IPv4 as it is (an IPv4-mapped IPv6 address, `::ffff:1.2.3.4`, as its IPv4
 * one); IPv6 by its /64, the block one subscriber or device is given: one machine can pick any of its 2^64 addresses,
 * so counting each apart would limit nothing.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an embedded IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const headGroups = parse(head);
  if (tail === undefined) return headGroups;
  const tailGroups = parse(tail);
  return [...headGroups, ...Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}
