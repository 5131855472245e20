// sha256 in pure JS (see sha256Block.ts): no node:crypto and no async WebCrypto call, so every
// package computes ids, receipts and content hashes the same way in Node and in a browser.
import { SHA256_IV, sha256Block } from './sha256Block.js';

const encoder = new TextEncoder();

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/**
 * Incremental sha256: `update` any number of times, then `hex` once.
 * @example new Sha256().update('a').update('bc').hex() === sha256Hex('abc')  // true
 * @since 0.2.0
 */
export class Sha256 {
  private readonly state = Int32Array.from(SHA256_IV);
  private readonly block = new Uint8Array(64);
  private readonly scratch = new Int32Array(64);
  private filled = 0;
  private length = 0;
  private done = false;

  /** Adds text (as UTF-8) or bytes. */
  update(data: Uint8Array | string): this {
    if (this.done) throw new Error('Sha256: update after hex()');
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    this.length += bytes.length;
    let i = 0;
    if (this.filled > 0) {
      const take = Math.min(64 - this.filled, bytes.length);
      this.block.set(bytes.subarray(0, take), this.filled);
      this.filled += take;
      i = take;
      if (this.filled < 64) return this;
      sha256Block(this.state, this.block, 0, this.scratch);
      this.filled = 0;
    }
    for (; i + 64 <= bytes.length; i += 64) sha256Block(this.state, bytes, i, this.scratch);
    this.block.set(bytes.subarray(i), 0);
    this.filled = bytes.length - i;
    return this;
  }

  /** The digest in lower-case hex. The hasher must not be used afterwards. */
  hex(): string {
    return toHex(this.digest());
  }

  /** The 32 digest bytes. The hasher must not be used afterwards. */
  digest(): Uint8Array {
    if (this.done) throw new Error('Sha256: digest taken twice');
    this.done = true;
    // Padding: one 1 bit, zeros, then the message length in bits as a 64-bit big-endian integer.
    const bits = this.length * 8;
    const block = this.block;
    block[this.filled++] = 0x80;
    if (this.filled > 56) {
      block.fill(0, this.filled);
      sha256Block(this.state, block, 0, this.scratch);
      this.filled = 0;
    }
    block.fill(0, this.filled);
    const view = new DataView(block.buffer);
    view.setUint32(56, Math.floor(bits / 2 ** 32));
    view.setUint32(60, bits >>> 0);
    sha256Block(this.state, block, 0, this.scratch);
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    for (let j = 0; j < 8; j++) outView.setInt32(4 * j, this.state[j]!);
    return out;
  }
}

/**
 * Hex sha256 of bytes or text (UTF-8): the digest `sha256sum` prints for the same bytes.
 * @example sha256Hex('abc')  // 'ba7816bf…'
 * @since 0.2.0
 */
export function sha256Hex(data: Uint8Array | string): string {
  return new Sha256().update(data).hex();
}

/**
 * Hex sha256 through WebCrypto (`crypto.subtle.digest`) where there is one (browsers, Node 20),
 * else the pure implementation: the same digest as {@link sha256Hex}, faster on large inputs.
 * @since 0.2.0
 */
export async function sha256HexAsync(data: Uint8Array): Promise<string> {
  type Digest = (algorithm: string, data: Uint8Array) => Promise<ArrayBuffer>;
  const subtle = (globalThis as { crypto?: { subtle?: { digest?: Digest } } }).crypto?.subtle;
  if (subtle && typeof subtle.digest === 'function') {
    try {
      return toHex(new Uint8Array(await subtle.digest('SHA-256', data)));
    } catch {
      // An insecure browser context (http://) has no digest: fall through.
    }
  }
  return sha256Hex(data);
}

/** A part of a message hashed by {@link sha256OfParts}: text (UTF-8) or the raw bytes of a typed array. @since 0.2.0 */
export type HashPart = string | ArrayBufferView;

/**
 * Hex sha256 over several parts, each preceded by its kind and byte length (`s<n>:` for text,
 * `b<n>:` for bytes), so moving bytes from one part to the next changes the hash. Not the digest of
 * the concatenation: use {@link sha256Hex} for that.
 * @example sha256OfParts('ab', 'c') !== sha256OfParts('a', 'bc')  // true
 * @since 0.2.0
 */
export function sha256OfParts(...parts: HashPart[]): string {
  const h = new Sha256();
  for (const part of parts) {
    if (typeof part === 'string') {
      const bytes = encoder.encode(part);
      h.update(`s${bytes.length}:`);
      h.update(bytes);
    } else {
      h.update(`b${part.byteLength}:`);
      h.update(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
    }
  }
  return h.hex();
}
