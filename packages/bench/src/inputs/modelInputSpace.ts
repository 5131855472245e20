import type { ColumnScaler, Matrix, Preprocessing } from '@xai/core';
import { XaiError } from '@xai/core';
import { minMaxScalerFromJson } from '@xai/data';
import type { BenchDataset } from './loadBenchDataset.js';
import type { UserBenchDataset } from './userBenchDataset.js';
import type { ChoiceOf } from '../config/settings.js';

/** What an external model (ONNX, JSON without a preprocessing block) eats: the `--model-input` row's choices. */
export type ModelInput = ChoiceOf<'modelInput'>;

/**
 * The input space a model saw:
 * - `dataset`: a registry or synthetic dataset's columns as loaded (already in [0, 1]);
 * - `scaled`: a user CSV's model columns min-max scaled on its training rows (the built-in models' space);
 * - `raw`: a user CSV's model columns as given (numbers unscaled, text one-hot expanded);
 * - `own`: a model file's own preprocessing block applied to the raw model columns.
 */
export type InputSpaceName = 'dataset' | 'scaled' | 'raw' | 'own';

/** The rows a model is explained and scored on, in its own input space. */
export interface ModelInputSpace {
  readonly space: InputSpaceName;
  readonly train: Matrix;
  readonly test: Matrix;
  /** One line for the manifest and the report. */
  readonly note: string;
}

function isUser(ds: BenchDataset): ds is UserBenchDataset {
  return (ds as Partial<UserBenchDataset>).user !== undefined;
}

function applyScaler(x: Matrix, scaler: ColumnScaler): Matrix {
  if (scaler.kind === 'none') return x;
  if (scaler.kind === 'min-max')
    return minMaxScalerFromJson({ format: 'xai-minmax@1', min: [...scaler.min], max: [...scaler.max], clip: false }).transform(x);
  const out = new Float64Array(x.rows * x.cols);
  for (let i = 0; i < x.rows; i++)
    for (let j = 0; j < x.cols; j++) {
      const s = scaler.std[j]!;
      out[i * x.cols + j] = (x.data[i * x.cols + j]! - scaler.mean[j]!) / (s > 0 ? s : 1);
    }
  return { rows: x.rows, cols: x.cols, data: out };
}

/** The first position where two column lists differ, for a message that names both sides. */
function columnMismatch(model: readonly string[], data: readonly string[]): string | null {
  const n = Math.max(model.length, data.length);
  for (let j = 0; j < n; j++) {
    if (model[j] !== data[j])
      return `column ${j + 1}: the model has ${JSON.stringify(model[j] ?? '(none)')}, the data ${JSON.stringify(data[j] ?? '(none)')}`;
  }
  return null;
}

/**
 * The feature-space contract of a run: which rows each model eats.
 * - A built-in model (trained by the bench) eats the loader's scaled columns.
 * - A model file with a `preprocessing` block eats what the block says: its scaler applied to
 *   the raw model columns, whose names and order must equal the block's (else BAD_INPUT naming
 *   the first differing column).
 * - Any other model file (ONNX, JSON without the block) eats the columns as the user gave them
 *   (`modelInput` 'raw', the default) or the loader's scaled ones (`modelInput` 'scaled').
 * On a registry or synthetic dataset there is one space: the dataset as loaded.
 * @example const s = modelInputSpace(ds, 'file', model, 'raw') // s.train, s.test, s.note
 * @since 0.3.0
 */
export function modelInputSpace(
  ds: BenchDataset,
  kind: 'trained' | 'file',
  model: { readonly preprocessing?: Preprocessing | undefined },
  modelInput: ModelInput,
): ModelInputSpace {
  if (!isUser(ds)) return { space: 'dataset', train: ds.train.x, test: ds.test.x, note: `${ds.id} as loaded (features in [0, 1])` };
  const scaled: ModelInputSpace = {
    space: 'scaled',
    train: ds.train.x,
    test: ds.test.x,
    note: 'the CSV columns min-max scaled on the training rows',
  };
  if (kind === 'trained') return scaled;
  const own = model.preprocessing;
  const raw = ds.user.raw;
  if (own !== undefined) {
    const diff = columnMismatch(own.features, ds.preprocessing.features);
    if (diff !== null)
      throw new XaiError(
        'BAD_INPUT',
        `the model's preprocessing block does not describe the columns of ${ds.id}: ${diff}; give the model the CSV it was trained on`,
        { fn: 'xai bench', arg: '--model', value: diff },
      );
    return {
      space: 'own',
      train: applyScaler(raw.train, own.scaler),
      test: applyScaler(raw.test, own.scaler),
      note: `the CSV columns through the model's own preprocessing block (${own.scaler.kind} scaler)`,
    };
  }
  if (modelInput === 'scaled') return { ...scaled, note: `${scaled.note} (--model-input scaled)` };
  return { space: 'raw', train: raw.train, test: raw.test, note: 'the CSV columns as given (unscaled; --model-input raw)' };
}
