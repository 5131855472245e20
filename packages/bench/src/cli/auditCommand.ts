import type { Command } from 'commander';
import { auditFlagHelp } from '@xai/audit/auditFlags';
import type { CliIo } from './cliIo.js';

/** `xai audit`: the shortcut audit of @xai/audit, its arguments passed through. @since 0.1.0 */
export function auditCommand(program: Command, io: CliIo): Command {
  return program
    .command('audit')
    .description('Audit a labelled benchmark for shortcuts: surface-rule probes scored against permuted-label nulls (@xai/audit).')
    .argument('[args...]', 'audit options (below)')
    .allowUnknownOption()
    .helpOption('-h, --help', 'display help for command')
    .addHelpText(
      'after',
      () => `
Options (passed to @xai/audit; [modes] = where a flag applies, anywhere else it is an error):
${auditFlagHelp([{ flag: '--data <csv>', help: 'the same as --adapter csv --file <csv> (the flag of train/bench)' }])}

Examples:
  $ xai audit --adapter demo
  $ xai audit --adapter demo --cue length --sign shortest --rebuilds 20
  $ xai audit --adapter jsonl --blind traces_blind.jsonl --labels traces_labels.jsonl --markdown
  $ xai audit --adapter csv --file ../shared/datasets/adult/adult-train.csv --label income
  $ xai audit --data my.csv --label y
  $ xai audit --adapter jsonl --file snli_dev.jsonl --text sentence1,sentence2 --label gold_label --id pairID
  $ xai audit --adapter csv --file arct_test.tsv --candidates warrant0,warrant1 --answer correctLabelW0orW1 --query reason,claim --id '#id'
  $ xai audit --adapter jsonl --file copa.jsonl --candidates choice1,choice2 --answer label --query premise --text candidates --out copa.md
`,
    )
    .action(async (given: string[]) => {
      const args = expandDataFlag(given);
      const { runAuditCommand } = await import('@xai/audit/node');
      const r = await runAuditCommand(args);
      io.out(args.includes('--json') ? `${JSON.stringify(r.json, null, 2)}\n` : r.text.endsWith('\n') ? r.text : `${r.text}\n`);
      if (r.out !== undefined) io.err(`audit report written to ${r.out}\n`);
      if (r.exitCode !== 0) process.exitCode = r.exitCode;
    });
}

/** `--data my.csv` or `--data=my.csv` (the other commands' flag) = `--adapter csv --file my.csv` (any given --adapter kept). */
function expandDataFlag(given: readonly string[]): string[] {
  const i = given.findIndex((a) => a === '--data' || a.startsWith('--data='));
  if (i < 0) return [...given];
  const flag = given[i]!;
  const inline = flag === '--data' ? [] : [flag.slice('--data='.length)];
  const adapter = given.some((a) => a === '--adapter' || a.startsWith('--adapter=')) ? [] : ['--adapter', 'csv'];
  return [...adapter, ...given.slice(0, i), '--file', ...inline, ...given.slice(i + 1)];
}
