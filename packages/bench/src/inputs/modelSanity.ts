// The CLI's below-chance warning: @xai/models' rule and wording, with the advice for CLI inputs.
import type { ModelSanity } from '@xai/models';
import { sanityWarning as modelWarning } from '@xai/models';

export type { ModelSanity } from '@xai/models';
export { modelSanity } from '@xai/models';

/**
 * The loud line for a flagged model (null when nothing is wrong): with the advice on the class
 * order when another order fits (`classNames`: the label's classes in the order the model's outputs
 * are read), else on the input space.
 * @since 0.3.0
 */
export function sanityWarning(s: ModelSanity, where: string, classNames?: readonly string[]): string | null {
  const w = modelWarning(s, where, classNames);
  if (w === null) return null;
  if (s.classOrder !== undefined && classNames !== undefined) {
    const ordered = JSON.stringify({ classes: [...s.classOrder.outputs].map((l) => classNames[l]) });
    return `${w} Outputs are matched to the label's classes by position (${classNames.map((c, i) => `${i} ${c}`).join(', ')}) unless the model file names its classes: if it was, give the classes in output order in a --schema file, e.g. ${ordered}`;
  }
  return `${w} Is it fed the input space it was trained on? (--model-input raw|scaled; a model file with a preprocessing block uses its own)`;
}
