import { Sha256 } from './sha256Core.js';

/** A part of a hashed message: text (UTF-8) or the raw bytes of a typed array. */
export type HashPart = string | ArrayBufferView;

const encoder = new TextEncoder();

/**
 * sha256 (hex) over the parts in order. Each part is preceded by its kind and byte length,
 * so moving bytes from one part to the next changes the hash. @noble/hashes (no
 * node:crypto), so ids and data hashes are computed the same way in a browser.
 */
export function sha256Hex(...parts: HashPart[]): string {
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

/** Plain sha256 (hex) of a file's bytes, as `sha256sum` prints it. */
export function fileSha256(bytes: Uint8Array): string {
  return new Sha256().update(bytes).hex();
}
