import { XaiError, describeValue } from '@xai/core';
import type { BlindItem } from '../item.js';

/**
 * The text of one named part of an item: 'query' (empty when absent), 'id', or an item-level
 * field, given as a dotted path into nested objects (`meta.source`). A field that is not a
 * string (or a number) is a BAD_INPUT naming the item and the field.
 */
export function readPart(item: BlindItem, part: string, fn: string): string {
  if (part === 'query') return item.query ?? '';
  if (part === 'id') return item.id;
  // A flat key first (adapters store fields under their path), then the path into nested objects.
  let v: unknown = Object.hasOwn(item, part) ? item[part] : item;
  if (!Object.hasOwn(item, part))
    for (const key of part.split('.')) {
      v = v !== null && typeof v === 'object' && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined;
    }
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new XaiError('BAD_INPUT', `item ${describeValue(item.id)} has no text at "${part}" (got ${describeValue(v)})`, {
    fn,
    arg: 'part',
    value: part,
    item: item.id,
  });
}
