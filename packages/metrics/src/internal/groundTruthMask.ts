// The localisation metrics score attributions against a set of truly important features per
// instance (Quantus' segmentation mask s). The input's ground truth becomes that mask: a 0/1
// ground truth is the mask itself; a real-valued row with zeros (SynthGauss' masked weights)
// marks its non-zero features; a row without zeros (a linear model's coefficients) marks its
// ⌈d/4⌉ largest |values| (OpenXAI's top-k fraction). `maskSize` forces the top-k rule.
import { XaiError, argsort, assertMatrix, row } from '@xai/core';
import type { AnyPreset, Matrix, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from './common.js';
import { anyPresetOption, flag, positiveInt } from './options.js';
import { maybeAbs } from './absMatrix.js';

/** Options every localisation metric takes. */
export interface MaskOptions {
  /**
   * Mark the k largest |ground truth| values (non-zero ones) of each row as important.
   * @defaultValue absent: a 0/1 ground truth as given; else a row's non-zero features when it
   * has zeros, its ⌈d / 4⌉ largest |values| when it has none
   */
  readonly maskSize?: number;
  /** Rank |attributions| (tabular attributions are signed; Quantus' `abs=False` suits positive-evidence image masks). @defaultValue true; false under `quantus` */
  readonly abs?: boolean;
  /** `quantus`: Quantus' defaults (signed attributions). @defaultValue 'default' */
  readonly preset?: AnyPreset;
}

export const MASK_KEYS: OptionKeys<MaskOptions> = ['maskSize', 'abs', 'preset'];

/** The checked attributions (|e| unless abs: false) and the n x d 0/1 mask with each row's size. */
export interface Localisation {
  readonly n: number;
  readonly d: number;
  readonly scores: Matrix;
  readonly mask: Uint8Array;
  readonly sizes: Int32Array;
}

function isBinary(gt: Matrix): boolean {
  for (let i = 0; i < gt.rows; i++) for (const v of row(gt, i)) if (v !== 0 && v !== 1) return false;
  return true;
}

/** Validates the input and builds the mask of every row. */
export function localisationInput(fn: string, input: ExtendedMetricInput, options: MaskOptions): Localisation {
  const { n, d, attributions } = prepare(fn, input, ['attributions']);
  const gt = input.groundTruth;
  if (gt === undefined)
    throw new XaiError('BAD_INPUT', 'this metric needs groundTruth (n x d or 1 x d)', { fn, arg: 'input.groundTruth', value: undefined });
  assertMatrix(gt, fn, 'input.groundTruth', { cols: d });
  if (gt.rows !== n && gt.rows !== 1)
    throw new XaiError('SHAPE_MISMATCH', `expected ${n} rows or 1, got ${gt.rows}`, { fn, arg: 'input.groundTruth', value: gt.rows });
  const k = options.maskSize === undefined ? null : positiveInt(options.maskSize, fn, 'options.maskSize');
  if (k !== null && k > d)
    throw new XaiError('BAD_OPTION', `maskSize ${k} exceeds the ${d} features`, { fn, arg: 'options.maskSize', value: k });
  const binary = k === null && isBinary(gt);
  const top = k ?? Math.ceil(d / 4);
  const mask = new Uint8Array(n * d);
  const sizes = new Int32Array(n);
  const mag = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const g = row(gt, gt.rows === 1 ? 0 : i);
    if (binary) for (let j = 0; j < d; j++) mask[i * d + j] = g[j]!;
    else if (k === null && g.includes(0)) for (let j = 0; j < d; j++) mask[i * d + j] = g[j] === 0 ? 0 : 1;
    else {
      for (let j = 0; j < d; j++) mag[j] = Math.abs(g[j]!);
      const order = argsort(mag, true);
      for (let q = 0; q < top && mag[order[q]!]! > 0; q++) mask[i * d + order[q]!] = 1;
    }
    for (let j = 0; j < d; j++) sizes[i] = sizes[i]! + mask[i * d + j]!;
  }
  const quantus = anyPresetOption(options.preset, fn) === 'quantus';
  const scores = maybeAbs(attributions, flag(options.abs, fn, 'options.abs', !quantus));
  return { n, d, scores, mask, sizes };
}

/** How many of the `k` highest-scored features of row i lie in its mask (ties in column order). */
export function hitsInTop(l: Localisation, i: number, k: number): number {
  const order = argsort(row(l.scores, i), true);
  let hits = 0;
  for (let q = 0; q < k; q++) hits += l.mask[i * l.d + order[q]!]!;
  return hits;
}
