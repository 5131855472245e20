// sha256 of file bytes through node:crypto (Node only: several times faster than the pure
// implementation on multi-megabyte files; the digests are identical, tested).
import { createHash } from 'node:crypto';

export function fileSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
