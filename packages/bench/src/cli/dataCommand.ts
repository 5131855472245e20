import { join } from 'node:path';
import type { Command } from 'commander';
import type { CliIo } from './cliIo.js';
import { addSettings } from './settingOptions.js';
import type { FlagsOf } from '../config/settings.js';

type DataListFlags = FlagsOf<'data list'>;

type DataExportFlags = FlagsOf<'data export'>;

/** `xai data list`. @since 0.1.0 */
export function dataCommand(program: Command, io: CliIo): Command {
  const data = program.command('data').description('Datasets: list what is available; export the processed splits a model is trained on.');
  dataListCommand(data, io);
  dataExportCommand(data, io);
  return data;
}

/** `xai data list`: the built-in set and the real datasets found. */
function dataListCommand(data: Command, io: CliIo): Command {
  const command = data
    .command('list')
    .description('List the built-in synthetic set and every real dataset found: rows, features, label balance, hash.');
  return addSettings(command, 'data list')
    .addHelpText(
      'after',
      `
Examples:
  $ xai data list
  $ xai data list --data-dir ~/datasets --json
`,
    )
    .action((flags: DataListFlags) => runDataList(flags, io));
}

async function runDataList(flags: DataListFlags, io: CliIo): Promise<void> {
  const [{ resolveCommandConfig }, { listBenchDatasets, formatDatasetTable }] = await Promise.all([
    import('./commandConfig.js'),
    import('./listBenchDatasets.js'),
  ]);
  const c = resolveCommandConfig('data list', { flags: { dataDir: flags.dataDir, cacheDir: flags.cacheDir, preset: flags.preset } });
  const rows = await listBenchDatasets({ dataDir: c.dataDir, cacheDir: c.cacheDir, preset: c.preset });
  io.out(flags.json ? `${JSON.stringify(rows, null, 2)}\n` : formatDatasetTable(rows));
}

/** `xai data export`: the processed splits of a named dataset or of `--data`. */
function dataExportCommand(data: Command, io: CliIo): Command {
  const command = data
    .command('export')
    .description(
      'Write the processed splits (scaled model inputs + label, as the bench trains on them) and schema.json (with the preprocessing block).',
    )
    .argument('[name]', 'synthetic or a registry dataset (adult, compas, …); omit with --data');
  return addSettings(command, 'data export')
    .addHelpText(
      'after',
      `
Examples:
  $ xai data export compas --out exported/compas
  $ xai data export synthetic --out exported/synthetic     # + train/test-ground-truth.csv
  $ xai data export --data my.csv --label y --out exported/my
`,
    )
    .action((name: string | undefined, f: DataExportFlags) => runDataExport(name, f, io));
}

async function runDataExport(name: string | undefined, f: DataExportFlags, io: CliIo): Promise<void> {
  const [{ configFlags, resolveCommandConfig }, { exportData }, { XaiError }, { refuseInputAsOutput }] = await Promise.all([
    import('./commandConfig.js'),
    import('../inputs/exportData.js'),
    import('@xai/core'),
    import('../results/refuseOverwrite.js'),
  ]);
  // --out is the export folder here, not a run's output folder
  const c = resolveCommandConfig('data export', { flags: { ...configFlags('data export', f), out: undefined } });
  if ((name === undefined) === (c.userData === null))
    throw new XaiError('BAD_OPTION', 'give a dataset name (synthetic, adult, compas, …) or --data <csv> --label <column>, not both', {
      fn: 'xai data export',
      arg: '<name>',
      value: name,
    });
  const outputs = ['train', 'validation', 'test'].flatMap((split) => [`${split}.csv`, `${split}-ground-truth.csv`]);
  refuseInputAsOutput(
    [...outputs, 'schema.json'].map((file) => ({ flag: '--out', path: join(f.out, file) })),
    (['data', 'test', 'schema'] as const).map((k) => ({ flag: `--${k}`, path: f[k] })),
    'xai data export',
  );
  const schema = await exportData(c.userData ?? name!, f.out, {
    preset: c.preset,
    dataDir: c.dataDir,
    cacheDir: c.cacheDir,
    download: c.download,
    seed: c.seed,
    overwrite: f.force ?? false,
  });
  for (const file of schema.files) io.out(`${f.out}/${file.file}: ${file.rows} rows (${file.split}, ${file.content})\n`);
  io.out(
    `${f.out}/schema.json: ${schema.features.length} model columns, label ${schema.label}${schema.classes ? ` (classes ${schema.classes.join(', ')})` : ''}; ${schema.note}\n`,
  );
}
