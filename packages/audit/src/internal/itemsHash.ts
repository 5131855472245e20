import { createSha256 } from './sha256.js';
import type { Item } from '../item.js';
import { canonicalJson } from './canonicalJson.js';

/** sha256 over the items as canonical JSON lines (answers included), in input order. */
export function itemsHash(items: readonly Item[]): string {
  const h = createSha256();
  for (const item of items) h.update(`${canonicalJson(item)}\n`);
  return h.digest();
}
