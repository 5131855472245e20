import { XaiError, checkOptions } from '@xai/core';
import type { FittedProbe } from '../fittedProbe.js';
import { checkFitSettings, fittedFeatureProbe } from './fittedFeatureProbe.js';
import type { IdContext } from './idFeatures.js';
import { ID_VIEWS, emitIdView, idContext } from './idFeatures.js';

export interface IdContentProbeOptions {
  /**
   * 'id' (each item's id predicts its answer or class), 'candidates' (each candidate's id: is it
   * the answer's, against its distractors'?) or an item field holding ids (dotted path).
   * @defaultValue 'id'
   */
  readonly part?: string;
  /** @defaultValue 5 */
  readonly folds?: number;
  /** @defaultValue 1 */
  readonly alpha?: number;
  /** @defaultValue 5 */
  readonly top?: number;
}

/**
 * Id content as a learned predictor, read four ways, each by its own cross-fitted naive Bayes
 * (`ID_VIEWS`): the suffix (characters from the end, the last segment), the prefix (characters
 * from the start, length, shape), the segments (by position, numeric magnitudes and counter
 * deciles) and the part after the id's group (a prefix several ids share: `idGroups`). The view
 * with the most hits (ties: the first) is the probe's sign, chosen again in every null draw; ids of one group share
 * a cross-fitting fold. Catches a suffix letter per class, uuid v1 vs v4, hex bodies of 12 vs 8
 * characters, a counter per class, and a suffix that carries the label inside groups whose
 * prefixes carry opposite labels (FEVER-Symmetric).
 * @example
 *   runAudit(items, { probes: [idContentProbe()], decisionNull: 'across-items' });
 * @since 0.3.0
 */
export function idContentProbe(options: IdContentProbeOptions = {}): FittedProbe {
  const fn = 'idContentProbe';
  checkOptions(options, ['part', 'folds', 'alpha', 'top'], fn);
  const { part = 'id', folds = 5, alpha = 1, top = 5 } = options;
  if (typeof part !== 'string' || part.length === 0 || part === 'query')
    throw new XaiError('BAD_OPTION', `part must be 'id', 'candidates' or a field holding ids, got ${String(part)}`, {
      fn,
      arg: 'part',
      value: part,
    });
  checkFitSettings(fn, folds, alpha, top);
  const contexts = new WeakMap<readonly string[], IdContext>();
  const context = (ids: readonly string[]): IdContext => {
    const hit = contexts.get(ids);
    if (hit) return hit;
    const ctx = idContext(ids);
    contexts.set(ids, ctx);
    return ctx;
  };
  return fittedFeatureProbe({
    name: part === 'id' ? 'id-content' : `id-content:${part}`,
    description: 'naive Bayes on id prefixes, suffixes, segments and groups, cross-fitted',
    fix: 'ids carry the answer: re-issue them from a random generator independent of the label (one family for every class)',
    part,
    candidateField: 'id',
    views: ID_VIEWS.map((view) => ({
      name: view,
      featurizer: (ids: readonly string[]) => {
        const ctx = context(ids);
        return (id: string, emit: (s: string) => void) => emitIdView(id, view, ctx, emit);
      },
    })),
    // Ids of one group (siblings) share a fold: a sibling with the opposite label must not teach its prefix.
    foldKey: (ids) => {
      const { group } = context(ids);
      return ids.map((id) => group.get(id) ?? id);
    },
    folds,
    alpha,
    top,
  });
}
