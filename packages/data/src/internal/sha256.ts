// sha256 from @noble/hashes (audited, pure JS): the package root needs neither node:crypto nor
// an async WebCrypto call, and digests equal `sha256sum` and node:crypto (tested against both).
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

const encoder = new TextEncoder();

/** Incremental sha256: `update` any number of times, then `hex` once. */
export class Sha256 {
  private readonly hash = sha256.create();

  update(data: Uint8Array | string): this {
    this.hash.update(typeof data === 'string' ? encoder.encode(data) : data);
    return this;
  }

  /** The digest in lower-case hex. The hasher must not be used afterwards. */
  hex(): string {
    return bytesToHex(this.hash.digest());
  }
}

/** Hex sha256 of bytes or text (UTF-8). */
export function sha256Hex(data: Uint8Array | string): string {
  return new Sha256().update(data).hex();
}

/**
 * Hex sha256 through WebCrypto (`crypto.subtle.digest`) where there is one (browsers, Node
 * 20), else @noble/hashes: the same digest, faster on large downloads.
 */
export async function sha256HexAsync(data: Uint8Array): Promise<string> {
  type Digest = (algorithm: string, data: Uint8Array) => Promise<ArrayBuffer>;
  const subtle = (globalThis as { crypto?: { subtle?: { digest?: Digest } } }).crypto?.subtle;
  if (subtle && typeof subtle.digest === 'function') {
    try {
      return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', data)));
    } catch {
      // An insecure browser context (http://) has no digest: fall through.
    }
  }
  return sha256Hex(data);
}
