import { hashString } from '@xai/core';
import type { Row, Rows } from './rows.js';

/** An id from the texts' content; repeats of one text get an occurrence suffix (#2, #3, …). */
export function contentId(texts: readonly string[], seen: Map<string, number>): string {
  const key = `text-${hashString(texts.join('\u0000')).toString(16).padStart(8, '0')}`;
  const o = (seen.get(key) ?? 0) + 1;
  seen.set(key, o);
  return o === 1 ? key : `${key}#${o}`;
}

/** The row's values of `fields` that are strings or finite numbers, as strings (others left out). */
export function primitiveFields(row: Row, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = row.get(f);
    if (typeof v === 'string') out[f] = v;
    else if (typeof v === 'number' && Number.isFinite(v)) out[f] = String(v);
  }
  return out;
}

/**
 * The other top-level fields of the files, in first-seen order: what rides along on items
 * (checked for label copies and id-like values). Item keys the audit reserves are left out.
 */
export function fieldsBesides(parsed: readonly Rows[], used: ReadonlySet<string>): string[] {
  const reserved = new Set(['id', 'query', 'candidates', 'answer']);
  return [...new Set(parsed.flatMap((p) => p.fields))].filter((f) => !used.has(f) && !reserved.has(f) && !f.includes('.'));
}
