import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Hex } from './crc32.js';

describe('crc32', () => {
  it('matches the standard check value of "123456789"', () => {
    // The CRC-32/ISO-HDLC catalogue check value.
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32Hex('123456789')).toBe('cbf43926');
  });
  it('is 0 for the empty string', () => {
    expect(crc32('')).toBe(0);
  });
  it('agrees with zlib on UTF-8 text', () => {
    for (const s of ['{"a":1}', 'žluťoučký kůň', 'x'.repeat(1000)]) {
      expect(crc32(s)).toBe(zlibCrc32(Buffer.from(s, 'utf8')));
    }
  });
});
