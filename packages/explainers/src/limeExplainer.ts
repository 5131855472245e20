import type { ExplainOptions, Matrix, Model } from '@xai/core';
import { XaiError, substream } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { Preset } from './preset.js';
import { instancesPerChunk, resolveCommon } from './internal/common.js';
import { createLeastSquaresWork, weightedLeastSquares } from './internal/leastSquares.js';
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
}

export interface LimeConfig {
  readonly samples: number;
  readonly std: number;
  readonly kernelWidth: number;
  readonly kernelWidthScale: KernelWidthScale;
  readonly alpha: number;
  readonly regressionTarget: LimeRegressionTarget;
  readonly batchRows: number;
}

/** Per-preset defaults (OpenXAI: lime_tabular with its sample-around-instance change). */
export const limeDefaults: Readonly<Record<Preset, Omit<LimeConfig, 'batchRows'>>> = {
  default: { samples: 1000, std: 0.1, kernelWidth: 0.75, kernelWidthScale: 'absolute', alpha: 1, regressionTarget: 'target' },
  openxai: { samples: 1000, std: 0.1, kernelWidth: 0.75, kernelWidthScale: 'sqrt-d', alpha: 1, regressionTarget: 'class1-signed' },
  paper: { samples: 1000, std: 0.1, kernelWidth: 0.75, kernelWidthScale: 'absolute', alpha: 1, regressionTarget: 'target' },
};

/**
 * LIME for tabular data ('lime'), as OpenXAI runs it: the first neighbour is the instance,
 * the others x + N(0, std²) on every feature (no discretisation, no training-std scaling);
 * weights sqrt(exp(−‖z − x‖² / w²)); a weighted ridge regression with intercept on all d
 * features; its coefficients are the attributions. The noise of row i comes from
 * `substream(seed, key_i, 'lime')`; the neighbourhoods of a chunk of rows are one
 * `predictProba` call.
 * @example limeExplainer({ preset: 'openxai' }).explain(model, x)
 * @since 0.1.0
 */
export function limeExplainer(options: LimeOptions = {}): ConfiguredExplainer<LimeConfig> {
  const fn = 'limeExplainer';
  const common = resolveCommon(fn, options);
  checkKnownKeys(fn, options, [...COMMON_OPTION_KEYS, 'samples', 'std', 'kernelWidth', 'kernelWidthScale', 'alpha', 'regressionTarget']);
  const base = limeDefaults[common.preset];
  const config: LimeConfig = {
    samples: options.samples === undefined ? base.samples : positiveInteger(fn, 'samples', options.samples, 2),
    std: options.std === undefined ? base.std : positiveNumber(fn, 'std', options.std),
    kernelWidth: options.kernelWidth === undefined ? base.kernelWidth : positiveNumber(fn, 'kernelWidth', options.kernelWidth),
    kernelWidthScale: options.kernelWidthScale === undefined ? base.kernelWidthScale : oneOf(fn, 'kernelWidthScale', options.kernelWidthScale, ['sqrt-d', 'absolute'] as const),
    alpha: options.alpha === undefined ? base.alpha : nonNegativeNumber(fn, 'alpha', options.alpha),
    regressionTarget: options.regressionTarget === undefined ? base.regressionTarget : oneOf(fn, 'regressionTarget', options.regressionTarget, ['class1-signed', 'target'] as const),
    batchRows: common.batchRows,
  };
  const seed = common.seed;
  return {
    id: 'lime',
    preset: common.preset,
    seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      const efn = 'limeExplainer.explain';
      const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
      const { n, d } = b;
      const classes = b.model.classes;
      const signed = config.regressionTarget === 'class1-signed';
      if (signed && classes !== 2) {
        throw new XaiError('NOT_SUPPORTED', `regressionTarget 'class1-signed' (OpenXAI's label-sign flip) needs a binary model, this one has ${classes} classes; use regressionTarget 'target'`, { fn: efn, arg: 'regressionTarget', value: classes });
      }
      const S = config.samples;
      const width = config.kernelWidth * (config.kernelWidthScale === 'sqrt-d' ? Math.sqrt(d) : 1);
      const invWidth2 = 1 / (width * width);
      const out = new Float64Array(n * d);
      const per = instancesPerChunk(S, config.batchRows);
      const cap = Math.min(per, n);
      const z = new Float64Array(cap * S * d);
      const probs = new Float64Array(cap * S * classes);
      const y = new Float64Array(S);
      const w = new Float64Array(S);
      const coef = new Float64Array(d);
      const work = createLeastSquaresWork(d);
      for (let c0 = 0; c0 < n; c0 += per) {
        const c1 = Math.min(n, c0 + per);
        for (let i = c0; i < c1; i++) {
          const start = (i - c0) * S * d;
          const xo = i * d;
          // Row 0 is the instance itself; rows 1.. are x + std·ε.
          for (let j = 0; j < d; j++) z[start + j] = b.x[xo + j]!;
          substream(seed, b.keys[i]!, 'lime').fillNormal(z, 0, config.std, start + d, start + S * d);
          for (let s = 1; s < S; s++) {
            const o = start + s * d;
            for (let j = 0; j < d; j++) z[o + j] += b.x[xo + j]!;
          }
        }
        const rows = (c1 - c0) * S;
        predictRows(b.model, { rows, cols: d, data: z.subarray(0, rows * d) }, efn, config.batchRows, probs);
        for (let i = c0; i < c1; i++) {
          const start = (i - c0) * S;
          const xo = i * d;
          const col = signed ? 1 : b.targets[i]!;
          for (let s = 0; s < S; s++) {
            const o = (start + s) * d;
            let dist2 = 0;
            for (let j = 0; j < d; j++) {
              const t = z[o + j]! - b.x[xo + j]!;
              dist2 += t * t;
            }
            w[s] = Math.sqrt(Math.exp(-dist2 * invWidth2));
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
