import { Sha256, canonicalJson } from '@xai/core';
import type { Item } from '../item.js';

/** sha256 over the items as canonical JSON lines (answers included), in input order. */
export function itemsHash(items: readonly Item[]): string {
  const h = new Sha256();
  for (const item of items) h.update(`${canonicalJson(item)}\n`);
  return h.hex();
}
