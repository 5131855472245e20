// The background sample a model file from `xai train` keeps (`metadata.background`): training rows
// in the model's input space, so `xai explain --instances` runs IG, KernelSHAP and LIME without --train.
import type { Matrix } from '@xai/core';
import { XaiError, describeValue, matrix, substream } from '@xai/core';

/** Training rows a model file keeps as its background. */
export const BACKGROUND_ROWS = 100;

/** `metadata.background` of a model file: rows of model inputs and where they came from. */
export interface ModelBackground {
  readonly rows: number[][];
  readonly source: string;
}

/**
 * A seeded sample of `BACKGROUND_ROWS` training rows (all of them when fewer), in file order.
 * @example backgroundOf(ds.train.x, 0, 'adult') // { rows: [[…], …], source: 'a seeded sample of 100 of the 29305 adult train rows (model inputs)' }
 * @since 0.3.0
 */
export function backgroundOf(train: Matrix, seed: number, dataset: string): ModelBackground {
  const k = Math.min(BACKGROUND_ROWS, train.rows);
  const picked = Array.from(substream(seed, 'model-background', dataset).choice(train.rows, k)).sort((a, b) => a - b);
  const rows = picked.map((i) => Array.from(train.data.subarray(i * train.cols, (i + 1) * train.cols)));
  const source = k === train.rows ? `the ${k} ${dataset} train rows` : `a seeded sample of ${k} of the ${train.rows} ${dataset} train rows`;
  return { rows, source: `${source} (model inputs)` };
}

/**
 * The background rows a model file keeps, or undefined when it keeps none; a malformed block is
 * BAD_INPUT naming the file and the field.
 * @since 0.3.0
 */
export function modelBackground(model: { readonly inputDim: number; readonly metadata?: unknown }, file: string): Matrix | undefined {
  const meta = model.metadata as { background?: { rows?: unknown } } | undefined;
  if (meta?.background === undefined) return undefined;
  const rows = meta.background.rows;
  const d = model.inputDim;
  const bad = (where: string, v: unknown): never => {
    throw new XaiError(
      'BAD_INPUT',
      `${file}: metadata.background.rows${where}: expected rows of ${d} finite numbers, got ${describeValue(v)}`,
      {
        fn: 'xai',
        arg: `metadata.background.rows${where}`,
        value: v,
        file,
      },
    );
  };
  if (!Array.isArray(rows) || rows.length === 0) return bad('', rows);
  const data = new Float64Array((rows as unknown[]).length * d);
  (rows as unknown[]).forEach((r, i) => {
    if (!Array.isArray(r) || r.length !== d) bad(`[${i}]`, r);
    (r as unknown[]).forEach((v, j) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) bad(`[${i}][${j}]`, v);
      data[i * d + j] = v as number;
    });
  });
  return matrix(rows.length, d, data);
}
