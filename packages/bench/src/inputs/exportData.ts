import { join } from 'node:path';
import { XaiError, checkOptions } from '@xai/core';
import type { Dataset } from '@xai/core';
import { exportDataset, loadDataset } from '@xai/data/node';
import type { DatasetName, ExportedSchema } from '@xai/data/node';
import { generateSynthGauss, synthGaussPreset } from '@xai/synth';
import type { PresetName } from '../config/ids.js';
import { DATASETS } from '../config/ids.js';
import { protocolPreset } from '../config/presetStages.js';
import type { UserDataSpec } from './userBenchDataset.js';
import { loadUserBenchDataset } from './userBenchDataset.js';

export interface ExportDataOptions {
  readonly preset: PresetName;
  readonly dataDir: string;
  readonly cacheDir: string;
  readonly download: boolean;
  readonly seed: number;
  readonly overwrite?: boolean;
}

/**
 * `xai data export <name> --out dir` (or `--data my.csv --label y`): writes the processed
 * splits the bench trains on — `train.csv`, `validation.csv`, `test.csv` (scaled model
 * inputs + label), ground truth where known (synthetic), and `schema.json` with the
 * preprocessing block — through `@xai/data`'s `exportDataset`. The same loaders as
 * `xai bench` / `xai train`, so the files are exactly what a model saw.
 * @example await exportData('compas', 'out/compas', { preset: 'default', dataDir, cacheDir, download: false, seed: 0 })
 * @since 0.2.0
 */
export async function exportData(source: string | UserDataSpec, dir: string, options: ExportDataOptions): Promise<ExportedSchema> {
  checkOptions(options, ['preset', 'dataDir', 'cacheDir', 'download', 'seed', 'overwrite'], 'exportData');
  const overwrite = options.overwrite ?? false;
  let ds: Dataset;
  if (typeof source !== 'string') ds = (await loadUserBenchDataset(source, { seed: options.seed })).user;
  else if (source === 'synthetic') ds = generateSynthGauss(synthGaussPreset(protocolPreset(options.preset)));
  else if ((DATASETS as readonly string[]).includes(source)) {
    ds = await loadDataset(source as DatasetName, {
      dataDir: options.dataDir,
      cacheDir: join(options.cacheDir, 'datasets'),
      preset: protocolPreset(options.preset),
      download: options.download,
      seed: options.seed,
    });
  } else {
    throw new XaiError(
      'BAD_OPTION',
      `unknown dataset ${JSON.stringify(source)} (choose from ${DATASETS.join(', ')}, or give --data my.csv --label y)`,
      { fn: 'xai data export', arg: '<name>', value: source },
    );
  }
  return exportDataset(ds, dir, { overwrite });
}
