// Resolution of the options every factory shares.
import type { Matrix } from '@xai/core';
import type { CommonExplainerOptions } from '../configuredExplainer.js';
import { DEFAULT_BATCH_ROWS } from '../configuredExplainer.js';
import type { ExplainerPreset, PresetName } from '../preset.js';
import { resolveExplainerPreset } from '../preset.js';
import { describeValue, intOption, seedOption, XaiError } from '@xai/core';
import { trainOption } from './validate.js';

export interface ResolvedCommon {
  /** The preset as named (reported on the explainer). */
  readonly preset: PresetName;
  /** The row of the defaults tables it selects. */
  readonly row: ExplainerPreset;
  readonly seed: number;
  readonly train: Matrix | undefined;
  readonly batchRows: number;
}

export function resolveCommon(fn: string, options: CommonExplainerOptions | undefined): ResolvedCommon {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new XaiError('BAD_OPTION', `expected an options object, got ${describeValue(options)}`, { fn, arg: 'options', value: options });
  }
  const o = options ?? {};
  const preset = resolveExplainerPreset(o.preset, fn);
  return {
    preset: preset.name,
    row: preset.row,
    seed: o.seed === undefined ? 0 : seedOption(o.seed, fn),
    train: trainOption(fn, o.train),
    batchRows: o.batchRows === undefined ? DEFAULT_BATCH_ROWS : intOption(o.batchRows, fn, 'batchRows', { min: 1 }),
  };
}

/** Instances per model call when each needs `rowsPerInstance` rows (at least one). */
export function instancesPerChunk(rowsPerInstance: number, batchRows: number): number {
  return Math.max(1, Math.floor(batchRows / Math.max(1, rowsPerInstance)));
}

/** Column means of a matrix (any stride). */
export function columnMeans(m: Matrix): Float64Array {
  const out = new Float64Array(m.cols);
  const stride = m.stride ?? m.cols;
  const off = m.offset ?? 0;
  for (let i = 0; i < m.rows; i++) {
    const o = off + i * stride;
    for (let j = 0; j < m.cols; j++) out[j] = out[j]! + m.data[o + j]!;
  }
  for (let j = 0; j < m.cols; j++) out[j] = out[j]! / m.rows;
  return out;
}
