// The CLI's below-chance warning: @xai/models' rule and wording, with the advice for CLI inputs.
import type { ModelSanity } from '@xai/models';
import { sanityWarning as modelWarning } from '@xai/models';

export type { ModelSanity } from '@xai/models';
export { modelSanity } from '@xai/models';

/** The loud line for a flagged model (null when nothing is wrong). @since 0.3.0 */
export function sanityWarning(s: ModelSanity, where: string): string | null {
  const w = modelWarning(s, where);
  return w === null
    ? null
    : `${w} Is it fed the input space it was trained on? (--model-input raw|scaled; a model file with a preprocessing block uses its own)`;
}
