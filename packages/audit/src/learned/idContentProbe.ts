import { XaiError, checkOptions } from '@xai/core';
import type { FittedProbe } from '../fittedProbe.js';
import { checkFitSettings, fittedFeatureProbe } from './fittedFeatureProbe.js';
import { emitIdFeatures, numericDeciles } from './idFeatures.js';

export interface IdContentProbeOptions {
  /** 'id' (each item's id predicts its answer or class) or 'candidates' (each candidate's id: is it the answer's?). @defaultValue 'id' */
  readonly part?: 'id' | 'candidates';
  /** @defaultValue 5 */
  readonly folds?: number;
  /** @defaultValue 1 */
  readonly alpha?: number;
  /** @defaultValue 5 */
  readonly top?: number;
}

/**
 * Id content as a learned predictor: characters at fixed positions from the start and the
 * end, length, shape, separator segments and numeric magnitudes of each id (see
 * `emitIdFeatures`), cross-fitted naive Bayes, refitted in every null draw. Catches a suffix
 * letter per class, uuid v1 vs v4, hex bodies of 12 vs 8 characters, a counter per class.
 * @example
 *   runAudit(items, { probes: [idContentProbe()], decisionNull: 'across-items' });
 * @since 0.3.0
 */
export function idContentProbe(options: IdContentProbeOptions = {}): FittedProbe {
  const fn = 'idContentProbe';
  checkOptions(options, ['part', 'folds', 'alpha', 'top'], fn);
  const { part = 'id', folds = 5, alpha = 1, top = 5 } = options;
  if (part !== 'id' && part !== 'candidates')
    throw new XaiError('BAD_OPTION', `part must be 'id' or 'candidates', got ${String(part)}`, { fn, arg: 'part', value: part });
  checkFitSettings(fn, folds, alpha, top);
  return fittedFeatureProbe({
    name: part === 'id' ? 'id-content' : 'id-content:candidates',
    description: 'naive Bayes on id characters, segments and counters, cross-fitted',
    fix: 'ids carry the answer: re-issue them from a random generator independent of the label (one family for every class)',
    part: part === 'id' ? 'id' : 'candidates',
    candidateField: 'id',
    featurizer: (ids) => {
      const deciles = numericDeciles(ids);
      return (id, emit) => emitIdFeatures(id, emit, deciles);
    },
    folds,
    alpha,
    top,
  });
}
