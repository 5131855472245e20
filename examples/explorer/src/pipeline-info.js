// What the page offers and how each metric reads: shared by the UI and the worker. Names,
// directions and descriptions come from the registries of @xai/explainers and @xai/metrics.
import { EXPLAINER_INFO, explainerModels } from '@xai/explainers/explainerInfo';
import { metricInfo } from '@xai/metrics/metricInfo';
import { METRIC_IDS } from '@xai/metrics/metricIds';

/** TreeSHAP's algorithms (the page's select offers them). */
export { TREE_SHAP_ALGORITHMS } from '@xai/explainers/treeShapExplainer';

/** An explainer as the page offers it: its registry name and its cost per row. */
const offered = (id, cost) => ({ id, label: EXPLAINER_INFO[id].name, cost });

/**
 * Explainers the page offers, in display order (ids of @xai/explainers' createExplainer), with
 * their cost per row relative to scoring one row (PGI and PGU on the attributions and on their
 * null; explaining; stability), measured in Node on SynthGauss with the ANN by scripts/costs.mjs
 * and rounded. They weight the progress bar, so the time left, measured from the pace so far,
 * holds across cheap and dear steps.
 */
export const EXPLAINERS = [
  offered('grad', { explain: 0.01, stability: 0.1 }),
  offered('itg', { explain: 0.01, stability: 0.1 }),
  offered('sg', { explain: 0.2, stability: 2.4 }),
  offered('ig', { explain: 0.05, stability: 0.2 }),
  offered('lime', { explain: 0.3, stability: 2.5 }),
  offered('shap', { explain: 0.2, stability: 1.6 }),
  offered('control', { explain: 0.001, stability: 0.01 }),
  offered('treeshap', { explain: 0.02, stability: 0.2 }),
];

/**
 * Whether an explainer applies to the model kind ('trees' for a tree ensemble, else 'network'),
 * from what the registry says it reads: predictions apply to any model, gradients and layers to
 * networks, trees to tree ensembles.
 */
export function explainerApplies(id, kind) {
  const models = explainerModels(id);
  return models === 'any' || (models === 'trees') === (kind === 'trees');
}

/**
 * Why an explainer does not apply to the model kind (null when it does), in the registry's terms:
 * what it reads, and why the model has none of that.
 */
export function notApplicableReason(id, kind) {
  if (explainerApplies(id, kind)) return null;
  const { needs } = EXPLAINER_INFO[id];
  if (kind === 'trees')
    return `${needs === 'gradients' ? 'input gradients' : 'dense layers'}, and a tree ensemble is piecewise constant: its gradient is 0 almost everywhere`;
  return "a tree ensemble's trees: choose an XGBoost JSON or tree-ensemble .onnx model";
}

/** `names` (display names) are not offered, in a sentence: "A, B: not offered; they read …". */
export function notOfferedWords(names, reason) {
  return `${names.join(', ')}: not offered; ${names.length === 1 ? 'it reads' : 'they read'} ${reason}`;
}

/** Cost per row of one floor explainer (it is scored like an explainer), and of scoring one explainer. */
export const STEP_COSTS = { floor: 1, score: 1 };

/** The metrics the page scores: OpenXAI's eleven but those that read a hidden layer (RRS). */
const METRICS = METRIC_IDS.filter((id) => metricInfo[id].representation !== 'layers');

/** Per metric: its family, which direction is better and what it measures, from its registry info. */
export const METRIC_INFO = Object.fromEntries(
  METRICS.map((id) => {
    const info = metricInfo[id];
    const ln = info.family === 'stability' ? ' (ln of the mean ratio)' : '';
    return [
      id,
      { family: info.family, better: info.direction === 'lower-is-better' ? 'lower' : 'higher', what: `${info.description}${ln}` },
    ];
  }),
);
