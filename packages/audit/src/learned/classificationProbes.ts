import type { ClassificationInfo } from '../adapters/classificationSource.js';
import type { FittedProbe } from '../fittedProbe.js';
import { bagOfWordsProbe } from './bagOfWordsProbe.js';
import { idContentProbe } from './idContentProbe.js';

/**
 * The battery of a classification corpus: one bag-of-words probe per text field (each field
 * alone: the hypothesis-only baseline and its siblings) and, when ids come from the data,
 * the id-content probe.
 * @example classificationProbes({ text: ['premise', 'hypothesis'], label: 'gold', skipped: 0, ids: 'field' })
 * @since 0.3.0
 */
export function classificationProbes(info: Pick<ClassificationInfo, 'text' | 'ids'>): FittedProbe[] {
  return [...info.text.map((part) => bagOfWordsProbe({ part })), ...(info.ids === 'field' ? [idContentProbe()] : [])];
}
