import { readFileSync } from 'node:fs';
import type { Matrix, Model, Preprocessing } from '@xai/core';
import { XaiError, checkOptions } from '@xai/core';
import { applyPreprocessing, looksUnscaled, readFeatureCsvSync } from '@xai/data/node';

/** Raw CSV rows turned into a model's inputs, and what was off about them. */
export interface ModelRows {
  /** Model inputs (scaled, one-hot expanded when the model carries its preprocessing). */
  readonly x: Matrix;
  /** Model input column names. */
  readonly names: readonly string[];
  /** True when the model's preprocessing block was applied. */
  readonly preprocessed: boolean;
  /** Rows outside the training range by more than the margin (0 without a preprocessing block). */
  readonly outOfRangeRows: number;
  /** Lines for the output and the report: out-of-range rows, unknown categories, unscaled-looking input. */
  readonly warnings: readonly string[];
}

export interface ReadModelRowsOptions {
  /** A column to drop (the label); with a preprocessing block, its own label column is always allowed. */
  readonly label?: string | undefined;
  /** The command, for messages (`explain`, `evaluate`). */
  readonly what: string;
  /** Out-of-range margin, as a fraction of each column's training range. @defaultValue 0.1 */
  readonly margin?: number;
}

/**
 * Reads a CSV of instances for a model. A model that carries its preprocessing
 * (`model.preprocessing`, saved by `xai train`) gets raw rows: columns matched by name (a
 * missing or extra column is BAD_INPUT naming it), categories one-hot expanded, the fitted
 * scaler applied, out-of-range rows counted and warned about. A model without the block gets
 * the file's columns as they are (the width must match), and a warning when they look unscaled.
 * @example const { x, warnings } = readModelRows('raw.csv', model, { what: 'explain' })
 * @since 0.2.0
 */
export function readModelRows(
  path: string,
  model: Model & { readonly preprocessing?: Preprocessing | undefined },
  options: ReadModelRowsOptions,
): ModelRows {
  checkOptions(options, ['label', 'what', 'margin'], 'readModelRows');
  const { label, what, margin = 0.1 } = options;
  const p = model.preprocessing;
  if (p !== undefined) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'error';
      throw new XaiError(code === 'ENOENT' ? 'NOT_FOUND' : 'IO_ERROR', `cannot read ${path} (${code})`, {
        fn: `xai ${what}`,
        arg: path,
        value: path,
        file: path,
      });
    }
    const ignore = label !== undefined && label !== p.label?.name ? [label] : [];
    const r = applyPreprocessing(bytes, p, { file: path, margin, ignore });
    return { x: r.x, names: r.names, preprocessed: true, outOfRangeRows: r.outOfRange.rows, warnings: r.warnings };
  }
  const t = readFeatureCsvSync(path, { drop: label ? [label] : [] });
  if (t.x.cols !== model.inputDim) {
    throw new XaiError(
      'SHAPE_MISMATCH',
      `${path} has ${t.x.cols} feature columns (${t.names.slice(0, 6).join(', ')}${t.names.length > 6 ? ', …' : ''}) but the model takes ${model.inputDim}${label ? '' : '; drop a label column with --label <name>'}`,
      { fn: `xai ${what}`, arg: path, value: t.x.cols },
    );
  }
  const w = looksUnscaled(t.x, { featureNames: t.names });
  return { x: t.x, names: t.names, preprocessed: false, outOfRangeRows: 0, warnings: w === undefined ? [] : [`${path}: ${w}`] };
}
