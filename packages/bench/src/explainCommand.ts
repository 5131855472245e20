import type { Command } from 'commander';
import type { CliIo } from './runCli';

interface ExplainFlags { model: string; instances: string; method: string; train?: string; label?: string; preset?: string; seed?: string; out: string }

/** `xai explain`. @since 0.1.0 */
export function explainCommand(program: Command, io: CliIo): Command {
  return program.command('explain')
    .description("Explain a model's predictions on a CSV of instances with one method; write attributions (JSON, or CSV if --out ends in .csv).")
    .requiredOption('--model <file>', "an 'xai-model@1' JSON (from xai train)")
    .requiredOption('--instances <csv>', 'features to explain (header row; same columns as the model was trained on)')
    .requiredOption('--method <id>', 'control, grad, sg, ig, itg, shap or lime')
    .requiredOption('--out <file>', 'attributions: .json ({"method","preset","attributions":[[…]]}) or .csv')
    .option('--train <csv>', 'training features: the IG baseline (mean) and the KernelSHAP background')
    .option('--label <column>', 'a column to drop from the CSVs (e.g. the label)')
    .option('--preset <name>', 'default | openxai | paper [default]')
    .option('--seed <n>', 'seed of the stochastic explainers [0]')
    .addHelpText('after', `
Examples:
  $ xai explain --model models/synthetic-ann.json --instances x.csv --method lime --out lime.json
  $ xai explain --model lr.json --instances x.csv --method ig --train train.csv --preset openxai --out ig.csv
`)
    .action(async (f: ExplainFlags) => {
      const [{ resolveBenchConfig }, { explainInstances }, { writeAttributions }] = await Promise.all([import('./benchConfig'), import('./explainInstances'), import('./attributionsFile')]);
      const c = resolveBenchConfig({}, { preset: f.preset, seed: f.seed });
      const r = explainInstances({ model: f.model, instances: f.instances, method: f.method, ...(f.train ? { train: f.train } : {}), ...(f.label ? { label: f.label } : {}), preset: c.preset, seed: c.seed });
      writeAttributions(f.out, { method: f.method, preset: c.preset, seed: c.seed, features: r.names, attributions: r.attributions });
      io.out(`explained ${r.x.rows} instances with ${f.method} (${c.preset}) -> ${f.out}\n`);
    });
}
