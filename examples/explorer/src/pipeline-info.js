// What the page offers and how each metric reads: shared by the UI and the worker.
/**
 * Explainers the page offers, in display order (ids of @xai/explainers' createExplainer), with
 * their cost per row relative to scoring one row (PGI and PGU on the attributions and on their
 * null; explaining; stability), measured in Node on SynthGauss with the ANN by scripts/costs.mjs
 * and rounded. They weight the progress bar, so the time left, measured from the pace so far,
 * holds across cheap and dear steps.
 */
export const EXPLAINERS = [
  { id: 'grad', label: 'Gradient', cost: { explain: 0.01, stability: 0.1 } },
  { id: 'itg', label: 'Gradient × Input', cost: { explain: 0.01, stability: 0.1 } },
  { id: 'sg', label: 'SmoothGrad', cost: { explain: 0.2, stability: 2.4 } },
  { id: 'ig', label: 'Integrated Gradients', cost: { explain: 0.05, stability: 0.2 } },
  { id: 'lime', label: 'LIME', cost: { explain: 0.3, stability: 2.5 } },
  { id: 'shap', label: 'KernelSHAP', cost: { explain: 0.2, stability: 1.6 } },
  { id: 'control', label: 'Random', cost: { explain: 0.001, stability: 0.01 } },
];

/** Cost per row of one floor explainer (it is scored like an explainer), and of scoring one explainer. */
export const STEP_COSTS = { floor: 1, score: 1 };

export const METRIC_INFO = {
  PRA: { family: 'agreement', better: 'higher', what: 'pairwise rank agreement with the ground truth' },
  RC: { family: 'agreement', better: 'higher', what: 'rank correlation with the ground truth' },
  FA: { family: 'agreement', better: 'higher', what: 'overlap of the top-k features with the ground truth' },
  RA: { family: 'agreement', better: 'higher', what: 'top-k features in the same rank as the ground truth' },
  SA: { family: 'agreement', better: 'higher', what: 'top-k features with the ground truth sign' },
  SRA: { family: 'agreement', better: 'higher', what: 'top-k features with the same sign and rank' },
  PGI: { family: 'prediction gap', better: 'higher', what: 'prediction change when the top-k features are perturbed' },
  PGU: { family: 'prediction gap', better: 'lower', what: 'prediction change when the other features are perturbed' },
  RIS: { family: 'stability', better: 'lower', what: 'explanation change relative to input change (ln scale)' },
  ROS: { family: 'stability', better: 'lower', what: 'explanation change relative to logit change (ln scale)' },
};
