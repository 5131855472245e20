// sha256 from @noble/hashes (audited, pure JS), behind the tiny incremental interface the
// id and data hashes use: no node:crypto, so ids are computed the same way in a browser.
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

  /** The digest in lower-case hex. */
  hex(): string {
    return bytesToHex(this.hash.digest());
  }
}
