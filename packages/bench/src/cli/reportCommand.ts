import type { Command } from 'commander';
import type { CliIo } from './cliIo.js';
import { addSettings } from './settingOptions.js';

/** `xai report <dir>`: rebuild the reports from saved results. @since 0.1.0 */
export function reportCommand(program: Command, io: CliIo): Command {
  const command = program
    .command('report')
    .description('Rebuild summary.json, summary.csv, report.md and report.html from saved results (no recomputation).')
    .argument('<dir>', 'a bench output folder (holding results.jsonl and manifest.json)');
  return addSettings(command, 'report')
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
    .action(async (dir: string, flags: { allowPartial?: boolean; layout?: string; out?: string; force?: boolean }) => {
      const [{ rebuildReports }, { parseLayout }] = await Promise.all([
        import('../report/rebuildReports.js'),
        import('../config/benchConfig.js'),
      ]);
      const r = await rebuildReports(dir, {
        allowPartial: flags.allowPartial === true,
        ...(flags.layout !== undefined ? { layout: parseLayout(flags.layout) } : {}),
        ...(flags.out !== undefined ? { out: flags.out } : {}),
        force: flags.force === true,
      });
      const left = [
        ...(r.incompleteLines > 0
          ? [`${r.incompleteLines} damaged lines or lines of incomplete units left out (listed in the reports)`]
          : []),
        ...(r.duplicateLines > 0 ? [`${r.duplicateLines} repeated lines ignored`] : []),
      ];
      const to = flags.out ?? dir;
      io.out(
        `rebuilt ${r.partial ? 'PARTIAL ' : ''}reports from ${r.rows} rows${left.length > 0 ? ` (${left.join('; ')})` : ''}: ${to}/report.md, ${to}/report.html\n`,
      );
    });
}
