// The batched gradient pass shared by Gradient and Gradient x Input.
import type { ExplainOptions, Matrix, Model, OutputSpace } from '@xai/core';
import { gradientRows, requireGradient } from './modelCalls.js';
import { prepareBatch } from './prepareBatch.js';

export const OUTPUT_SPACES: readonly OutputSpace[] = ['probability', 'logit'];

export function explainGradients(
  fn: string,
  model: Model,
  x: Matrix,
  explainOptions: ExplainOptions | undefined,
  config: { output: OutputSpace; batchRows: number },
  timesInput: boolean,
): Matrix {
  const b = prepareBatch(fn, model, x, explainOptions, config.batchRows);
  const dm = requireGradient(b.model, fn);
  const out = gradientRows(dm, { rows: b.n, cols: b.d, data: b.x }, b.targets, config.output, fn, config.batchRows);
  if (timesInput) {
    const g = out.data;
    for (let k = 0; k < g.length; k++) g[k] = g[k]! * b.x[k]!;
  }
  return out;
}
