// The feature count: declared by the graph, given as the inputDim option (checked against
// what the graph says), else the imported first layer's width.
import { XaiError, intOption } from '@xai/core';
import type { GraphIndex } from '../graph.js';

/** `importedDim` is the imported MLP's first layer width, when the graph imported. */
export function inputDim(g: GraphIndex, option: number | undefined, importedDim: number | undefined, file: string, fn: string): number {
  const declared = g.input.shape?.[1];
  let d = typeof declared === 'number' ? declared : undefined;
  if (option !== undefined) {
    intOption(option, fn, 'inputDim', { min: 1 });
    const known = d ?? importedDim;
    if (known !== undefined && known !== option)
      throw new XaiError('SHAPE_MISMATCH', `${file}: inputDim ${option} given but the graph takes ${known} features`, {
        fn,
        arg: 'inputDim',
        file,
        value: option,
      });
    d = option;
  }
  d ??= importedDim;
  if (d === undefined)
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: input '${g.input.name}' has a dynamic feature dimension (${String(g.input.shape?.[1])}); pass the feature count as the inputDim option`,
      { fn, arg: 'inputDim', file },
    );
  return d;
}
