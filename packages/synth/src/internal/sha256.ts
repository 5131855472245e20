import { createHash } from 'node:crypto';

/** A part of a hashed message: text (UTF-8) or the raw bytes of a typed array. */
export type HashPart = string | ArrayBufferView;

/**
 * sha256 (hex) over the parts in order. Each part is preceded by its kind and byte length,
 * so moving bytes from one part to the next changes the hash.
 */
export function sha256Hex(...parts: HashPart[]): string {
  const h = createHash('sha256');
  for (const part of parts) {
    if (typeof part === 'string') {
      const bytes = Buffer.from(part, 'utf8');
      h.update(`s${bytes.length}:`);
      h.update(bytes);
    } else {
      h.update(`b${part.byteLength}:`);
      h.update(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
    }
  }
  return h.digest('hex');
}

/** Plain sha256 (hex) of a file's bytes, as `sha256sum` prints it. */
export function fileSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
