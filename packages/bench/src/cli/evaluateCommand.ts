import type { Command } from 'commander';
import type { CliIo } from './cliIo.js';
import { addSettings } from './settingOptions.js';
import type { FlagsOf } from '../config/settings.js';

/** The flags of `xai evaluate` as commander parses them (from the settings table). */
export type EvaluateFlags = FlagsOf<'evaluate'>;

/** `xai evaluate`: its flags and help from the settings table; the engines load when it runs. @since 0.1.0 */
export function evaluateCommand(program: Command, io: CliIo): Command {
  const command = program
    .command('evaluate')
    .description('Score attributions with one metric: per-instance values, mean, SE and undefined instances.');
  return addSettings(command, 'evaluate')
    .addHelpText(
      'after',
      `
Examples:
  $ xai evaluate --model lr.json --instances x.csv --attributions grad.json --metric FA
  $ xai evaluate --model lr.json --instances x.csv --attributions grad.json --metric FA --out fa.json
  $ xai evaluate --model ann.json --instances x.csv --attributions lime.json --metric RIS --method lime --stability-neighbours 20
`,
    )
    .action(async (f: EvaluateFlags) => (await import('./evaluateRun.js')).runEvaluate(f, io));
}
