import type { ClassificationInfo } from '../adapters/classificationSource.js';
import type { FittedProbe } from '../fittedProbe.js';
import { bagOfWordsProbe } from './bagOfWordsProbe.js';
import type { TextFeatureKind } from './textFeatures.js';
import { idContentProbe } from './idContentProbe.js';

/**
 * The battery of a classification corpus: one bag-of-words probe per text field (each field
 * alone: the hypothesis-only baseline and its siblings) and, when ids come from the data,
 * the id-content probe.
 * `features` picks the n-grams of the bag-of-words probes (default word unigrams + bigrams).
 * @example classificationProbes({ text: ['premise', 'hypothesis'], ids: 'field' }, 'words+chars')
 * @since 0.3.0
 */
export function classificationProbes(info: Pick<ClassificationInfo, 'text' | 'ids'>, features: TextFeatureKind = 'words'): FittedProbe[] {
  return [...info.text.map((part) => bagOfWordsProbe({ part, features })), ...(info.ids === 'field' ? [idContentProbe()] : [])];
}
