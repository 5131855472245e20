import { XaiError, checkOptions } from '@xai/core';
import type { FittedProbe } from '../fittedProbe.js';
import { checkFitSettings, fittedFeatureProbe } from './fittedFeatureProbe.js';
import type { TextFeatureKind } from './textFeatures.js';
import { emitTextFeatures } from './textFeatures.js';

export type { TextFeatureKind } from './textFeatures.js';

export interface BagOfWordsProbeOptions {
  /**
   * The part read alone: 'candidates' (each candidate's text: which one is the answer?),
   * 'query', or an item field by dotted path ('hypothesis', 'meta.title').
   */
  readonly part: string;
  /** Word unigrams + bigrams, character 3-grams, or both. @defaultValue 'words' */
  readonly features?: TextFeatureKind;
  /** Cross-fitting folds. @defaultValue 5 */
  readonly folds?: number;
  /** Additive smoothing of the counts. @defaultValue 1 */
  readonly alpha?: number;
  /** Most predictive features reported per class. @defaultValue 5 */
  readonly top?: number;
  /** @defaultValue `bag-of-words:<part>` */
  readonly name?: string;
}

const KINDS: readonly TextFeatureKind[] = ['words', 'chars', 'words+chars'];

/**
 * A learned partial-input baseline (Gururangan et al. 2018; Poliak et al. 2018): multinomial
 * naive Bayes over the hashed word (or character) n-grams of one part of each item,
 * cross-fitted over content-keyed folds, refitted inside every null draw. For classification
 * it predicts the class from, e.g., the hypothesis alone; for multiple choice ('candidates')
 * it bets on the candidate whose own text looks most like an answer. When it fires the report
 * names the features that predict each class, with their counts.
 * @example
 *   runAudit(items, { probes: [...defaultProbes, bagOfWordsProbe({ part: 'candidates' })] });
 * @since 0.3.0
 */
export function bagOfWordsProbe(options: BagOfWordsProbeOptions): FittedProbe {
  const fn = 'bagOfWordsProbe';
  checkOptions(options, ['part', 'features', 'folds', 'alpha', 'top', 'name'], fn);
  const { part, features = 'words', folds = 5, alpha = 1, top = 5 } = options;
  if (typeof part !== 'string' || part.length === 0)
    throw new XaiError('BAD_OPTION', 'part must be a non-empty string (candidates, query or a field)', { fn, arg: 'part', value: part });
  if (!KINDS.includes(features))
    throw new XaiError('BAD_OPTION', `features must be one of ${KINDS.join(', ')}, got ${String(features)}`, {
      fn,
      arg: 'features',
      value: features,
    });
  checkFitSettings(fn, folds, alpha, top);
  return fittedFeatureProbe({
    name: options.name ?? `bag-of-words:${part}`,
    description: `naive Bayes on the ${features} of ${part} alone, cross-fitted`,
    fix: `the answer is predictable from ${part} alone: rebalance or filter the items these features mark (e.g. adversarial filtering), and report this baseline beside every model score`,
    part,
    candidateField: 'text',
    views: [{ name: 'learned', featurizer: () => (text, emit) => emitTextFeatures(text, features, emit) }],
    folds,
    alpha,
    top,
  });
}
