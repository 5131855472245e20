// What each explainer is, as plain data (no code): display name, OpenXAI membership, what it
// reads from the model, randomness, feature units and peer. EXPLAINER_REGISTRY pairs each entry
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
  },
  grad: {
    name: 'Gradient',
    openxai: true,
    needs: gradients,
    stochastic: false,
    featureScale: false,
    peer: 'Captum Saliency',
  },
  sg: {
    name: 'SmoothGrad',
    openxai: true,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(Saliency), smoothgrad',
  },
  ig: {
    name: 'Integrated Gradients',
    openxai: true,
    needs: gradients,
    stochastic: false,
    featureScale: false,
    peer: 'Captum IntegratedGradients',
  },
  itg: {
    name: 'Gradient x Input',
    openxai: true,
    needs: gradients,
    stochastic: false,
    featureScale: false,
    peer: 'Captum InputXGradient',
  },
  shap: {
    name: 'KernelSHAP',
    openxai: true,
    needs: predictions,
    stochastic: true,
    featureScale: true,
    peer: 'Captum KernelShap',
  },
  lime: {
    name: 'LIME',
    openxai: true,
    needs: predictions,
    stochastic: true,
    featureScale: true,
    peer: 'lime LimeTabular as OpenXAI runs it',
  },
  shapley: {
    name: 'Exact Shapley values',
    openxai: false,
    needs: predictions,
    stochastic: false,
    featureScale: true,
    peer: 'shap ExactExplainer',
  },
  permshap: {
    name: 'Permutation SHAP',
    openxai: false,
    needs: predictions,
    stochastic: true,
    featureScale: true,
    peer: 'shap PermutationExplainer',
  },
  occlusion: {
    name: 'Occlusion',
    openxai: false,
    needs: predictions,
    stochastic: false,
    featureScale: false,
    peer: 'Captum FeatureAblation',
  },
  sg2: {
    name: 'SmoothGrad²',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(Saliency), smoothgrad_sq',
  },
  vargrad: {
    name: 'VarGrad',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(Saliency), vargrad',
  },
  'ig-sg': {
    name: 'SmoothGrad over Integrated Gradients',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(IntegratedGradients), smoothgrad',
  },
  'itg-sg': {
    name: 'SmoothGrad over Gradient x Input',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum NoiseTunnel(InputXGradient), smoothgrad',
  },
  gradshap: {
    name: 'Gradient SHAP',
    openxai: false,
    needs: gradients,
    stochastic: true,
    featureScale: true,
    peer: 'Captum GradientShap',
  },
  deeplift: {
    name: 'DeepLIFT (rescale)',
    openxai: false,
    needs: 'layers',
    stochastic: false,
    featureScale: false,
    peer: 'Captum DeepLift',
  },
  treeshap: {
    name: 'TreeSHAP',
    openxai: false,
    needs: 'trees',
    stochastic: false,
    featureScale: false,
    peer: 'shap TreeExplainer, XGBoost pred_contribs',
  },
} as const satisfies Readonly<Record<string, ExplainerInfo>>;
