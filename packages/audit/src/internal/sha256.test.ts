import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { substream } from '@xai/core';
import { createSha256, sha256Hex } from './sha256.js';

describe('sha256 (@noble/hashes) agrees with node:crypto', () => {
  it('on the FIPS examples and on random lengths around the block boundaries', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const rng = substream(1, 'sha');
    for (const len of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 4099]) {
      const bytes = new Uint8Array(len);
      for (let i = 0; i < len; i++) bytes[i] = Math.floor(rng.uniform() * 256);
      expect(sha256Hex(bytes), `len ${len}`).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });
  it('incremental updates (strings with non-ASCII) equal one update', () => {
    const parts = ['rec_8be88c4f', 'é→9', 'x'.repeat(70), '', '🙂'];
    const h = createSha256();
    for (const p of parts) h.update(p);
    expect(h.digest()).toBe(createHash('sha256').update(parts.join('')).digest('hex'));
  });
});
