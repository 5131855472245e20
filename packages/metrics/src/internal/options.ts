// Option validation shared by every metric: one place for the messages and codes.
import { XaiError, describeValue } from '@xai/core';
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

/** A safe-integer seed (default 0). */
export function resolveSeed(fn: string, seed: unknown): number {
  if (seed === undefined) return 0;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) {
    throw new XaiError('BAD_OPTION', `seed must be a safe integer, got ${describeValue(seed)}`, { fn, arg: 'seed', value: seed });
  }
  return seed;
}

/** A positive integer option. */
export function positiveInt(fn: string, arg: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new XaiError('BAD_OPTION', `expected a positive integer, got ${describeValue(value)}`, { fn, arg, value });
  }
  return value;
}

/** A finite number >= 0 (noise scales). */
export function nonNegative(fn: string, arg: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new XaiError('BAD_OPTION', `expected a finite number >= 0, got ${describeValue(value)}`, { fn, arg, value });
  }
  return value;
}

/** A probability in [0, 1]. */
export function probability(fn: string, arg: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new XaiError('BAD_OPTION', `expected a probability in [0, 1], got ${describeValue(value)}`, { fn, arg, value });
  }
  return value;
}

/** A boolean option. */
export function flag(fn: string, arg: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new XaiError('BAD_OPTION', `expected a boolean, got ${describeValue(value)}`, { fn, arg, value });
  return value;
}

/** One of a fixed set of strings. */
export function oneOf<T extends string>(fn: string, arg: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new XaiError('BAD_OPTION', `expected one of ${allowed.map((a) => `'${a}'`).join(' | ')}, got ${describeValue(value)}`, {
      fn,
      arg,
      value,
    });
  }
  return value as T;
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
