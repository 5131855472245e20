// What each explainer is, as plain data (no code): display name, OpenXAI membership, what it
// reads from the model (hence whether it uses gradients and which models it applies to),
// randomness, feature units, peer and cost. EXPLAINER_REGISTRY pairs each entry
// with its factory; a page that only lists explainers imports this module alone.

/** What a listing (the CLI, a report) says about an explainer. @since 0.3.0 */
export interface ExplainerInfo {
  /** Display name. */
  readonly name: string;
  /** One of OpenXAI's seven explainers (the benchmark's default job). */
  readonly openxai: boolean;
  /** What it reads from the model: predictions only, input gradients, its dense layers, or its trees (`model.trees()`). */
  readonly needs: 'predictions' | 'gradients' | 'layers' | 'trees';
  /** Draws random numbers (seeded sub-streams). */
  readonly stochastic: boolean;
  /** Takes `featureScale` (draws input noise or measures input distances). */
  readonly featureScale: boolean;
  /** The peer implementation it follows. */
  readonly peer: string;
  /** What a unit of it costs: weighs dispatch and progress only, never a result. */
  readonly cost: ExplainerCost;
  /** Takes a tree model's rows with missing cells (NaN): each split's missing-value branch. @since 0.3.0 */
  readonly missingCells?: boolean;
}

/**
 * Relative cost per instance of explaining and scoring (stability dominating), on the synthetic
 * data with the default preset and the ANN (the LR costs about 0.15 of it).
 * @since 0.3.0
 */
export interface ExplainerCost {
  readonly relative: number;
  /** Measured; false: a prior from its model-call count (a run's ETA learns the real cost). */
  readonly measured: boolean;
}

const gradients = 'gradients';
const predictions = 'predictions';

/**
 * Every explainer's facts by id, in the registry's order (OpenXAI's seven first).
 * @example EXPLAINER_INFO.shap.name  // 'KernelSHAP'
 * @since 0.3.0
 */
export const EXPLAINER_INFO = {
  control: {
    name: 'Random (control)',
    openxai: true,
    needs: predictions,
    stochastic: true,
    featureScale: false,
    peer: 'OpenXAI control',
    cost: { relative: 1.6, measured: true },
  },
  grad: {
    name: 'Gradient',
    openxai: true,
    needs: gradients,
    stochastic: false,
    featureScale: false,
    peer: 'Captum Saliency',
    cost: { relative: 1.5, measured: true },
  },
  sg: {
    name: 'SmoothGrad',
    openxai: true,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(Saliency), smoothgrad',
    cost: { relative: 21, measured: true },
  },
  ig: {
    name: 'Integrated Gradients',
    openxai: true,
    needs: gradients,
    stochastic: false,
    featureScale: false,
    peer: 'Captum IntegratedGradients',
    cost: { relative: 3.5, measured: true },
  },
  itg: {
    name: 'Gradient x Input',
    openxai: true,
    needs: gradients,
    stochastic: false,
    featureScale: false,
    peer: 'Captum InputXGradient',
    cost: { relative: 1.5, measured: true },
  },
  shap: {
    name: 'KernelSHAP',
    openxai: true,
    needs: predictions,
    stochastic: true,
    featureScale: true,
    peer: 'Captum KernelShap',
    cost: { relative: 12, measured: true },
  },
  lime: {
    name: 'LIME',
    openxai: true,
    needs: predictions,
    stochastic: true,
    featureScale: true,
    peer: 'lime LimeTabular as OpenXAI runs it',
    cost: { relative: 24, measured: true },
  },
  shapley: {
    name: 'Exact Shapley values',
    openxai: false,
    needs: predictions,
    stochastic: false,
    featureScale: true,
    peer: 'shap ExactExplainer',
    cost: { relative: 30, measured: false },
  },
  permshap: {
    name: 'Permutation SHAP',
    openxai: false,
    needs: predictions,
    stochastic: true,
    featureScale: true,
    peer: 'shap PermutationExplainer',
    cost: { relative: 12, measured: false },
  },
  occlusion: {
    name: 'Occlusion',
    openxai: false,
    needs: predictions,
    stochastic: false,
    featureScale: false,
    peer: 'Captum FeatureAblation',
    cost: { relative: 2, measured: false },
  },
  sg2: {
    name: 'SmoothGrad²',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(Saliency), smoothgrad_sq',
    cost: { relative: 21, measured: false },
  },
  vargrad: {
    name: 'VarGrad',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(Saliency), vargrad',
    cost: { relative: 21, measured: false },
  },
  'ig-sg': {
    name: 'SmoothGrad over Integrated Gradients',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(IntegratedGradients), smoothgrad',
    cost: { relative: 40, measured: false },
  },
  'itg-sg': {
    name: 'SmoothGrad over Gradient x Input',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(InputXGradient), smoothgrad',
    cost: { relative: 21, measured: false },
  },
  gradshap: {
    name: 'Gradient SHAP',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum GradientShap',
    cost: { relative: 10, measured: false },
  },
  deeplift: {
    name: 'DeepLIFT (rescale)',
    openxai: false,
    needs: 'layers',
    stochastic: false,
    featureScale: false,
    peer: 'Captum DeepLift',
    cost: { relative: 2, measured: false },
  },
  treeshap: {
    name: 'TreeSHAP',
    openxai: false,
    needs: 'trees',
    stochastic: false,
    featureScale: false,
    peer: 'shap TreeExplainer, XGBoost pred_contribs',
    cost: { relative: 1, measured: false },
    missingCells: true,
  },
} as const satisfies Readonly<Record<string, ExplainerInfo>>;

/** An explainer id of {@link EXPLAINER_INFO}. @since 0.3.0 */
export type ExplainerInfoId = keyof typeof EXPLAINER_INFO;

/** The models an explainer applies to: any model, differentiable ones (gradients, dense layers), or tree ensembles. @since 0.3.0 */
export type ExplainerModels = 'any' | 'differentiable' | 'trees';

const infoOf = (id: string): ExplainerInfo | undefined =>
  Object.hasOwn(EXPLAINER_INFO, id) ? EXPLAINER_INFO[id as ExplainerInfoId] : undefined;

/**
 * True when the explainer reads the model's input gradients (`needs: 'gradients'`): on a model
 * whose gradients are finite differences its scores are approximate. False for unknown ids.
 * @example usesGradients('ig')  // true
 * @since 0.3.0
 */
export function usesGradients(id: string): boolean {
  return infoOf(id)?.needs === 'gradients';
}

/**
 * The models an explainer applies to, from what it reads: predictions → any, gradients or dense
 * layers → differentiable, trees → trees. Undefined for unknown ids.
 * @example explainerModels('treeshap')  // 'trees'
 * @since 0.3.0
 */
export function explainerModels(id: string): ExplainerModels | undefined {
  const needs = infoOf(id)?.needs;
  if (needs === undefined) return undefined;
  return needs === 'predictions' ? 'any' : needs === 'trees' ? 'trees' : 'differentiable';
}

/** An explainer's display name, else the id itself (floors, unknown ids). @since 0.3.0 */
export function explainerDisplayName(id: string): string {
  return infoOf(id)?.name ?? id;
}

/** An explainer's cost facts, undefined for unknown ids (floors: the caller's default). @since 0.3.0 */
export function explainerCost(id: string): ExplainerCost | undefined {
  return infoOf(id)?.cost;
}
