import type { BlindItem } from './item.js';

/**
 * One named feature that predicts one class, from a fitted probe's observed fit: it occurs
 * in `total` items, `count` of them of class `label` (`z` is the binomial excess of `count`
 * over the class share).
 */
export interface FeatureEvidence {
  readonly label: string;
  readonly feature: string;
  readonly count: number;
  readonly total: number;
  readonly z: number;
}

/** A prepared fitted probe: featurised once, refitted on every answer vector it is given. */
export interface FittedChooser {
  /**
   * Writes one choice per item (candidate index or -1 to abstain), each from a model fitted
   * on `answers` of the *other* folds only (cross-fitting), so an item's own answer never
   * informs its choice. A probe with several signs (`FittedProbe.signs`, e.g. the views of an
   * id) returns the one it took for these answers (chosen again in every null draw).
   */
  choose(answers: Int32Array, out: Int32Array): string | undefined;
  /** The most predictive features per class under `answers` (for the report). */
  evidence?(answers: Int32Array): readonly FeatureEvidence[];
}

/**
 * A partial-input rule that *learns* from the labels (a bag-of-words model over one part of
 * each item, the characters of its id, …). Unlike a `Probe`, its choices depend on the
 * answers, so every null draw refits it on that draw's permuted answers: the learning is
 * inside the null, and cross-fitting keeps each item's answer out of its own prediction.
 * @since 0.3.0
 */
export interface FittedProbe {
  readonly name: string;
  readonly description?: string;
  /** What the rule reads, named in the report (e.g. ['hypothesis']). */
  readonly fields?: readonly string[];
  readonly fix?: string;
  readonly minAccuracy?: number;
  /** The signs `choose` may return (several ways of reading the part). @defaultValue ['learned'] */
  readonly signs?: readonly string[];
  /** Featurises the blind items (folds keyed by content and `seed`). */
  prepare(items: readonly BlindItem[], seed: number): FittedChooser;
}

/** Whether a battery member is a fitted probe (it has `prepare` instead of `choose`). @since 0.3.0 */
export function isFittedProbe(p: unknown): p is FittedProbe {
  return p !== null && typeof p === 'object' && typeof (p as FittedProbe).prepare === 'function';
}
