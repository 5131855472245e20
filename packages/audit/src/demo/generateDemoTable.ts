import { booleanOption, checkOptions, enumOption, intOption, numberOption, seedOption, substream } from '@xai/core';
import type { TabularAuditInput } from '../tabular/tabularAuditInput.js';

/** Options of `generateDemoTable`. */
export interface DemoTableOptions {
  /** Train rows. @defaultValue 400 */
  readonly rows?: number;
  /** Test rows (0: no test split). @defaultValue 100 */
  readonly testRows?: number;
  /** Numeric features, each a noisy view of one latent variable. @defaultValue 6 */
  readonly features?: number;
  /** 'model': labels from the latent variable (legitimate signal, no leak); 'random': labels independent of every column. @defaultValue 'model' */
  readonly labels?: 'model' | 'random';
  /** Share of class 1 (random labels) or the latent threshold's quantile (model labels). @defaultValue 0.5 */
  readonly positive?: number;
  /** Add a 12-level categorical code, a published per-level rate in [0, 1] and values missing at random (15 %) in one column. @defaultValue true */
  readonly extras?: boolean;
  readonly seed?: number;
}

const KEYS = ['rows', 'testRows', 'features', 'labels', 'positive', 'extras', 'seed'] as const;

/**
 * A labelled table without any shortcut, for measuring the tabular audit's false alarms:
 * features are noisy views of a latent z; labels follow z (`'model'`) or nothing
 * (`'random'`); rows in random order; optional test split from the same process; optional
 * categorical, rate-like and missing-at-random columns so every probe has something to look at.
 * @example
 *   runTabularAudit(generateDemoTable({ seed: 3 })).probes.some((p) => p.fires)  // false (about 99 % of seeds)
 * @since 0.2.0
 */
export function generateDemoTable(options: DemoTableOptions = {}): TabularAuditInput {
  const fn = 'generateDemoTable';
  checkOptions(options, KEYS, fn);
  const n = intOption(options.rows, fn, 'rows', { min: 2, fallback: 400 });
  const m = intOption(options.testRows, fn, 'testRows', { min: 0, fallback: 100 });
  const d = intOption(options.features, fn, 'features', { min: 1, fallback: 6 });
  const seed = seedOption(options.seed, fn, 'seed', { fallback: 0 });
  const positive = numberOption(options.positive, fn, 'positive', { above: 0, below: 1, fallback: 0.5 });
  const extras = booleanOption(options.extras, fn, 'extras', { fallback: true });
  const labels = enumOption(options.labels, fn, 'labels', { values: ['model', 'random'], fallback: 'model' });
  const rng = substream(seed, 'demo-table');
  const header = Array.from({ length: d }, (_, j) => `x${j}`);
  if (extras) header.push('region', 'region_rate');
  const D = header.length;
  const rate = Float64Array.from({ length: 12 }, () => Math.round(rng.uniform() * 100) / 100);
  const noise = Float64Array.from({ length: d }, () => 0.6 + 1.2 * rng.uniform());
  // Threshold of the latent for the wanted share of positives (z + noise ~ N(0, 1 + 0.36)).
  const cut = -Math.sqrt(1.36) * probit(positive);
  const make = (rows: number): { x: { rows: number; cols: number; data: Float64Array }; y: Int32Array } => {
    const data = new Float64Array(rows * D);
    const y = new Int32Array(rows);
    for (let i = 0; i < rows; i++) {
      const z = rng.normal();
      y[i] = labels === 'model' ? (z + 0.6 * rng.normal() > cut ? 1 : 0) : rng.bernoulli(positive) ? 1 : 0;
      for (let j = 0; j < d; j++) data[i * D + j] = Math.round((z + noise[j]! * rng.normal()) * 1000) / 1000;
      if (extras) {
        const r = rng.int(12);
        data[i * D + d] = r;
        data[i * D + d + 1] = rate[r]!;
        if (rng.bernoulli(0.15)) data[i * D + (1 % d)] = Number.NaN;
      }
    }
    return { x: { rows, cols: D, data }, y };
  };
  const train = make(n);
  const test = m > 0 ? make(m) : undefined;
  return { name: `demo-table-${seed}`, ...train, header, classes: ['0', '1'], ...(test ? { test } : {}) };
}

/** Standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9). */
function probit(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const e = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((e[0]! * q + e[1]!) * q + e[2]!) * q + e[3]!) * q + 1)
    );
  }
  if (p > 1 - lo) return -probit(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}
