import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256, sha256Hex, sha256HexAsync, sha256OfParts } from './sha256.js';

const nodeSha = (...chunks: (string | Uint8Array)[]): string => {
  const h = createHash('sha256');
  for (const c of chunks) h.update(c);
  return h.digest('hex');
};

describe('sha256Hex', () => {
  it('equals the FIPS 180-2 test vectors and node:crypto', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 37) & 255);
    expect(sha256Hex(bytes)).toBe(nodeSha(bytes));
    expect(sha256Hex('héllo ✓')).toBe(nodeSha('héllo ✓'));
  });

  it('equals node:crypto at every length around the padding boundaries, fed in uneven chunks', () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 131 + 7) & 255);
    for (let n = 0; n <= 300; n++) {
      const msg = bytes.subarray(0, n);
      expect(sha256Hex(msg)).toBe(nodeSha(msg));
      const cut = (n * 7) % (n + 1);
      const cut2 = Math.min(n, cut + 65);
      const h = new Sha256().update(msg.subarray(0, cut)).update(msg.subarray(cut, cut2)).update(msg.subarray(cut2));
      expect(h.hex()).toBe(nodeSha(msg));
    }
  });

  it('incremental updates equal one update of the concatenation', () => {
    expect(
      new Sha256()
        .update('a')
        .update(new Uint8Array([98, 99]))
        .hex(),
    ).toBe(sha256Hex('abc'));
  });

  it('the async form gives the same digest', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    expect(await sha256HexAsync(bytes)).toBe(nodeSha(bytes));
  });
});

describe('sha256OfParts', () => {
  it('hashes each part behind its kind and byte length', () => {
    const f = new Float64Array([1.5, -2]);
    const fBytes = new Uint8Array(f.buffer);
    // 'é' is two UTF-8 bytes: the prefix counts bytes, not characters.
    expect(sha256OfParts('aé', f)).toBe(nodeSha('s3:', 'aé', 'b16:', fBytes));
  });

  it('hashes only the view of a typed array, not its whole buffer', () => {
    const whole = new Uint8Array([9, 1, 2, 9]);
    expect(sha256OfParts(whole.subarray(1, 3))).toBe(nodeSha('b2:', new Uint8Array([1, 2])));
  });

  it('tells part boundaries apart', () => {
    expect(sha256OfParts('ab', 'c')).not.toBe(sha256OfParts('a', 'bc'));
    expect(sha256OfParts('abc')).not.toBe(sha256Hex('abc'));
  });
});
