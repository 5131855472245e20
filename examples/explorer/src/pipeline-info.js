// What the page offers and how each metric reads: shared by the UI and the worker.
/** Explainers the page offers, in display order (ids of @xai/explainers' createExplainer). */
export const EXPLAINERS = [
  { id: 'grad', label: 'Gradient' },
  { id: 'itg', label: 'Gradient × Input' },
  { id: 'sg', label: 'SmoothGrad' },
  { id: 'ig', label: 'Integrated Gradients' },
  { id: 'lime', label: 'LIME' },
  { id: 'shap', label: 'KernelSHAP' },
  { id: 'control', label: 'Random' },
];

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
