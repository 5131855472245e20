// Option validation shared by every metric: one place for the messages and codes.
import {
  XaiError,
  booleanOption,
  seedOption as coreSeedOption,
  describeValue,
  enumOption,
  intOption,
  numberOption,
  resolveAnyPreset,
} from '@xai/core';
import type { AnyPreset } from '@xai/core';
import type { Preset } from '../preset.js';

const PRESET_SET: ReadonlySet<string> = new Set(['default', 'openxai', 'paper']);

/** The preset, defaulting to 'default'; BAD_OPTION for anything else. */
export function resolvePreset(fn: string, preset: unknown): Preset {
  if (preset === undefined) return 'default';
  if (typeof preset !== 'string' || !PRESET_SET.has(preset)) {
    throw new XaiError('BAD_OPTION', `expected 'default' | 'openxai' | 'paper', got ${describeValue(preset)}`, {
      fn,
      arg: 'preset',
      value: preset,
    });
  }
  return preset as Preset;
}

// Every checker takes (value, fn, arg, fallback) and is core's checker of that kind with the
// bounds this package uses: `fallback` is returned for an undefined value; without one,
// undefined is an error like any other bad value.

/** A safe-integer seed (default 0). */
export function seedOption(value: unknown, fn: string, arg = 'options.seed', fallback = 0): number {
  return coreSeedOption(value, fn, arg, { fallback });
}

/** A positive integer option. */
export function positiveInt(value: unknown, fn: string, arg: string, fallback?: number): number {
  return intOption(value, fn, arg, fallback === undefined ? { min: 1 } : { min: 1, fallback });
}

/** A finite number >= min (or > min when `strict`). */
export function numberAtLeast(value: unknown, min: number, fn: string, arg: string, strict = false, fallback?: number): number {
  const bound = strict ? { above: min } : { min };
  return numberOption(value, fn, arg, fallback === undefined ? bound : { ...bound, fallback });
}

/** A finite number >= 0 (noise scales). */
export function nonNegative(value: unknown, fn: string, arg: string, fallback?: number): number {
  return numberAtLeast(value, 0, fn, arg, false, fallback);
}

/** A probability in [0, 1]. */
export function probability(value: unknown, fn: string, arg: string, fallback?: number): number {
  return numberOption(value, fn, arg, fallback === undefined ? { min: 0, max: 1 } : { min: 0, max: 1, fallback });
}

/** A boolean option. */
export function flag(value: unknown, fn: string, arg: string, fallback?: boolean): boolean {
  return booleanOption(value, fn, arg, fallback === undefined ? {} : { fallback });
}

/** One of a fixed set of strings. */
export function oneOf<T extends string>(value: unknown, fn: string, arg: string, allowed: readonly T[], fallback?: T): T {
  return enumOption(value, fn, arg, fallback === undefined ? { values: allowed } : { values: allowed, fallback });
}

/**
 * The largest k of the top-k curve. `k` may be an integer count in [1, d] or a fraction in
 * (0, 1) of the features (rounded up, as OpenXAI's `convert_k_to_int`). Without it: the
 * `openxai` preset caps at ceil(0.25 d) like the released config; `default`/`paper` use all d.
 */
export function resolveMaxK(fn: string, k: unknown, d: number, preset: Preset): number {
  if (k === undefined) return preset === 'openxai' ? Math.max(1, Math.ceil(0.25 * d)) : d;
  if (typeof k === 'number' && k > 0 && k < 1) return Math.max(1, Math.ceil(k * d));
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 1 || k > d) {
    throw new XaiError('BAD_OPTION', `k must be an integer in [1, ${d}] or a fraction in (0, 1), got ${describeValue(k)}`, {
      fn,
      arg: 'k',
      value: k,
    });
  }
  return k;
}

/** The option keys of each public function (unknown keys are BAD_OPTION via core's checkOptions). */
export const PREDICTION_GAP_KEYS = [
  'preset',
  'seed',
  'k',
  'auc',
  'samples',
  'sigma',
  'flipProbability',
  'maxBatchRows',
  'groups',
  'targets',
  'featureScale',
  'keys',
] as const;
export const AGREEMENT_KEYS = ['preset', 'k', 'auc', 'predictions'] as const;
export const RANKING_KEYS = ['preset', 'ranking'] as const;
export const STABILITY_KEYS = [
  'preset',
  'seed',
  'sigma',
  'flipProbability',
  'candidates',
  'neighbours',
  'p',
  'rosOutput',
  'hiddenActivation',
  'commonRandomNumbers',
  'useGivenAttributions',
  'explainerNoise',
  'blockSize',
  'float32Neighbours',
  'keepNeighbours',
  'quantiles',
  'targets',
  'stabilitySeeding',
  'candidateChunk',
  'featureScale',
  'keys',
] as const;
export const SUBGROUP_KEYS = ['bootstrap', 'seed', 'confidence', 'compare', 'groupNames'] as const;
/** Every key some metric of the registry reads (the registry accepts the union). */
export const METRIC_KEYS: readonly string[] = [
  ...new Set<string>([...PREDICTION_GAP_KEYS, ...AGREEMENT_KEYS, ...RANKING_KEYS, ...STABILITY_KEYS]),
];

/** The preset of a metric that knows the peer presets (`quantus`, `captum`); undefined is 'default'. */
export function anyPresetOption(value: unknown, fn: string): AnyPreset {
  return resolveAnyPreset(value, fn);
}
