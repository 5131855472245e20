import type { Dataset, Preprocessing } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';
import type { LoadedDataset } from './loadedDataset.js';
import type { UserDataset } from './parseUserDataset.js';

/**
 * The `Preprocessing` block of a dataset, for a model trained on it to carry: a user
 * dataset's own; for a registry dataset its columns, kinds, one-hot groups, the scaler
 * fitted on train (under `per-file` scaling, the train file's) and the label with classes
 * ['0', '1']; for any other `Dataset` (SynthGauss: features used as they are, label
 * 'target') no scaling.
 * @example const p = datasetPreprocessing(await loadDataset('compas'))
 * @since 0.2.0
 */
export function datasetPreprocessing(dataset: Dataset): Preprocessing {
  const fn = 'datasetPreprocessing';
  if (dataset === null || typeof dataset !== 'object' || !dataset.schema)
    throw new XaiError('BAD_INPUT', `expected a Dataset, got ${describeValue(dataset)}`, { fn, arg: 'dataset', value: dataset });
  const user = dataset as Partial<UserDataset>;
  if (user.preprocessing) return user.preprocessing;
  const { names, kinds, groups } = dataset.schema;
  const loaded = dataset as Partial<LoadedDataset>;
  const classes = Array.from({ length: dataset.classes }, (_, k) => String(k));
  const scaler: Preprocessing['scaler'] =
    loaded.scaler && loaded.provenance?.scaling !== 'none'
      ? { kind: 'min-max', min: Array.from(loaded.scaler.min), max: Array.from(loaded.scaler.max) }
      : { kind: 'none' };
  return {
    features: [...names],
    kinds: [...kinds],
    ...(groups.length > 0 ? { groups: groups.map((g) => [...g]) } : {}),
    scaler,
    // SynthGauss files name the label 'target' (the released layout).
    label: {
      name:
        loaded.info?.label ??
        ((dataset as { manifest?: { generator?: string } }).manifest?.generator === 'synthgauss' ? 'target' : 'label'),
      classes,
    },
    task: 'classification',
  };
}
