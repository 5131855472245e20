import type { ExplainOptions, Matrix, Model } from '@xai/core';
import { XaiError, describeValue, substream } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { Preset } from './preset.js';
import { instancesPerChunk, resolveCommon } from './internal/common.js';
import { createLeastSquaresWork, weightedLeastSquares } from './internal/leastSquares.js';
import { limeKernelWeight } from './internal/limeKernel.js';
import type { NumpyBatchStream } from './internal/numpyBatchStream.js';
import { numpyBatchStream } from './internal/numpyBatchStream.js';
import { predictRows } from './internal/modelCalls.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { checkKnownKeys, nonNegativeNumber, oneOf, positiveInteger, positiveNumber } from './internal/validate.js';

/**
 * What the surrogate regresses. 'class1-signed' (OpenXAI): P(class 1), coefficients times
 * +1 when the explained label is 1 and −1 when it is 0 (binary models only).
 * 'target': the explained class's probability directly. For two classes both give the
 * same attributions (ridge is linear in y and P(0) = 1 − P(1)).
 */
export type LimeRegressionTarget = 'class1-signed' | 'target';

/**
 * Where the perturbation noise comes from.
 * 'keyed' (every preset's default): row i draws from `substream(seed, key_i, 'lime')`, so an
 * explanation depends only on (seed, row content or key), never on the batch it came in.
 * 'numpy-batch': the released OpenXAI stream — numpy's legacy `RandomState(seed)`, reseeded
 * once per `explain` call, row at batch position p using the normals [p·m, (p+1)·m),
 * m = samples·d (all `samples` rows drawn, row 0's draw discarded and replaced by the
 * instance). Positions are 0..n−1 unless `batchPositions` is given; `keys` are ignored.
 */
export type LimeNoise = 'keyed' | 'numpy-batch';

/** Whether the kernel width is multiplied by sqrt(d) (lime's and OpenXAI's code) or used as is (the paper). */
export type KernelWidthScale = 'sqrt-d' | 'absolute';

export interface LimeOptions extends CommonExplainerOptions {
  /** Neighbourhood size, the instance itself included. @defaultValue 1000 */
  readonly samples?: number;
  /** Std of the Gaussian perturbation of every feature, in input units. @defaultValue 0.1 */
  readonly std?: number;
  /** Kernel width multiplier. @defaultValue 0.75 */
  readonly kernelWidth?: number;
  /** @defaultValue 'sqrt-d' (openxai), 'absolute' (paper, default) */
  readonly kernelWidthScale?: KernelWidthScale;
  /** Ridge penalty (intercept not penalised). @defaultValue 1 */
  readonly alpha?: number;
  /** @defaultValue 'class1-signed' (openxai), 'target' (paper, default) */
  readonly regressionTarget?: LimeRegressionTarget;
  /** @defaultValue 'keyed' (every preset); 'numpy-batch' reproduces the released code's draws exactly */
  readonly noise?: LimeNoise;
}

/**
 * Per-call options of a LIME explainer: core's `ExplainOptions` plus `batchPositions`.
 * A plain `ExplainOptions` is accepted as is, so the core `Explainer` contract holds.
 */
export interface LimeExplainOptions extends ExplainOptions {
  /**
   * `noise: 'numpy-batch'` only (ignored by 'keyed'): the position of each row in the
   * released batch (non-negative integers, one per row), so a runner that splits the 1000
   * explained rows into blocks still gives row p the normals [p·m, (p+1)·m).
   * @defaultValue 0..n−1 (this call is the released batch)
   */
  readonly batchPositions?: ArrayLike<number>;
}

/** `limeExplainer`'s return type: a configured explainer that also takes `batchPositions`. */
export interface LimeExplainer extends ConfiguredExplainer<LimeConfig> {
  explain(model: Model, x: Matrix, options?: LimeExplainOptions): Matrix;
}

export interface LimeConfig {
  readonly samples: number;
  readonly std: number;
  readonly kernelWidth: number;
  readonly kernelWidthScale: KernelWidthScale;
  readonly alpha: number;
  readonly regressionTarget: LimeRegressionTarget;
  readonly noise: LimeNoise;
  readonly batchRows: number;
}

/** Per-preset defaults (OpenXAI: lime_tabular with its sample-around-instance change). */
export const limeDefaults: Readonly<Record<Preset, Omit<LimeConfig, 'batchRows'>>> = {
  default: { samples: 1000, std: 0.1, kernelWidth: 0.75, kernelWidthScale: 'absolute', alpha: 1, regressionTarget: 'target', noise: 'keyed' },
  openxai: { samples: 1000, std: 0.1, kernelWidth: 0.75, kernelWidthScale: 'sqrt-d', alpha: 1, regressionTarget: 'class1-signed', noise: 'keyed' },
  paper: { samples: 1000, std: 0.1, kernelWidth: 0.75, kernelWidthScale: 'absolute', alpha: 1, regressionTarget: 'target', noise: 'keyed' },
};

/**
 * LIME for tabular data ('lime'), as OpenXAI runs it: the first neighbour is the instance,
 * the others x + std·N(0, 1) on every feature (no discretisation, no training-std scaling);
 * weights sqrt(exp(−‖z − x‖² / w²)); a weighted ridge regression with intercept on all d
 * features; its coefficients are the attributions. The noise comes from
 * `substream(seed, key_i, 'lime')` ('keyed') or from the released numpy stream
 * ('numpy-batch', see {@link LimeNoise}); the neighbourhoods of a chunk of rows are one
 * `predictProba` call.
 * @example limeExplainer({ preset: 'openxai' }).explain(model, x)
 * @example limeExplainer({ preset: 'openxai', noise: 'numpy-batch' }).explain(model, x, { batchPositions: [200, 201] })
 * @since 0.1.0
 */
export function limeExplainer(options: LimeOptions = {}): LimeExplainer {
  const fn = 'limeExplainer';
  const common = resolveCommon(fn, options);
  checkKnownKeys(fn, options, [...COMMON_OPTION_KEYS, 'samples', 'std', 'kernelWidth', 'kernelWidthScale', 'alpha', 'regressionTarget', 'noise']);
  const base = limeDefaults[common.preset];
  const config: LimeConfig = {
    samples: options.samples === undefined ? base.samples : positiveInteger(fn, 'samples', options.samples, 2),
    std: options.std === undefined ? base.std : positiveNumber(fn, 'std', options.std),
    kernelWidth: options.kernelWidth === undefined ? base.kernelWidth : positiveNumber(fn, 'kernelWidth', options.kernelWidth),
    kernelWidthScale: options.kernelWidthScale === undefined ? base.kernelWidthScale : oneOf(fn, 'kernelWidthScale', options.kernelWidthScale, ['sqrt-d', 'absolute'] as const),
    alpha: options.alpha === undefined ? base.alpha : nonNegativeNumber(fn, 'alpha', options.alpha),
    regressionTarget: options.regressionTarget === undefined ? base.regressionTarget : oneOf(fn, 'regressionTarget', options.regressionTarget, ['class1-signed', 'target'] as const),
    noise: options.noise === undefined ? base.noise : oneOf(fn, 'noise', options.noise, ['keyed', 'numpy-batch'] as const),
    batchRows: common.batchRows,
  };
  const seed = common.seed;
  if (config.noise === 'numpy-batch' && !(seed >= 0 && seed <= 0xffffffff)) {
    throw new XaiError('BAD_OPTION', `noise 'numpy-batch' seeds numpy's RandomState, which takes an integer in [0, 2^32); got ${describeValue(seed)}`, { fn, arg: 'seed', value: seed });
  }
  // Kept between calls only to avoid regenerating draws; results never depend on it.
  let stream: NumpyBatchStream | null = null;
  return {
    id: 'lime',
    preset: common.preset,
    seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: LimeExplainOptions): Matrix {
      const efn = 'limeExplainer.explain';
      const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
      const { n, d } = b;
      const classes = b.model.classes;
      const signed = config.regressionTarget === 'class1-signed';
      if (signed && classes !== 2) {
        throw new XaiError('NOT_SUPPORTED', `regressionTarget 'class1-signed' (OpenXAI's label-sign flip) needs a binary model, this one has ${classes} classes; use regressionTarget 'target'`, { fn: efn, arg: 'regressionTarget', value: classes });
      }
      const S = config.samples;
      const perRow = S * d;
      const numpy = config.noise === 'numpy-batch';
      // numpy-batch: visit rows by ascending batch position so the stream only moves forward.
      const positions = numpy ? batchPositionsOf(efn, explainOptions?.batchPositions, n, perRow) : null;
      const order = positions === null ? null : ascendingOrder(positions);
      if (numpy && stream === null) stream = numpyBatchStream(seed);
      const width = config.kernelWidth * (config.kernelWidthScale === 'sqrt-d' ? Math.sqrt(d) : 1);
      const out = new Float64Array(n * d);
      const per = instancesPerChunk(S, config.batchRows);
      const cap = Math.min(per, n);
      const z = new Float64Array(cap * perRow);
      const probs = new Float64Array(cap * S * classes);
      const y = new Float64Array(S);
      const w = new Float64Array(S);
      const coef = new Float64Array(d);
      const work = createLeastSquaresWork(d);
      for (let c0 = 0; c0 < n; c0 += per) {
        const c1 = Math.min(n, c0 + per);
        for (let q = c0; q < c1; q++) {
          const i = order === null ? q : order[q]!;
          const start = (q - c0) * perRow;
          const xo = i * d;
          if (positions !== null) {
            // Released: data = normal(0, 1, S·d)·std + x, then data[0] = x (its draw is wasted).
            stream!.fill(z, start, positions[i]! * perRow, perRow);
            for (let s = 1; s < S; s++) {
              const o = start + s * d;
              for (let j = 0; j < d; j++) z[o + j] = z[o + j]! * config.std + b.x[xo + j]!;
            }
          } else {
            substream(seed, b.keys[i]!, 'lime').fillNormal(z, 0, config.std, start + d, start + perRow);
            for (let s = 1; s < S; s++) {
              const o = start + s * d;
              for (let j = 0; j < d; j++) z[o + j] += b.x[xo + j]!;
            }
          }
          // Row 0 is the instance itself.
          for (let j = 0; j < d; j++) z[start + j] = b.x[xo + j]!;
        }
        const rows = (c1 - c0) * S;
        predictRows(b.model, { rows, cols: d, data: z.subarray(0, rows * d) }, efn, config.batchRows, probs);
        for (let q = c0; q < c1; q++) {
          const i = order === null ? q : order[q]!;
          const start = (q - c0) * S;
          const xo = i * d;
          const col = signed ? 1 : b.targets[i]!;
          for (let s = 0; s < S; s++) {
            const o = (start + s) * d;
            let dist2 = 0;
            for (let j = 0; j < d; j++) {
              const t = z[o + j]! - b.x[xo + j]!;
              dist2 += t * t;
            }
            w[s] = limeKernelWeight(dist2, width);
            y[s] = probs[(start + s) * classes + col]!;
          }
          weightedLeastSquares(z.subarray(start * d, (start + S) * d), S, d, y, w, config.alpha, true, coef, work);
          const sign = signed ? (b.targets[i] === 1 ? 1 : -1) : 1;
          for (let j = 0; j < d; j++) out[xo + j] = sign * coef[j]!;
        }
      }
      return { rows: n, cols: d, data: out };
    },
  };
}

/** Validated batch positions (default 0..n−1); each p·perRow must stay a safe integer. */
function batchPositionsOf(fn: string, value: unknown, n: number, perRow: number): Float64Array {
  const out = new Float64Array(n);
  if (value === undefined) {
    for (let i = 0; i < n; i++) out[i] = i;
    return out;
  }
  if (value === null || typeof value !== 'object' || typeof (value as ArrayLike<number>).length !== 'number') {
    throw new XaiError('BAD_INPUT', `expected an array of non-negative integers, got ${describeValue(value)}`, { fn, arg: 'batchPositions', value });
  }
  const v = value as ArrayLike<unknown>;
  if (v.length !== n) throw new XaiError('SHAPE_MISMATCH', `has ${v.length} entries for ${n} rows`, { fn, arg: 'batchPositions', value: v.length });
  for (let i = 0; i < n; i++) {
    const p = v[i];
    if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 0 || !Number.isSafeInteger((p + 1) * perRow)) {
      throw new XaiError('BAD_INPUT', `entry ${i} is ${describeValue(p)}, not a batch position (an integer >= 0)`, { fn, arg: 'batchPositions', value: p, index: i });
    }
    out[i] = p;
  }
  return out;
}

/** Row indices sorted by position (stable). */
function ascendingOrder(positions: Float64Array): Int32Array {
  const order = Int32Array.from({ length: positions.length }, (_, i) => i);
  return order.sort((a, b) => positions[a]! - positions[b]! || a - b);
}
