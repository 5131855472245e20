import type { Command } from 'commander';
import type { CliIo } from './runCli';

/** `xai report <dir>`: rebuild the reports from saved results. @since 0.1.0 */
export function reportCommand(program: Command, io: CliIo): Command {
  return program.command('report')
    .description('Rebuild summary.json, summary.csv, report.md and report.html from saved results (no recomputation).')
    .argument('<dir>', 'a bench output folder (holding results.jsonl and manifest.json)')
    .addHelpText('after', `
Examples:
  $ xai report xai-results
  $ xai report merged && open merged/report.html
`)
    .action(async (dir: string) => {
      const { rebuildReports } = await import('./rebuildReports');
      const r = await rebuildReports(dir);
      io.out(`rebuilt reports from ${r.rows} rows${r.incompleteLines > 0 ? ` (${r.incompleteLines} torn or partial lines ignored)` : ''}: ${dir}/report.md, ${dir}/report.html\n`);
    });
}
