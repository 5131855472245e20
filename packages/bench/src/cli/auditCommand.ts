import type { Command } from 'commander';
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
      `
Options (passed to @xai/audit):
  --adapter demo|jsonl|csv   where the items come from (required)
  --blind <file> --labels <file>   jsonl: items without answers + answers, joined by id
  --file <csv> [--test <csv>] --label <column>   csv: a tabular dataset with a label column
  --data <csv> --label <column> [--test <csv>]   the same as --adapter csv --file <csv> (the flags of train/bench)
  --adapter jsonl|csv --file <f> --text a,b --label <field> [--id <field>] [--test <f>]
                             a classification corpus: each text field alone (bag-of-words), the ids (dotted paths in JSONL)
  --text candidates,query    jsonl multiple choice: bag-of-words probes on these parts, added to the eight
  --features words|chars|words+chars   n-grams of the bag-of-words probes (default words: unigrams + bigrams)
  --encoding latin1|utf-16le|...   input encoding (default: strict UTF-8; an invalid byte is an error)
  --cue position|case|length|echo|...   demo: the cue injected into the second corpus (none = clean only)
  --rebuilds <n>             demo: rebuild the corpus n times and print the envelope (ranges)
  --permutations <n> --seed <n> --probes a,b,c --markdown --json --fail-on-fire

Examples:
  $ xai audit --adapter demo
  $ xai audit --adapter demo --cue length --sign shortest --rebuilds 20
  $ xai audit --adapter jsonl --blind traces_blind.jsonl --labels traces_labels.jsonl --markdown
  $ xai audit --adapter csv --file ../shared/datasets/adult/adult-train.csv --label income
  $ xai audit --data my.csv --label y
  $ xai audit --adapter jsonl --file snli_dev.jsonl --text sentence1,sentence2 --label gold_label --id pairID
`,
    )
    .action(async (given: string[]) => {
      // --data my.csv (the other commands' flag) = --adapter csv --file my.csv
      const i = given.indexOf('--data');
      const args =
        i < 0
          ? given
          : [...(given.includes('--adapter') ? [] : ['--adapter', 'csv']), ...given.slice(0, i), '--file', ...given.slice(i + 1)];
      const { runAuditCommand } = await import('@xai/audit/node');
      const r = await runAuditCommand(args);
      io.out(args.includes('--json') ? `${JSON.stringify(r.json, null, 2)}\n` : r.text.endsWith('\n') ? r.text : `${r.text}\n`);
      if (r.exitCode !== 0) process.exitCode = r.exitCode;
    });
}
