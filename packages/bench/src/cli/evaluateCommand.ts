import type { Command } from 'commander';
import { inputDimOf } from './cliHints.js';
import { TREE_SHAP_FLAG_HELP, treeShapAlgorithm } from '../inputs/treeModels.js';
import { writeFileAtomicSync } from '@xai/core/node';
import { evaluationLine } from '../explain/evaluationLine.js';
import { ALLOW_APPROXIMATE_HELP, OUTPUT_FLAG_HELP, outputFlag } from '../inputs/loadCliModel.js';
import type { CliIo } from './cliIo.js';
import {
  DECIMAL_FLAG_HELP,
  ENCODING_FLAG_HELP,
  IGNORE_FLAG_HELP,
  MISSING_FLAG_HELP,
  ignoreSetting,
  userDataFromFlags,
} from './userDataFlags.js';

interface EvaluateFlags {
  model: string;
  instances?: string;
  data?: string;
  test?: string;
  schema?: string;
  ignore?: string;
  missing?: string;
  encoding?: string;
  decimal?: string;
  attributions: string;
  metric: string;
  method?: string;
  train?: string;
  groundTruth?: string;
  label?: string;
  preset?: string;
  precision?: string;
  seed?: string;
  stabilityNeighbours?: string;
  stabilitySamples?: string;
  modelInput?: string;
  inputDim?: string;
  treeShap?: string;
  output?: string;
  allowApproximate?: boolean;
  out?: string;
  json?: boolean;
  allowForeignAttributions?: boolean;
}

/** `xai evaluate`. @since 0.1.0 */
export function evaluateCommand(program: Command, io: CliIo): Command {
  return program
    .command('evaluate')
    .description('Score attributions with one metric: per-instance values, mean, SE and undefined instances.')
    .requiredOption('--model <file>', "an 'xai-model@1' JSON or an .onnx file")
    .option('--instances <csv>', 'the explained instances (raw columns for a model that carries its preprocessing)')
    .option('--data <csv>', 'or: a user CSV (with --label): its test split, as xai explain --data explained it')
    .option('--test <csv>', 'a separate test CSV for --data')
    .option(
      '--schema <json>',
      'feature kinds and one-hot groups: a schema for --data, or for --instances OpenXAI feature metadata / an xai-data-schema@1 naming the columns [inferred: kinds from the values, one-hot groups from prefix_value names]',
    )
    .option('--ignore <columns>', IGNORE_FLAG_HELP)
    .option('--missing <mode>', MISSING_FLAG_HELP)
    .option('--encoding <name>', ENCODING_FLAG_HELP)
    .option('--decimal <mark>', DECIMAL_FLAG_HELP)
    .option('--input-dim <n>', 'the feature count of an ONNX model whose input width is dynamic')
    .option('--tree-shap <algorithm>', TREE_SHAP_FLAG_HELP)
    .option('--output <kind>', OUTPUT_FLAG_HELP)
    .option('--allow-approximate', ALLOW_APPROXIMATE_HELP)
    .option(
      '--allow-foreign-attributions',
      'score a file made elsewhere (no record of its model and instances: features matched by name, rows by id or position) or from another model, instances file or method (warned)',
    )
    .option(
      '--model-input <space>',
      'with --data, what a model without a preprocessing block eats: raw (the CSV columns as given) or scaled [raw]',
    )
    .requiredOption(
      '--attributions <file>',
      'from xai explain (.json, or .csv with its .meta.json): matched to --model, the instances and --method by the hashes and names it records, features by name, rows by id',
    )
    .requiredOption(
      '--metric <id>',
      'PRA, RC, FA, RA, SA, SRA, PGU, PGI, RIS, RRS, ROS, or an extended one (INFIDELITY, DELETION, SPARSENESS, …)',
    )
    .option('--method <id>', 'the explainer (stability metrics re-explain neighbours) [the one the attributions record]')
    .option('--train <csv>', 'training features (explainer baseline; feature kinds are inferred from it)')
    .option('--ground-truth <csv>', 'per-instance ground truth for PRA..SRA (default for an LR model: its own weights)')
    .option('--label <column>', 'the label column (dropped from --instances; the label of --data)')
    .option('--preset <name>', 'default | openxai | paper | quantus | captum [default]')
    .option(
      '--precision <p>',
      'arithmetic of a JSON model: float32 (torch float32, as the released OpenXAI code) or float64 [float32 under --preset openxai]',
    )
    .option('--seed <n>', 'seed [0]')
    .option('--stability-neighbours <n>', 'stability neighbours kept per instance [100]')
    .option('--stability-samples <n>', 'stability candidate draws per instance [1000]')
    .option('--out <file>', 'also write the result as JSON ({"metric","values","mean","se","undefined",…}) here')
    .option('--json', 'print the result as one JSON line instead of the readable summary')
    .addHelpText(
      'after',
      `
Examples:
  $ xai evaluate --model lr.json --instances x.csv --attributions grad.json --metric FA
  $ xai evaluate --model lr.json --instances x.csv --attributions grad.json --metric FA --out fa.json
  $ xai evaluate --model ann.json --instances x.csv --attributions lime.json --metric RIS --method lime --stability-neighbours 20
`,
    )
    .action(async (f: EvaluateFlags) => {
      const [{ resolveBenchConfig }, { evaluateAttributions }, { featureKindsLine }, { refuseInputAsOutput }, { metaPathOf }] =
        await Promise.all([
          import('../config/benchConfig.js'),
          import('../explain/evaluateAttributions.js'),
          import('../inputs/featureKinds.js'),
          import('../results/refuseOverwrite.js'),
          import('../explain/attributionsFile.js'),
        ]);
      refuseInputAsOutput(
        [{ flag: '--out', path: f.out }],
        [
          ...(['model', 'instances', 'data', 'test', 'train', 'schema', 'attributions', 'groundTruth'] as const).map((k) => ({
            flag: `--${k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}`,
            path: f[k],
          })),
          { flag: '--attributions', path: metaPathOf(f.attributions) },
        ],
        'xai evaluate',
      );
      const c = resolveBenchConfig(
        {},
        {
          preset: f.preset,
          seed: f.seed,
          precision: f.precision,
          stabilityNeighbours: f.stabilityNeighbours,
          stabilitySamples: f.stabilitySamples,
          modelInput: f.modelInput,
        },
      );
      const data = userDataFromFlags(f, 'xai evaluate');
      const r = await evaluateAttributions({
        model: f.model,
        ...(f.instances ? { instances: f.instances } : {}),
        ...(data ? { data } : {}),
        attributions: f.attributions,
        metric: f.metric,
        preset: c.preset,
        seed: c.seed,
        precision: c.precision,
        stabilityNeighbours: c.stabilityNeighbours,
        stabilitySamples: c.stabilitySamples,
        ...(f.method ? { method: f.method } : {}),
        ...(f.train ? { train: f.train } : {}),
        ...(f.groundTruth ? { groundTruth: f.groundTruth } : {}),
        ...(f.label && !data ? { label: f.label } : {}),
        ...(f.schema && !data ? { schema: f.schema } : {}),
        ...(f.ignore && !data ? { ignore: ignoreSetting(f.ignore, 'xai evaluate') } : {}),
        modelInput: c.modelInput,
        ...(f.inputDim !== undefined ? { inputDim: inputDimOf(f.inputDim) } : {}),
        ...(f.treeShap !== undefined ? { treeShap: treeShapAlgorithm(f.treeShap, 'xai evaluate')! } : {}),
        ...(f.output !== undefined ? { output: outputFlag(f.output, 'xai evaluate')! } : {}),
        ...(f.allowApproximate === true ? { allowApproximate: true } : {}),
        ...(f.allowForeignAttributions === true ? { allowForeignAttributions: true } : {}),
      });
      if (r.featureKinds) io.err(`xai: ${featureKindsLine(r.featureKinds)}\n`);
      for (const w of r.warnings ?? []) io.err(`xai: warning: ${w}\n`);
      const text = `${JSON.stringify(r)}\n`;
      if (f.out) writeFileAtomicSync(f.out, text, 'xai evaluate');
      io.out(f.json === true ? text : `${evaluationLine(r)}${f.out ? ` -> ${f.out}` : ''}\n`);
    });
}
