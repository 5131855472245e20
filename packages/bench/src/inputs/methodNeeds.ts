// Which explainers read input gradients, and which read predictions only, for the ONNX gradient
// gate. The facts come from @xai/explainers' registry (usesGradients, explainerModels).
import { ALL_EXPLAINER_IDS, explainerModels, usesGradients } from '@xai/explainers';
import { RANDOM_CONTROL } from '../report/controlLift.js';

/** True for an explainer that reads input gradients. @since 0.3.0 */
export const readsGradients = (method: string): boolean => usesGradients(method);

/** The explainers that apply to any model (the random control aside): what to use where gradients fail. @since 0.3.0 */
export function predictionMethods(): string {
  return ALL_EXPLAINER_IDS.filter((id) => id !== RANDOM_CONTROL && explainerModels(id) === 'any').join(', ');
}
