import { XaiError, describeValue } from '@xai/core';
import type { LossSpec } from './mlpCore.js';

/** Validates class weights (one finite non-negative value per class) into a LossSpec. */
export function lossSpec(
  fn: string,
  classes: number,
  classWeights: ArrayLike<number> | null | undefined,
  doubleSoftmax: boolean | undefined,
): LossSpec {
  let cw: Float64Array | null = null;
  if (classWeights !== null && classWeights !== undefined) {
    if (typeof classWeights !== 'object' || classWeights.length !== classes) {
      throw new XaiError('BAD_OPTION', `classWeights must hold one weight per class (${classes}), got ${describeValue(classWeights)}`, {
        fn,
        arg: 'classWeights',
        value: classWeights,
      });
    }
    cw = Float64Array.from(classWeights);
    for (let j = 0; j < classes; j++) {
      if (!Number.isFinite(cw[j]!) || cw[j]! < 0)
        throw new XaiError('BAD_OPTION', `classWeights[${j}] is ${describeValue(cw[j])}, expected a finite value >= 0`, {
          fn,
          arg: 'classWeights',
          value: cw[j],
        });
    }
  }
  return { classWeights: cw, doubleSoftmax: doubleSoftmax === true };
}
