import type { Command } from 'commander';
import type { CliIo } from './runCli';

/** `xai report <dir>`: rebuild the reports from saved results. @since 0.1.0 */
export function reportCommand(program: Command, io: CliIo): Command {
  return program
    .command('report')
    .description('Rebuild summary.json, summary.csv, report.md and report.html from saved results (no recomputation).')
    .argument('<dir>', 'a bench output folder (holding results.jsonl and manifest.json)')
    .option('--layout <name>', "default | paper (also report-paper.md and paper.csv: OpenXAI tables 2–5) [the run's]")
    .option('--allow-partial', 'report damaged results (CRC-corrupt or torn lines) anyway; every page then says what is missing')
    .addHelpText(
      'after',
      `
Examples:
  $ xai report xai-results
  $ xai report merged && open merged/report.html
  $ xai report xai-results --layout paper          # + report-paper.md, paper.csv (OpenXAI tables 2–5)
  $ xai report damaged-run --allow-partial        # a CRC-corrupt line is otherwise an error naming file:line
`,
    )
    .action(async (dir: string, flags: { allowPartial?: boolean; layout?: string }) => {
      const [{ rebuildReports }, { parseLayout }] = await Promise.all([import('./rebuildReports'), import('./benchConfig')]);
      const r = await rebuildReports(dir, {
        allowPartial: flags.allowPartial === true,
        ...(flags.layout !== undefined ? { layout: parseLayout(flags.layout) } : {}),
      });
      io.out(
        `rebuilt ${r.partial ? 'PARTIAL ' : ''}reports from ${r.rows} rows${r.incompleteLines > 0 ? ` (${r.incompleteLines} damaged or partial lines left out, listed in the reports)` : ''}: ${dir}/report.md, ${dir}/report.html\n`,
      );
    });
}
