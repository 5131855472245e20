import { runStability } from '../internal/stabilityMetric.js';
import { STABILITY_IDS } from '../internal/stabilityKernel.js';
import type { RelativeStabilityOptions, RelativeStabilityResult, StabilityInput } from './stabilityTypes.js';

/**
 * RIS, RRS and ROS together from ONE set of neighbours and ONE batch of neighbour
 * explanations per block of instances. For each instance: 1000 candidates x + N(0, sigma^2)
 * (discrete features flip with probability sigma * sqrt(2/pi)), keep the first <= 100 with
 * the same predicted label, explain anchors and neighbours in one `explainer.explain` call,
 * and score max over neighbours of (||e - e'|| / ||e||) / (||r - r'|| / ||r||) with r = x
 * (RIS), the first hidden layer (RRS; null when the model has no `hidden`), the output
 * (ROS: logits in `openxai` and `default`, probabilities in `paper` or without logits). Lower is more stable. Undefined
 * ratios and instances without neighbours are counted and listed, never dropped silently.
 * @example
 *   const { RIS, RRS, ROS, diagnostics } = relativeStability({ x, model, explainer }, { seed: 0 })
 *   RIS.logMean; RIS.median; diagnostics.shortOfNeighbours
 * @since 0.1.0
 */
export function relativeStability(input: StabilityInput, options: RelativeStabilityOptions = {}): RelativeStabilityResult {
  const { results, diagnostics } = runStability('relativeStability', STABILITY_IDS, input, options);
  return { RIS: results.RIS!, RRS: results.RRS, ROS: results.ROS!, diagnostics };
}
