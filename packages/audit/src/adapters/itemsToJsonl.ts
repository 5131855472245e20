import type { Item } from '../item.js';
import { blindView } from '../item.js';

/**
 * The two JSONL texts of a labelled item list: a blind file (items without answers) and a
 * labels file (`{"id","answer":"<candidate id>"}`), one object per line, newline-terminated.
 * Byte-stable: same items, same bytes.
 * @since 0.1.0
 */
export function itemsToJsonl(items: readonly Item[]): { blind: string; labels: string } {
  let blind = '';
  let labels = '';
  for (const item of items) {
    blind += `${JSON.stringify(blindView(item))}\n`;
    labels += `${JSON.stringify({ id: item.id, answer: item.candidates[item.answer]!.id })}\n`;
  }
  return { blind, labels };
}
