import { checkOptions } from '@xai/core';
import { decodeText } from '../internal/decodeText.js';
import { sha256Hex } from '@xai/core';
import type { AuditSource } from './auditSource.js';
import { parseJsonlItems } from './parseJsonlItems.js';

/** One JSONL input as text or bytes with its name (for errors and the receipt). */
export interface JsonlInput {
  readonly name: string;
  readonly content: string | Uint8Array;
  /** Encoding of the bytes; without it they must be UTF-8 (an invalid byte is an error naming file, line and offset). */
  readonly encoding?: string;
}

/**
 * A multiple-choice `AuditSource` from the *contents* of a blind file and a labels file
 * (browser-safe; the file-reading `jsonlAdapter` of `@xai/audit/node` calls this). Both are
 * hashed for the receipt; see `parseJsonlItems` for the format and the typed errors.
 * @example
 *   const src = jsonlSource({ blind: { name: 'b.jsonl', content: blindText }, labels: { name: 'l.jsonl', content: labelsText } });
 * @since 0.2.0
 */
export function jsonlSource(inputs: { readonly blind: JsonlInput; readonly labels: JsonlInput }): AuditSource {
  checkOptions(inputs, ['blind', 'labels'], 'jsonlSource', 'inputs');
  const { blind, labels } = inputs;
  const text = (c: JsonlInput): string => decodeText(c.content, c.name, 'jsonlSource', c.encoding);
  const bytes = (c: JsonlInput): Uint8Array => (typeof c.content === 'string' ? new TextEncoder().encode(c.content) : c.content);
  const items = parseJsonlItems(text(blind), text(labels), { blindName: blind.name, labelsName: labels.name });
  // Item-level fields other than the item's own keys ride along (label copies, id-like values).
  const fields = [...new Set(items.flatMap((it) => Object.keys(it)))].filter(
    (f) =>
      !['id', 'query', 'candidates', 'answer'].includes(f) && items.some((it) => typeof it[f] === 'string' || typeof it[f] === 'number'),
  );
  const b = bytes(blind);
  const l = bytes(labels);
  return {
    kind: 'items',
    name: `jsonl ${blind.name}`,
    items,
    inputs: [
      { name: blind.name, sha256: sha256Hex(b), bytes: b.length },
      { name: labels.name, sha256: sha256Hex(l), bytes: l.length },
    ],
    layout: { itemIds: 'field', candidateIds: 'field', fields, skipped: 0 },
  };
}
