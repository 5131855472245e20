import type { AuditSource } from '../adapters/auditSource.js';
import type { FittedProbe } from '../fittedProbe.js';
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
  if (info) return [...info.text.map((part) => bagOfWordsProbe({ part, features })), ...(info.ids === 'field' ? [idContentProbe()] : [])];
  const layout = source.layout;
  if (!layout) return [...defaultProbes, ...bow];
  return [
    ...defaultProbes,
    ...bow,
    ...(layout.itemIds === 'field' ? [idContentProbe()] : []),
    ...(layout.candidateIds === 'field' ? [idContentProbe({ part: 'candidates' })] : []),
  ];
}
