import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256 } from './sha256Core.js';
import { fileSha256, sha256Hex } from './sha256.js';

describe('pure sha256 (no node:crypto in the root)', () => {
  it('equals node:crypto for every length across the block boundaries, in chunks', () => {
    const bytes = Uint8Array.from({ length: 200 }, (_, i) => (i * 37 + 11) & 255);
    for (let n = 0; n <= 200; n++) {
      const want = createHash('sha256').update(bytes.subarray(0, n)).digest('hex');
      expect(fileSha256(bytes.subarray(0, n))).toBe(want);
      const h = new Sha256();
      for (let at = 0; at < n; at += 7) h.update(bytes.subarray(at, Math.min(n, at + 7)));
      expect(h.hex()).toBe(want);
    }
  });

  it('sha256Hex keeps the length-prefixed framing of the node:crypto version', () => {
    const f = Float64Array.from([1.5, -0, 3]);
    const want = createHash('sha256')
      .update('s5:')
      .update('héllo', 'utf8')
      .update(`b${f.byteLength}:`)
      .update(new Uint8Array(f.buffer))
      .digest('hex');
    expect('héllo'.length).toBe(5);
    expect(new TextEncoder().encode('héllo').length).toBe(6);
    expect(sha256Hex('héllo', f)).not.toBe(want); // 's6:' (bytes), not characters
    const right = createHash('sha256')
      .update('s6:')
      .update('héllo', 'utf8')
      .update(`b${f.byteLength}:`)
      .update(new Uint8Array(f.buffer))
      .digest('hex');
    expect(sha256Hex('héllo', f)).toBe(right);
  });
});
