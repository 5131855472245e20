import { row } from '@xai/core';
import type { Item } from '../item.js';
import type { TabularAuditInput } from './tabularAuditInput.js';
import { assertTabularInput } from './tabularAuditInput.js';

/**
 * Each row as a multiple-choice item: the candidates are the classes (id = class index,
 * text = class name), the answer is the row's label, and the features ride along as an
 * item-level `features` record. Audit such items with `decisionNull: 'across-items'`
 * (labels permuted across rows): the within-item null (1/k) would credit the majority
 * class as a shortcut.
 * @since 0.1.0
 */
export function tabularItems(table: TabularAuditInput): Item[] {
  const classes = assertTabularInput(table, 'tabularItems');
  const candidates = classes.map((name, c) => ({ id: String(c), text: name }));
  const items: Item[] = [];
  for (let i = 0; i < table.x.rows; i++) {
    const r = row(table.x, i);
    const features: Record<string, number> = {};
    table.header.forEach((h, j) => (features[h] = r[j]!));
    items.push({ id: `row-${i}`, candidates, features, answer: table.y[i]! });
  }
  return items;
}
