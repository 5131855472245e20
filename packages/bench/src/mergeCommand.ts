import type { Command } from 'commander';
import type { CliIo } from './runCli';

/** `xai merge <dirs…>`: combine shard outputs. @since 0.1.0 */
export function mergeCommand(program: Command, io: CliIo): Command {
  return program.command('merge')
    .description('Merge the output folders of the shards of one run into results identical to a single run.')
    .argument('<dirs...>', 'shard output folders (from xai bench --shard i/n --out dir)')
    .requiredOption('--out <dir>', 'where to write the merged results and reports')
    .addHelpText('after', `
Examples:
  $ xai merge shard-1 shard-2 shard-3 --out merged
  $ xai merge results/shard-* --out results/all
`)
    .action(async (dirs: string[], flags: { out: string }) => {
      const { mergeRuns } = await import('./mergeRuns');
      const { manifest } = await mergeRuns(dirs, flags.out, { argv: process.argv.slice(2) });
      io.out(`merged ${dirs.length} folders: ${manifest.completeUnits} units -> ${flags.out}/results.jsonl, report.md, report.html\n`);
    });
}
