// sha256 (FIPS 180-4) in plain TypeScript, so the package root needs neither node:crypto nor an
// async WebCrypto call: the same hex digests as `sha256sum` and node:crypto (tested against both).
// Kept in sync with @xai/synth's copy (the packages do not depend on each other).

// Int32Array throughout: Uint32 values above 2^31 are not small integers in V8 and turn
// every round into heap-number arithmetic (about 5x slower).
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const encoder = new TextEncoder();

/** Incremental sha256: `update` any number of times, then `hex` once. */
export class Sha256 {
  private readonly h = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  private readonly w = new Int32Array(64);
  private readonly block = new Uint8Array(64);
  private filled = 0;
  private length = 0;

  update(data: Uint8Array | string): this {
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    let at = 0;
    this.length += bytes.length;
    if (this.filled > 0) {
      const take = Math.min(64 - this.filled, bytes.length);
      this.block.set(bytes.subarray(0, take), this.filled);
      this.filled += take;
      at = take;
      if (this.filled < 64) return this;
      this.compress(this.block, 0);
      this.filled = 0;
    }
    for (; at + 64 <= bytes.length; at += 64) this.compress(bytes, at);
    if (at < bytes.length) {
      this.block.set(bytes.subarray(at), 0);
      this.filled = bytes.length - at;
    }
    return this;
  }

  /** The digest in lower-case hex. The hasher must not be used afterwards. */
  hex(): string {
    const bits = this.length * 8;
    const pad = new Uint8Array((this.filled < 56 ? 64 : 128) - this.filled);
    pad[0] = 0x80;
    const tail = pad.length - 8;
    // 64-bit big-endian bit length (lengths below 2^53 bits are exact in a double).
    const hi = Math.floor(bits / 0x100000000);
    const lo = bits >>> 0;
    pad[tail] = hi >>> 24; pad[tail + 1] = hi >>> 16; pad[tail + 2] = hi >>> 8; pad[tail + 3] = hi;
    pad[tail + 4] = lo >>> 24; pad[tail + 5] = lo >>> 16; pad[tail + 6] = lo >>> 8; pad[tail + 7] = lo;
    const length = this.length;
    this.update(pad);
    this.length = length;
    let out = '';
    for (let i = 0; i < 8; i++) out += (this.h[i]! >>> 0).toString(16).padStart(8, '0');
    return out;
  }

  private compress(b: Uint8Array, p: number): void {
    const w = this.w;
    for (let t = 0; t < 16; t++, p += 4) w[t] = (b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!;
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15]!;
      const c = w[t - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((c >>> 17) | (c << 15)) ^ ((c >>> 19) | (c << 13)) ^ (c >>> 10);
      w[t] = (((w[t - 16]! + s0) | 0) + ((w[t - 7]! + s1) | 0)) | 0;
    }
    const h = this.h;
    let a = h[0]!, bb = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, hh = h[7]!;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (((((hh + S1) | 0) + ch) | 0) + ((K[t]! + w[t]!) | 0)) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & bb) ^ (a & c) ^ (bb & c);
      const t2 = (S0 + maj) | 0;
      hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = bb; bb = a; a = (t1 + t2) | 0;
    }
    h[0] = (h[0]! + a) | 0; h[1] = (h[1]! + bb) | 0; h[2] = (h[2]! + c) | 0; h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0; h[5] = (h[5]! + f) | 0; h[6] = (h[6]! + g) | 0; h[7] = (h[7]! + hh) | 0;
  }
}

/** Hex sha256 of bytes or text (UTF-8). */
export function sha256Hex(data: Uint8Array | string): string {
  return new Sha256().update(data).hex();
}

/**
 * Hex sha256 through WebCrypto (`crypto.subtle.digest`) where there is one (browsers, Node
 * 20), else the pure implementation: the same digest, faster on large downloads.
 */
export async function sha256HexAsync(data: Uint8Array): Promise<string> {
  type Digest = (algorithm: string, data: Uint8Array) => Promise<ArrayBuffer>;
  const subtle = (globalThis as { crypto?: { subtle?: { digest?: Digest } } }).crypto?.subtle;
  if (subtle && typeof subtle.digest === 'function') {
    try {
      const digest = new Uint8Array(await subtle.digest('SHA-256', data));
      let out = '';
      for (let i = 0; i < digest.length; i++) out += digest[i]!.toString(16).padStart(2, '0');
      return out;
    } catch {
      // An insecure browser context (http://) has no digest: fall through.
    }
  }
  return sha256Hex(data);
}
