// Shared display helpers of report.md and report.html.
import { LOWER_IS_BETTER } from '../config/ids.js';

/** Human names of the explainer ids (OpenXAI's names). */
export const EXPLAINER_NAMES: Readonly<Record<string, string>> = {
  control: 'Random',
  grad: 'Gradient',
  sg: 'SmoothGrad',
  ig: 'Integrated Gradients',
  itg: 'Gradient x Input',
  shap: 'KernelSHAP',
  lime: 'LIME',
  shapley: 'Exact Shapley',
  permshap: 'Permutation SHAP',
  occlusion: 'Occlusion',
  sg2: 'SmoothGrad²',
  vargrad: 'VarGrad',
  'ig-sg': 'IG + noise tunnel',
  'itg-sg': 'Gradient x Input + noise tunnel',
  gradshap: 'Gradient SHAP',
  deeplift: 'DeepLIFT',
  treeshap: 'TreeSHAP',
};

/**
 * A dataset's load-time warnings for the report (e.g. a --test file's rows outside the
 * training range, unknown categories), from its provenance.
 * @since 0.2.0
 */
export function datasetWarnings(provenance: unknown): string[] {
  const w = (provenance as { warnings?: unknown } | null | undefined)?.warnings;
  return Array.isArray(w) ? w.filter((x): x is string => typeof x === 'string') : [];
}

/** Human names of the model kinds. */
export const MODEL_NAMES: Readonly<Record<string, string>> = { lr: 'LR', ann: 'ANN' };

/** Column header of a metric: PGU↓ / PGI↑ as in the paper's tables. */
export function metricHeader(metric: string): string {
  if (metric === 'PGU') return 'PGU↓';
  if (metric === 'PGI') return 'PGI↑';
  return metric;
}

/** A number for a table: `digits` decimals, −∞/∞ spelled, '—' when missing. */
export function fmt(v: number | null | undefined, digits = 3): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  if (v === Number.POSITIVE_INFINITY) return '∞';
  if (v === Number.NEGATIVE_INFINITY) return '−∞';
  // Small values (prediction gaps are often < 0.01) keep 3 significant digits instead of rounding to 0.
  const s = v !== 0 && Math.abs(v) < 10 ** -(digits - 1) ? v.toPrecision(digits) : v.toFixed(digits);
  return s.startsWith('-') ? `−${s.slice(1)}` : s;
}

/** A signed lift (+0.120 / −0.030). */
export function fmtLift(v: number | null | undefined, digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return v >= 0 ? `+${v.toFixed(digits)}` : `−${(-v).toFixed(digits)}`;
}

/**
 * "value ± SE" with both at the same decimals: `digits`, or more when value and SE are both
 * small, to keep `digits` significant figures (prediction gaps are often < 0.01). The
 * undefined count follows when there is one.
 */
export function fmtCell(mean: number, se: number, undef = 0, digits = 3): string {
  let base: string;
  if (Number.isNaN(mean)) base = '—';
  else if (!Number.isFinite(mean) || Number.isNaN(se)) base = fmt(mean, digits);
  else {
    // Decimals from the larger of |value| and SE: a mean near 0 with a wide SE stays short.
    const a = Math.max(Math.abs(mean), Number.isFinite(se) ? se : 0);
    const decimals = a === 0 || a >= 1 ? digits : Math.min(8, Math.max(digits, digits - 1 - Math.floor(Math.log10(a))));
    const f = (v: number): string => {
      const t = v.toFixed(decimals);
      return t.startsWith('-') ? `−${t.slice(1)}` : t;
    };
    base = `${f(mean)} ± ${f(se)}`;
  }
  return undef > 0 ? `${base} (${undef} undef.)` : base;
}

/**
 * Signed value and interval at one number of decimals (as {@link fmtCell} picks them):
 * `+0.0120 [−0.0050, 0.0290]`.
 */
export function fmtInterval(value: number, lower: number, upper: number, digits = 3): string {
  if (![value, lower, upper].every(Number.isFinite)) return `${fmtLift(value, digits)} [${fmt(lower, digits)}, ${fmt(upper, digits)}]`;
  const a = Math.max(Math.abs(value), Math.abs(lower), Math.abs(upper));
  const decimals = a === 0 || a >= 1 ? digits : Math.min(8, Math.max(digits, digits - 1 - Math.floor(Math.log10(a))));
  const f = (v: number): string => {
    const t = v.toFixed(decimals);
    return t.startsWith('-') ? `−${t.slice(1)}` : t;
  };
  return `${value >= 0 ? '+' : ''}${f(value)} [${f(lower)}, ${f(upper)}]`;
}

/** 'lower is better' / 'higher is better'. */
export function direction(metric: string): string {
  return LOWER_IS_BETTER.has(metric) ? 'lower is better' : 'higher is better';
}

/** The banner lines of a partial report (empty when complete). @since 0.2.0 */
export function partialLines(summary: {
  readonly coverage?: { readonly partial: boolean; readonly reasons: readonly string[] };
}): string[] {
  const c = summary.coverage;
  return c?.partial ? c.reasons.map((r) => r) : [];
}

/** ` ⚠ 20/30` after a cell holding fewer instances than planned, else ''. @since 0.2.0 */
export function partialMark(c: {
  readonly partial?: boolean;
  readonly planned?: number;
  readonly count: number;
  readonly undefined: number;
}): string {
  return c.partial ? ` ⚠ partial ${c.count + c.undefined}/${c.planned ?? '?'}` : '';
}

/** "first 1000 test instances (lime stability: 100)" from a config. @since 0.2.0 */
export function instancesText(c: {
  readonly instances: number;
  readonly instanceOverrides?: readonly { readonly explainer: string; readonly family: string; readonly instances: number }[];
}): string {
  const o = c.instanceOverrides ?? [];
  const extra =
    o.length === 0
      ? ''
      : ` (${o.map((x) => `${x.explainer === '*' ? 'every explainer' : x.explainer}${x.family === '*' ? '' : ` ${x.family}`}: ${x.instances}`).join('; ')})`;
  return `first ${c.instances} test instances${extra}`;
}
