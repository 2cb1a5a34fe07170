import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('addressKey', () => {
  it('keeps IPv4 as it is and maps IPv4-mapped IPv6 to it, in either spelling', () => {
    expect(addressKey('192.0.2.10')).toBe('192.0.2.10');
    expect(addressKey('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(addressKey('::FFFF:c000:20a')).toBe('192.0.2.10');
    expect(addressKey('0:0:0:0:0:ffff:192.0.2.10')).toBe('192.0.2.10');
  });

  it('reduces IPv6 to its /64, however it is spelled', () => {
    expect(addressKey('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:0DB8:000a:000b::9')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.10')).toBe('64:ff9b:0:0::/64');
  });

  it('passes anything else through (it is only a key)', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
