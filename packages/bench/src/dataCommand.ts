import type { Command } from 'commander';
import type { CliIo } from './runCli';

/** `xai data list`. @since 0.1.0 */
export function dataCommand(program: Command, io: CliIo): Command {
  const data = program.command('data').description('Datasets: list what is available.');
  data.command('list')
    .description('List the built-in synthetic set and every real dataset found: rows, features, label balance, hash.')
    .option('--data-dir <dir>', 'real datasets [../shared/datasets from the repo root if present, else ./data]')
    .option('--cache-dir <dir>', 'download cache [<repo>/node_modules/.cache/xai]')
    .option('--preset <name>', 'default | openxai | paper (scaling and splits differ) [default]')
    .option('--json', 'print JSON instead of a table')
    .addHelpText('after', `
Examples:
  $ xai data list
  $ xai data list --data-dir ~/datasets --json
`)
    .action(async (flags: { dataDir?: string; cacheDir?: string; preset?: string; json?: boolean }) => {
      const [{ resolveBenchConfig }, { listBenchDatasets, formatDatasetTable }] = await Promise.all([import('./benchConfig'), import('./listBenchDatasets')]);
      const c = resolveBenchConfig({}, { dataDir: flags.dataDir, cacheDir: flags.cacheDir, preset: flags.preset });
      const rows = await listBenchDatasets({ dataDir: c.dataDir, cacheDir: c.cacheDir, preset: c.preset });
      io.out(flags.json ? `${JSON.stringify(rows, null, 2)}\n` : formatDatasetTable(rows));
    });
  return data;
}
