import type { Command } from 'commander';
import type { CliIo } from './cliIo.js';
import { addSettings } from './settingOptions.js';

/** `xai merge <dirs…>`: combine shard outputs. @since 0.1.0 */
export function mergeCommand(program: Command, io: CliIo): Command {
  const command = program
    .command('merge')
    .description(
      'Merge the shards of one run into results identical to a single run, or runs of the same data, models and preset that computed different cells (other explainers, metrics or instance counts); a cell computed twice with different values is refused, naming it.',
    )
    .argument('<dirs...>', 'bench output folders (shards from xai bench --shard i/n, or complete runs)');
  return addSettings(command, 'merge')
    .addHelpText(
      'after',
      `
Examples:
  $ xai merge shard-1 shard-2 shard-3 --out merged
  $ xai merge results/shard-* --out results/all
  $ xai merge faithfulness stability --out protocol   # e.g. --full --metrics PRA,RC,FA,RA,SA,SRA,PGU,PGI, then --metrics RIS,RRS,ROS --instances 100
`,
    )
    .action(async (dirs: string[], flags: { out: string; force?: boolean }) => {
      const { mergeRuns } = await import('../results/mergeRuns.js');
      const { manifest } = await mergeRuns(dirs, flags.out, { argv: process.argv.slice(2), force: flags.force === true });
      io.out(`merged ${dirs.length} folders: ${manifest.completeUnits} units -> ${flags.out}/results.jsonl, report.md, report.html\n`);
    });
}
