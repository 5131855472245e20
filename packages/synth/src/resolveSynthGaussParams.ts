import { XaiError, checkOptions, describeValue, enumOption, intOption, numberOption, seedOption } from '@xai/core';
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
  const variant = enumOption(o.variant, fn, 'options.variant', { values: ['paper', 'openxai-code'], fallback: 'paper' });
  const d = synthGaussDefaults[variant];
  const arg = (key: keyof SynthGaussOptions): string => `options.${key}`;
  const nPerCluster = intOption(o.nPerCluster, fn, arg('nPerCluster'), { min: 1, fallback: d.nPerCluster });
  const dim = intOption(o.dim, fn, arg('dim'), { min: 1, fallback: d.dim });
  const clusters = intOption(o.clusters, fn, arg('clusters'), { min: 1, fallback: d.clusters });
  const kappa = numberOption(o.kappa, fn, arg('kappa'), { above: 0, fallback: d.kappa });
  const maskProbability = numberOption(o.maskProbability, fn, arg('maskProbability'), { min: 0, max: 1, fallback: d.maskProbability });
  const minActiveFeatures = intOption(o.minActiveFeatures, fn, arg('minActiveFeatures'), { min: 0, fallback: d.minActiveFeatures });
  if (minActiveFeatures > dim) throw bad('minActiveFeatures', minActiveFeatures, `expected at most dim = ${dim}`);
  const acceptance = maskAcceptance(dim, maskProbability, minActiveFeatures);
  if (acceptance < SYNTH_MIN_MASK_ACCEPTANCE) {
    throw bad(
      'minActiveFeatures',
      minActiveFeatures,
      `a mask keeps at least ${minActiveFeatures} of ${dim} features with probability ${acceptance.toPrecision(3)} at maskProbability ${maskProbability} (need >= ${SYNTH_MIN_MASK_ACCEPTANCE}); raise maskProbability or lower minActiveFeatures (0 = never redraw)`,
    );
  }
  const testFraction = numberOption(o.testFraction, fn, arg('testFraction'), { above: 0, below: 1, fallback: d.testFraction });
  const validationFraction = numberOption(o.validationFraction, fn, arg('validationFraction'), {
    min: 0,
    below: 1,
    fallback: d.validationFraction,
  });
  const seed = seedOption(o.seed, fn, arg('seed'), { fallback: d.seed });
  const order = enumOption(o.order, fn, arg('order'), { values: ['shuffled', 'by-cluster'], fallback: d.order });

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
