import type { AuditSource } from '../adapters/auditSource.js';
import type { FittedProbe } from '../fittedProbe.js';
import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import { defaultProbes } from '../probes/defaultProbes.js';
import { bagOfWordsProbe } from './bagOfWordsProbe.js';
import { idContentProbe } from './idContentProbe.js';
import type { TextFeatureKind } from './textFeatures.js';

/** What a caller adds to a source's battery. */
export interface SourceBatteryOptions {
  /** Parts read by bag-of-words probes: classification text fields, or multiple-choice parts (candidates, query, a field). */
  readonly text?: readonly string[];
  /** @defaultValue 'words' */
  readonly features?: TextFeatureKind;
}

/**
 * The battery of an items source, from how its file laid the items out:
 * - classification: one bag-of-words probe per text field, and `id-content` when ids come from the file;
 * - either kind: `id-content:<field>` for every other item field that holds ids (`idLikeFields`);
 * - multiple choice: the eight rules, bag-of-words on the `text` parts, `id-content` on item ids
 *   from the file (does the id tell the answer's slot?) and `id-content:candidates` when candidate
 *   ids come from the file (is the answer's id unlike its distractors'?);
 * - a source without a layout (the demo, your own adapter): the eight rules and the `text` parts.
 * @example sourceBattery(columnsSource(file, { candidates: ['a', 'b'], answer: 'y' }), { text: ['candidates'] })
 * @since 0.3.0
 */
export function sourceBattery(source: AuditSource, options: SourceBatteryOptions = {}): (Probe | FittedProbe)[] {
  const features = options.features ?? 'words';
  const text = options.text ?? [];
  const bow = text.map((part) => bagOfWordsProbe({ part, features }));
  if (source.kind !== 'items') return [];
  const info = source.classification;
  const layout = source.layout;
  const idFields = layout ? idLikeFields(source.items, layout.fields).map((part) => idContentProbe({ part })) : [];
  if (info)
    return [
      ...info.text.map((part) => bagOfWordsProbe({ part, features })),
      ...(info.ids === 'field' ? [idContentProbe()] : []),
      ...idFields,
    ];
  if (!layout) return [...defaultProbes, ...bow];
  return [
    ...defaultProbes,
    ...bow,
    ...(layout.itemIds === 'field' ? [idContentProbe()] : []),
    ...(layout.candidateIds === 'field' ? [idContentProbe({ part: 'candidates' })] : []),
    ...idFields,
  ];
}

const ID_TOKEN = /^[0-9A-Za-z]+(?:[-_:.#/|][0-9A-Za-z]+)*$/;
const ID_NAME = /^(id|idx|uid|uuid|guid|key)$|[-_ ](id|idx|uid|uuid|key)$|[a-z](ID|Id|Idx|Uid)$/;

/**
 * The item fields that hold ids, by shape and uniqueness: every value a token of letters and
 * digits with inner separators (no spaces), not all decimal numbers with a fraction, some with a
 * digit; and either the field is named like an id (`pairID`, `captionID`, `doc_id`, `uid`) or at
 * least half its values are distinct. Each goes through `idContentProbe` as `id-content:<field>`.
 * @since 0.3.0
 */
export function idLikeFields(items: readonly BlindItem[], fields: readonly string[]): string[] {
  return fields.filter((f) => {
    const values: string[] = [];
    for (const it of items) {
      const v = it[f];
      if (typeof v === 'number' && Number.isInteger(v)) values.push(String(v));
      else if (typeof v === 'string' && ID_TOKEN.test(v)) values.push(v);
      else return false;
    }
    if (values.length === 0 || values.every((v) => /^[+-]?\d*\.\d+$/.test(v)) || !values.some((v) => /\d/.test(v))) return false;
    return ID_NAME.test(f) || new Set(values).size >= values.length / 2;
  });
}
