// IG's attributions come from a quadrature of the path integral (Captum's 50 Gauss–Legendre nodes by
// default), which a steep model between the baseline and a row can miss by far. Exact IG sums to
// f(x) − f(baseline), so the per-row gap to that sum measures the quadrature's error at no cost
// beyond one forward pass: xai explain records it, and warns when it is not negligible.
import type { IgCompleteness, IntegratedGradientsConfig } from '@xai/explainers';

/** The share of the largest |f(x) − f(baseline)| above which a row's gap is warned about. */
export const IG_GAP_TOLERANCE = 1e-6;

/** What the attributions file records (`igCompleteness`). */
export interface IgCompletenessRecord {
  /** The quadrature: rule and node count. */
  readonly rule: string;
  readonly nodes: number;
  /** Largest |Σφ − (f(x) − f(baseline))| over the rows, and as a share of the largest |f(x) − f(baseline)|. */
  readonly maxGap: number;
  readonly relativeGap: number;
  /** Rows whose gap is above IG_GAP_TOLERANCE of the largest |f(x) − f(baseline)|. */
  readonly rowsOverTolerance: number;
  readonly explains: string;
}

/**
 * The record and, when some row's gap is above the tolerance, the warning naming the worst row
 * (`label(i)`: its line or row in the source file).
 * @example igCompletenessCheck(ig.explainWithCompleteness(model, x), ig.config, (i) => `row ${i}`)
 * @since 0.3.0
 */
export function igCompletenessCheck(
  c: IgCompleteness,
  config: Pick<IntegratedGradientsConfig, 'method' | 'steps'>,
  label: (row: number) => string,
): { record: IgCompletenessRecord; warning?: string } {
  let scale = 0;
  for (const v of c.outputDelta) scale = Math.max(scale, Math.abs(v));
  const limit = IG_GAP_TOLERANCE * (scale > 0 ? scale : 1);
  let worst = 0;
  let over = 0;
  c.gap.forEach((g, i) => {
    if (Math.abs(g) > Math.abs(c.gap[worst]!)) worst = i;
    if (Math.abs(g) > limit) over++;
  });
  const maxGap = c.gap.length === 0 ? 0 : Math.abs(c.gap[worst]!);
  const record: IgCompletenessRecord = {
    rule: config.method,
    nodes: config.steps,
    maxGap,
    relativeGap: maxGap / (scale > 0 ? scale : 1),
    rowsOverTolerance: over,
    explains: 'exact IG attributions sum to f(x) - f(baseline); the gap is how far the quadrature of the path integral misses that sum',
  };
  if (over === 0) return { record };
  const d = c.outputDelta[worst]!;
  const e = (v: number): string => v.toExponential(2);
  return {
    record,
    warning: `ig: the ${config.steps}-node ${config.method} quadrature is off the path integral on ${over} of ${c.gap.length} rows: their attributions' sum misses f(x) − f(baseline) by more than ${IG_GAP_TOLERANCE.toExponential(0)} of its largest size, by up to ${e(maxGap)} (${e(record.relativeGap)} of it; worst ${label(worst)}: sum ${(d + c.gap[worst]!).toPrecision(6)} vs ${d.toPrecision(6)}); these attributions are the quadrature's, not exact IG (a model steep between the baseline and those rows; igCompleteness in the output)`,
  };
}
