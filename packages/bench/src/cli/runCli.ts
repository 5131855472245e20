import { Command, CommanderError } from 'commander';
import { isXaiError } from '@xai/core';
import { auditCommand } from './auditCommand.js';
import { benchCommand } from './benchCommand.js';
import { dataCommand } from './dataCommand.js';
import { evaluateCommand } from './evaluateCommand.js';
import { explainCommand } from './explainCommand.js';
import { mergeCommand } from './mergeCommand.js';
import { reportCommand } from './reportCommand.js';
import { trainCommand } from './trainCommand.js';
import { withOnnxRuntimeInstallHint } from '../system/onnxRuntimeInstall.js';
import { BENCH_VERSION } from '../system/version.js';
import { type CliIo, EXIT, errorLine } from './cliIo.js';

export { type CliIo, EXIT, errorLine } from './cliIo.js';

/**
 * The `xai` program: bench, merge, report, data, train, explain, evaluate, audit.
 * @since 0.1.0
 */
export function createProgram(io: CliIo): Command {
  const program = new Command('xai')
    .description('Evaluate explanation methods (an OpenXAI-class benchmark) and audit benchmarks for shortcuts.')
    .version(BENCH_VERSION, '-V, --version')
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err, outputError: () => {} });
  program.addHelpText(
    'after',
    `
Examples:
  $ xai bench                                   # synthetic data, LR + ANN, 7 explainers, 11 metrics
  $ xai bench --datasets all --full --out full  # every dataset found, 1000 instances (OpenXAI protocol)
  $ xai bench --shard 2/4 --out part2           # one quarter of the units; then: xai merge part1 part2 part3 part4 --out all
  $ xai report xai-results                      # rebuild the reports from saved results
  $ xai data list                               # datasets found, rows, features, label balance, hash
`,
  );
  benchCommand(program, io);
  mergeCommand(program, io);
  reportCommand(program, io);
  dataCommand(program, io);
  trainCommand(program, io);
  explainCommand(program, io);
  evaluateCommand(program, io);
  auditCommand(program, io);
  return program;
}

/**
 * Runs the CLI on `argv` (as `process.argv`). Every error becomes one line on stderr and a
 * non-zero exit code (2 for usage and configuration errors, 1 otherwise); never a stack trace.
 * @since 0.1.0
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) },
): Promise<number> {
  const program = createProgram(io);
  try {
    await program.parseAsync([...argv]);
    return EXIT.ok;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return EXIT.ok;
      // `xai` with no command prints the help to stderr: a usage error, already explained.
      if (e.code === 'commander.help') return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
      // commander.executeSubCommandAsync etc. never happen here; everything else is a usage error.
      io.err(`xai: ${errorLine(e)}\n`);
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    io.err(`xai: ${errorLine(withOnnxRuntimeInstallHint(e))}\n`);
    return isXaiError(e, 'BAD_OPTION') ? EXIT.usage : EXIT.failure;
  }
}
