import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256, sha256Hex, sha256HexAsync } from './sha256.js';

describe('sha256 (@noble/hashes)', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('equals node:crypto for every length around the block and padding boundaries, in any chunking', () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 131 + 7) & 255);
    for (let n = 0; n <= 300; n++) {
      const part = bytes.subarray(0, n);
      const want = createHash('sha256').update(part).digest('hex');
      expect(sha256Hex(part)).toBe(want);
      const h = new Sha256();
      for (let at = 0; at < n; at += 13) h.update(part.subarray(at, Math.min(n, at + 13)));
      expect(h.hex()).toBe(want);
    }
  });

  it('hashes text as UTF-8, like node:crypto', () => {
    const text = 'größe,µ,日本\n';
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('gives the WebCrypto digest asynchronously', async () => {
    const bytes = Uint8Array.from({ length: 5000 }, (_, i) => (i * 31) & 255);
    expect(await sha256HexAsync(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
