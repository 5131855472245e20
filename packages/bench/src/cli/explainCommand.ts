import type { Command } from 'commander';
import type { CliIo } from './cliIo.js';
import { addSettings } from './settingOptions.js';
import type { FlagsOf } from '../config/settings.js';

/** The flags of `xai explain` as commander parses them (from the settings table). */
export type ExplainFlags = FlagsOf<'explain'>;

/** `xai explain`: its flags and help from the settings table; the engines load when it runs. @since 0.1.0 */
export function explainCommand(program: Command, io: CliIo): Command {
  return explainOptions(program.command('explain')).action(async (f: ExplainFlags) => (await import('./explainRun.js')).runExplain(f, io));
}

/** The description, flags and examples of `xai explain`. */
function explainOptions(command: Command): Command {
  return addSettings(
    command.description(
      "Explain a model's predictions on a CSV of instances with one method; write attributions (JSON, or CSV if --out ends in .csv).",
    ),
    'explain',
  ).addHelpText(
    'after',
    `
Examples:
  $ xai explain --model models/synthetic-ann.json --instances x.csv --method lime --out lime.json
  $ xai explain --model lr.json --instances x.csv --method ig --train train.csv --preset openxai --out ig.csv
  $ xai explain --model models/compas-ann.json --instances compas-test.csv --method grad --out g.json   # raw rows: scaled by the model's block
  $ xai explain --model my.onnx --data my.csv --label y --method ig --out ig.json
  $ xai explain --model xgb.json --instances x.csv --method treeshap --out a.json   # an XGBoost JSON model
  $ xai explain --model rf.onnx --instances x.csv --method treeshap --train train.csv --tree-shap interventional --out a.json
  $ xai explain --model xgb.json --instances x.csv --method treeshap --interactions --out a.json   # also "interactions": rows x d x d
`,
  );
}
