// sha256 from @noble/hashes (audited, pure JS): receipts and content keys are computed the same
// way in a browser (no node:crypto in the package root).
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

export interface Sha256 {
  update(data: string | Uint8Array): Sha256;
  /** Hex digest; the hasher cannot be updated afterwards. */
  digest(): string;
}

const encoder = new TextEncoder();

export function createSha256(): Sha256 {
  const hash = sha256.create();
  const api: Sha256 = {
    update(data) {
      hash.update(typeof data === 'string' ? encoder.encode(data) : data);
      return api;
    },
    digest: () => bytesToHex(hash.digest()),
  };
  return api;
}

/** Hex sha256 of text (UTF-8) or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createSha256().update(data).digest();
}
