import { XaiError, checkOptions, describeValue } from '@xai/core';
import { maskAcceptance } from './internal/maskAcceptance.js';
import { testRows, validationRows } from './internal/splitSizes.js';

/** `paper`: Algorithm 1 as written; `openxai-code`: what the released generator does. */
export type SynthGaussVariant = 'paper' | 'openxai-code';

/** Row order of the splits: shuffled, or grouped by cluster as in the released files. */
export type SynthRowOrder = 'shuffled' | 'by-cluster';

/** Options of `generateSynthGauss`; anything left out takes the variant's default. */
export interface SynthGaussOptions {
  /** @defaultValue 'paper' */
  readonly variant?: SynthGaussVariant;
  /** Instances per cluster (n). */
  readonly nPerCluster?: number;
  /** Features (d). */
  readonly dim?: number;
  /** Clusters (K). */
  readonly clusters?: number;
  /** Centre scale κ: centre k = κ·e_k (further blocks of d clusters further out). */
  readonly kappa?: number;
  /** Probability p that a feature is in a cluster's mask. */
  readonly maskProbability?: number;
  /**
   * Fewest features a cluster's mask may keep: a mask with fewer is redrawn from the
   * cluster's own stream until it has enough (0 = never redraw, as both sources do; an
   * empty mask makes that cluster's ground truth the zero vector). Defaults: 1 in `paper`,
   * 0 in `openxai-code` (the released behaviour).
   */
  readonly minActiveFeatures?: number;
  /** Share of all rows in the test split (floor). @defaultValue 0.25 */
  readonly testFraction?: number;
  /** Share of the train rows carved off as validation (floor; 0 = none). */
  readonly validationFraction?: number;
  /** @defaultValue 0 */
  readonly seed?: number;
  /** Row order of the splits. */
  readonly order?: SynthRowOrder;
}

/**
 * Fully resolved options: the canonical parameters hashed into the dataset id
 * (`minActiveFeatures` only when it is not 0, so ids made before it existed still hold).
 */
export type SynthGaussParams = { readonly [K in keyof SynthGaussOptions]-?: NonNullable<SynthGaussOptions[K]> };

/**
 * Defaults per variant. `paper`: app. D.3 (n = 1000 per cluster, d = 20, K = 10, κ = 6,
 * p = 0.25) — 10,000 rows, a small benchmark — and no empty masks (minActiveFeatures = 1).
 * `openxai-code`: the parameters of the released `gaussian` files (gaussian-dgp.json:
 * n = 2500, κ = 5, p = 0.25), no validation split, rows grouped by cluster and masks never redrawn, as released.
 */
export const synthGaussDefaults: { readonly [V in SynthGaussVariant]: SynthGaussParams } = {
  paper: {
    variant: 'paper',
    nPerCluster: 1000,
    dim: 20,
    clusters: 10,
    kappa: 6,
    maskProbability: 0.25,
    minActiveFeatures: 1,
    testFraction: 0.25,
    validationFraction: 0.1,
    seed: 0,
    order: 'shuffled',
  },
  'openxai-code': {
    variant: 'openxai-code',
    nPerCluster: 2500,
    dim: 20,
    clusters: 10,
    kappa: 5,
    maskProbability: 0.25,
    minActiveFeatures: 0,
    testFraction: 0.25,
    validationFraction: 0,
    seed: 0,
    order: 'by-cluster',
  },
};

/** Largest dataset we agree to build: rows x features (8 bytes each, several copies). */
export const SYNTH_MAX_CELLS = 50_000_000;

/**
 * Smallest chance that one mask draw keeps `minActiveFeatures` features: below it the
 * redraw loop would take over 10,000 draws per cluster on average (forever at p = 0).
 */
export const SYNTH_MIN_MASK_ACCEPTANCE = 1e-4;

const KEYS: readonly (keyof SynthGaussOptions)[] = [
  'variant',
  'nPerCluster',
  'dim',
  'clusters',
  'kappa',
  'maskProbability',
  'minActiveFeatures',
  'testFraction',
  'validationFraction',
  'seed',
  'order',
];

/**
 * Validates options and fills in the variant's defaults. Every fault is a BAD_OPTION
 * naming the function, the option and the value.
 * @example resolveSynthGaussParams({ variant: 'openxai-code' }).kappa  // 5
 * @since 0.1.0
 */
export function resolveSynthGaussParams(options: unknown = {}, fn = 'generateSynthGauss'): SynthGaussParams {
  const bad = (arg: string, value: unknown, why: string): XaiError =>
    new XaiError('BAD_OPTION', `${why}, got ${describeValue(value)}`, { fn, arg: `options.${arg}`, value });
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new XaiError('BAD_OPTION', `expected an options object, got ${describeValue(options)}`, { fn, arg: 'options', value: options });
  }
  // The shared check: an unknown key is BAD_OPTION with a did-you-mean.
  const o = checkOptions(options as Record<string, unknown>, KEYS, fn);
  const variant = o.variant ?? 'paper';
  if (variant !== 'paper' && variant !== 'openxai-code') throw bad('variant', variant, "expected 'paper' or 'openxai-code'");
  const d = synthGaussDefaults[variant];
  const pick = <T>(key: keyof SynthGaussOptions, fallback: T): unknown => (o[key] === undefined ? fallback : o[key]);

  const int = (key: keyof SynthGaussOptions, min: number): number => {
    const v = pick(key, d[key]);
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) throw bad(key, v, `expected an integer >= ${min}`);
    return v;
  };
  const real = (key: keyof SynthGaussOptions, lo: number, hi: number, loOpen: boolean, hiOpen: boolean): number => {
    const v = pick(key, d[key]);
    const ok = typeof v === 'number' && Number.isFinite(v) && (loOpen ? v > lo : v >= lo) && (hiOpen ? v < hi : v <= hi);
    if (!ok) throw bad(key, v, `expected a number in ${loOpen ? '(' : '['}${lo}, ${hi}${hiOpen ? ')' : ']'}`);
    return v as number;
  };

  const nPerCluster = int('nPerCluster', 1);
  const dim = int('dim', 1);
  const clusters = int('clusters', 1);
  const kappa = real('kappa', 0, Infinity, true, true);
  const maskProbability = real('maskProbability', 0, 1, false, false);
  const minActiveFeatures = int('minActiveFeatures', 0);
  if (minActiveFeatures > dim) throw bad('minActiveFeatures', minActiveFeatures, `expected at most dim = ${dim}`);
  const acceptance = maskAcceptance(dim, maskProbability, minActiveFeatures);
  if (acceptance < SYNTH_MIN_MASK_ACCEPTANCE) {
    throw bad(
      'minActiveFeatures',
      minActiveFeatures,
      `a mask keeps at least ${minActiveFeatures} of ${dim} features with probability ${acceptance.toPrecision(3)} at maskProbability ${maskProbability} (need >= ${SYNTH_MIN_MASK_ACCEPTANCE}); raise maskProbability or lower minActiveFeatures (0 = never redraw)`,
    );
  }
  const testFraction = real('testFraction', 0, 1, true, true);
  const validationFraction = real('validationFraction', 0, 1, false, true);
  const seed = pick('seed', d.seed);
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) throw bad('seed', seed, 'expected a safe integer');
  const order = pick('order', d.order);
  if (order !== 'shuffled' && order !== 'by-cluster') throw bad('order', order, "expected 'shuffled' or 'by-cluster'");

  const total = nPerCluster * clusters;
  if (total * dim > SYNTH_MAX_CELLS)
    throw bad('nPerCluster', nPerCluster, `nPerCluster x clusters x dim = ${total * dim} exceeds ${SYNTH_MAX_CELLS}`);
  const nTest = testRows(total, testFraction);
  if (nTest < 1 || nTest >= total)
    throw bad('testFraction', testFraction, `leaves ${nTest} test rows of ${total}; need at least one row in test and in train`);
  if (validationRows(total - nTest, validationFraction) >= total - nTest)
    throw bad('validationFraction', validationFraction, 'leaves no train rows');

  return { variant, nPerCluster, dim, clusters, kappa, maskProbability, minActiveFeatures, testFraction, validationFraction, seed, order };
}
