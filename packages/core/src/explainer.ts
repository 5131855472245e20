import type { Matrix } from './matrix.js';
import type { Model } from './model.js';

export interface ExplainOptions {
  /** Class to explain for each row. @defaultValue the model's predicted class */
  readonly targets?: Int32Array;
  /**
   * One class to explain on every row: the scalar form of `targets` (give one of the two), e.g.
   * 1 for a binary classifier's positive class, as SHAP does, so signs compare across rows.
   * @defaultValue the model's predicted class, per row
   */
  readonly explainedClass?: number;
  /**
   * Per-row keys of the random sub-streams. @defaultValue a hash of each row's content,
   * so a row's explanation is the same in any batch or worker. The stability metrics
   * pass the anchor's key for its neighbours (common random numbers).
   */
  readonly keys?: ArrayLike<number>;
  /**
   * Per-row position in the batch a reference implementation would explain the row in, for
   * explainers that reproduce a per-call random stream by position (LIME's `numpy-batch`:
   * row p uses the draws of position p of the reseeded stream). Every other explainer ignores
   * it. A runner that splits a batch passes each row's position in the whole batch; the
   * stability metrics pass each neighbour's index among its anchor's neighbours (the released
   * loop explains them in one reseeded call per anchor), so a row's draws never depend on how
   * rows were grouped into calls. @defaultValue 0..n−1 (the call is the batch)
   */
  readonly batchPositions?: ArrayLike<number>;
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
