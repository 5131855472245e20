import { createHash } from 'node:crypto';

/** Hex sha256 of bytes or text. */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}
