// Which explanations RIS, RRS and ROS of `xai evaluate` compare the neighbours' with. Their
// numerator ||e − e′|| / ||e|| is ~1e-5 for neighbours 1e-5 away, so e and e′ must come from one
// implementation at one precision: attributions from another implementation (the released
// OpenXAI code's float32 Captum, or xai at another --precision) differ from the re-explaining
// method's own by rounding (~1e-7 of ||e||), a constant offset in every e − e′ that the max over
// neighbours divides by the smallest output change. The released code explains its anchor itself
// with the same explainer (openxai/metrics.py:204, `_get_perturbation_explanations`).
import type { Explainer, Matrix, Model } from '@xai/core';
import { EXPLAINER_INFO } from '@xai/explainers';

/** Largest |given − re-explained| per row, relative to the row's largest |re-explained|, taken as the same explanation. */
export const SAME_EXPLANATION = 1e-4;

/** What the stability metrics use as the anchors' explanations, and why. */
export interface StabilityAnchors {
  /** 're-explained': a deterministic method's own explanation of the rows; 'given': the attributions file (a sampling method's draw). */
  readonly source: 'given' | 're-explained';
  readonly attributions: Matrix;
  /** Set when the given attributions are not the re-explaining method's own explanation of the rows. */
  readonly warning?: string;
}

const deterministic = (id: string): boolean => {
  const info = (EXPLAINER_INFO as Record<string, { readonly stochastic: boolean } | undefined>)[id];
  return info !== undefined && !info.stochastic;
};

/** The row where the given attributions differ most from `own`, and by how much (relative to that row's largest |own|). */
function largestDifference(given: Matrix, own: Matrix): { readonly row: number; readonly rel: number } {
  let worst = { row: -1, rel: 0 };
  for (let i = 0; i < own.rows; i++) {
    let scale = 0;
    let diff = 0;
    for (let j = 0; j < own.cols; j++) {
      const k = i * own.cols + j;
      scale = Math.max(scale, Math.abs(own.data[k]!));
      diff = Math.max(diff, Math.abs(given.data[k]! - own.data[k]!));
    }
    const rel = scale > 0 ? diff / scale : diff > 0 ? Infinity : 0;
    if (rel > worst.rel) worst = { row: i, rel };
  }
  return worst;
}

/**
 * A deterministic method re-explains the rows (in the same arithmetic as the neighbours, for the
 * same `targets` as the metric: a fixed class, else each row's predicted one) and its
 * explanations are the anchors; the given ones are checked against them. A sampling method's
 * given draw is the anchor (its e′ are independent draws in any case).
 */
export function stabilityAnchors(
  explainer: Explainer,
  model: Model,
  x: Matrix,
  given: Matrix,
  file: string,
  targets?: Int32Array,
): StabilityAnchors {
  if (!deterministic(explainer.id)) return { source: 'given', attributions: given };
  const own = explainer.explain(model, x, targets === undefined ? undefined : { targets });
  const { row, rel } = largestDifference(given, own);
  if (!(rel > SAME_EXPLANATION)) return { source: 're-explained', attributions: own };
  const warning = `${file}: not ${explainer.id}'s explanation of these rows (row ${row + 1}: max |difference| ${rel.toExponential(2)} of its largest |value|); the neighbours' explanations are compared with ${explainer.id}'s own explanations of the rows`;
  return { source: 're-explained', attributions: own, warning };
}
