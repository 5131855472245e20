import type { Matrix } from './matrix.js';
import type { Model } from './model.js';

export interface ExplainOptions {
  /** Class to explain for each row. @defaultValue the model's predicted class */
  readonly targets?: Int32Array;
  /**
   * Per-row keys of the random sub-streams. @defaultValue a hash of each row's content,
   * so a row's explanation is the same in any batch or worker. The stability metrics
   * pass the anchor's key for its neighbours (common random numbers).
   */
  readonly keys?: ArrayLike<number>;
}

/**
 * A feature-attribution method, batch-first: n instances in, an n x d attribution matrix
 * out (row i explains row i). Configuration (seed, samples, baseline) is fixed when the
 * explainer is created, so the same object can be handed to a metric to re-explain.
 */
export interface Explainer {
  /** Short id, e.g. 'grad', 'sg', 'ig', 'itg', 'lime', 'shap', 'control'. */
  readonly id: string;
  explain(model: Model, x: Matrix, options?: ExplainOptions): Matrix;
}
