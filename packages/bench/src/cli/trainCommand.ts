import type { Command } from 'commander';
import type { CliIo } from './cliIo.js';
import type { ModelName } from '../config/ids.js';
import { addSettings } from './settingOptions.js';
import type { FlagsOf } from '../config/settings.js';

type TrainFlags = FlagsOf<'train'>;

/** `xai train`. @since 0.1.0 */
export function trainCommand(program: Command, io: CliIo): Command {
  const command = program
    .command('train')
    .description('Train LR and/or ANN on datasets and save them (xai-model@1 JSON) with a manifest of accuracies.');
  return addSettings(command, 'train')
    .addHelpText(
      'after',
      `
Examples:
  $ xai train --out models                      # synthetic: models/synthetic-lr.json, synthetic-ann.json, models.json
  $ xai train --datasets adult,german --models ann --preset openxai --out models
  $ xai train --data my.csv --label y --out models    # models/my-lr.json, my-ann.json (with preprocessing)
Every saved model carries its preprocessing (feature names, kinds, fitted scaler, label classes):
xai explain / evaluate apply it to raw CSV rows, matching columns by name.
`,
    )
    .action((flags: TrainFlags) => runTrain(flags, io));
}

async function runTrain(flags: TrainFlags, io: CliIo): Promise<void> {
  const [{ configFlags, resolveCommandConfig }, { trainModels }, { availableDatasets }, { isPeerPreset, protocolPreset }] =
    await Promise.all([
      import('./commandConfig.js'),
      import('../inputs/trainModels.js'),
      import('@xai/data/node'),
      import('../config/presetStages.js'),
    ]);
  const c = resolveCommandConfig('train', { flags: { ...configFlags('train', flags), out: flags.out ?? 'models' } });
  if (isPeerPreset(c.preset))
    io.err(
      `xai: note: --preset ${c.preset} sets only the explainers and the extended metrics; xai train's data and models use the ${protocolPreset(c.preset)} preset (as xai bench --preset ${c.preset} does), recorded in models.json\n`,
    );
  const datasets = c.datasets.includes('all')
    ? ['synthetic', ...availableDatasets({ dataDir: c.dataDir, cacheDir: `${c.cacheDir}/datasets` })]
    : [...c.datasets];
  const entries = await trainModels({
    datasets,
    models: c.models as ModelName[],
    preset: c.preset,
    seed: c.seed,
    dataDir: c.dataDir,
    cacheDir: c.cacheDir,
    download: c.download,
    out: c.out,
    userData: c.userData,
    force: flags.force === true,
    log: (l) => io.out(`${l}\n`),
    warn: (w) => io.err(`xai: warning: ${w}\n`),
  });
  for (const e of entries) {
    const acc = e.accuracy as { test?: number | null; validation?: number | null } | null;
    io.out(
      `${e.dataset}/${e.model}: test accuracy ${acc?.test?.toFixed(3) ?? '?'}, validation ${acc?.validation?.toFixed(3) ?? '—'}${e.cached ? ' (from cache)' : ''} -> ${c.out}/${e.file}\n`,
    );
  }
  io.out(`manifest: ${c.out}/models.json\n`);
}
