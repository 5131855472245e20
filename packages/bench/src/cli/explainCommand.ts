import type { Command } from 'commander';
import { XaiError, hasTrees } from '@xai/core';
import { inputDimOf } from './cliHints.js';
import type { CliIo } from './cliIo.js';
import {
  DECIMAL_FLAG_HELP,
  ENCODING_FLAG_HELP,
  IGNORE_FLAG_HELP,
  MISSING_FLAG_HELP,
  ignoreSetting,
  userDataFromFlags,
} from './userDataFlags.js';
import { INTERACTIONS_FLAG_HELP, TREE_SHAP_FLAG_HELP, checkInteractionsFlag, treeShapAlgorithm } from '../inputs/treeModels.js';
import { ALLOW_APPROXIMATE_HELP, OUTPUT_FLAG_HELP, outputFlag } from '../inputs/loadCliModel.js';
import { EXACT_GRADIENTS } from '../inputs/gradientMethods.js';

interface ExplainFlags {
  model: string;
  instances?: string;
  data?: string;
  test?: string;
  schema?: string;
  ignore?: string;
  missing?: string;
  encoding?: string;
  decimal?: string;
  method: string;
  train?: string;
  label?: string;
  preset?: string;
  precision?: string;
  seed?: string;
  modelInput?: string;
  inputDim?: string;
  treeShap?: string;
  interactions?: boolean;
  output?: string;
  allowApproximate?: boolean;
  out: string;
}

/** `xai explain`. @since 0.1.0 */
export function explainCommand(program: Command, io: CliIo): Command {
  return explainOptions(program.command('explain')).action((f: ExplainFlags) => runExplain(f, io));
}

/** The description, flags and examples of `xai explain`. */
function explainOptions(command: Command): Command {
  return command
    .description(
      "Explain a model's predictions on a CSV of instances with one method; write attributions (JSON, or CSV if --out ends in .csv).",
    )
    .requiredOption('--model <file>', "an 'xai-model@1' JSON (from xai train) or an .onnx file")
    .option(
      '--instances <csv>',
      'rows to explain: raw columns (matched by name) for a model that carries its preprocessing, else the model inputs',
    )
    .option(
      '--data <csv>',
      'or: a user CSV (with --label): its test split is explained (scaled as xai train does), its train split is the background',
    )
    .option('--test <csv>', 'a separate test CSV for --data')
    .option(
      '--schema <json>',
      'feature kinds: a schema for --data, or for --instances OpenXAI feature metadata / an xai-data-schema@1 naming the columns [inferred: see xai evaluate]',
    )
    .option('--ignore <columns>', IGNORE_FLAG_HELP)
    .option('--missing <mode>', MISSING_FLAG_HELP)
    .option('--encoding <name>', ENCODING_FLAG_HELP)
    .option('--decimal <mark>', DECIMAL_FLAG_HELP)
    .requiredOption(
      '--method <id>',
      'control, grad, sg, ig, itg, shap, lime, or shapley, permshap, occlusion, sg2, vargrad, ig-sg, itg-sg, gradshap, deeplift, treeshap (tree models)',
    )
    .requiredOption(
      '--out <file>',
      'attributions: .json (with the model and instances file hashes, features, rows, explainedClass, method, preset) or .csv (columns row, explained_class, then the features; the rest in <out>.meta.json); never an input file',
    )
    .option(
      '--train <csv>',
      'training rows (raw for a model that carries its preprocessing): the IG baseline (mean), the KernelSHAP and LIME background [a model file from xai train: the background it keeps]',
    )
    .option('--label <column>', 'the label column (dropped from --instances; the label of --data)')
    .option('--preset <name>', 'default | openxai | paper | quantus | captum [default]')
    .option(
      '--precision <p>',
      'arithmetic of a JSON model: float32 (torch float32, as the released OpenXAI code) or float64 [float32 under --preset openxai]',
    )
    .option('--seed <n>', 'seed of the stochastic explainers [0]')
    .option('--input-dim <n>', 'the feature count of an ONNX model whose input width is dynamic')
    .option('--tree-shap <algorithm>', TREE_SHAP_FLAG_HELP)
    .option('--interactions', INTERACTIONS_FLAG_HELP)
    .option('--output <kind>', OUTPUT_FLAG_HELP)
    .option('--allow-approximate', ALLOW_APPROXIMATE_HELP)
    .option(
      '--model-input <space>',
      'with --data, what a model without a preprocessing block eats: raw (the CSV columns as given) or scaled (min-max on the train rows) [raw]',
    )
    .addHelpText(
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

/** `--model-input` describes `--data` rows only. */
function checkDataOnlyFlags(f: ExplainFlags): void {
  if (f.modelInput !== undefined && f.data === undefined)
    throw new XaiError('BAD_OPTION', '--model-input chooses the input space of --data rows; with --instances the file is the model input', {
      fn: 'xai explain',
      arg: '--model-input',
      value: f.modelInput,
    });
}

async function runExplain(f: ExplainFlags, io: CliIo): Promise<void> {
  const [
    { resolveBenchConfig },
    { explainInstances },
    { fileRef, metaPathOf, writeAttributions },
    { featureKindsLine },
    { refuseInputAsOutput },
  ] = await Promise.all([
    import('../config/benchConfig.js'),
    import('../explain/explainInstances.js'),
    import('../explain/attributionsFile.js'),
    import('../inputs/featureKinds.js'),
    import('../results/refuseOverwrite.js'),
  ]);
  const c = resolveBenchConfig({}, { preset: f.preset, seed: f.seed, precision: f.precision, modelInput: f.modelInput });
  checkDataOnlyFlags(f);
  refuseInputAsOutput(
    [
      { flag: '--out', path: f.out },
      { flag: '--out', path: f.out.toLowerCase().endsWith('.csv') ? metaPathOf(f.out) : undefined },
    ],
    (['model', 'instances', 'data', 'test', 'train', 'schema'] as const).map((k) => ({ flag: `--${k}`, path: f[k] })),
    'xai explain',
  );
  if (f.interactions === true) checkInteractionsFlag(f.method, f.treeShap, f.out, 'xai explain');
  const data = userDataFromFlags(f, 'xai explain');
  const r = await explainInstances({
    model: f.model,
    ...(f.instances ? { instances: f.instances } : {}),
    ...(data ? { data } : {}),
    method: f.method,
    ...(f.train ? { train: f.train } : {}),
    ...(f.label && !data ? { label: f.label } : {}),
    preset: c.preset,
    seed: c.seed,
    precision: c.precision,
    modelInput: c.modelInput,
    ...(f.inputDim !== undefined ? { inputDim: inputDimOf(f.inputDim) } : {}),
    ...(f.treeShap !== undefined ? { treeShap: treeShapAlgorithm(f.treeShap, 'xai explain')! } : {}),
    ...(f.interactions === true ? { interactions: true } : {}),
    ...(f.schema && !data ? { schema: f.schema } : {}),
    ...(f.ignore && !data ? { ignore: ignoreSetting(f.ignore, 'xai explain') } : {}),
    ...(f.output !== undefined ? { output: outputFlag(f.output, 'xai explain')! } : {}),
    ...(f.allowApproximate === true ? { allowApproximate: true } : {}),
  });
  io.err(`xai: ${featureKindsLine(r.featureKinds)}\n`);
  for (const w of r.warnings) io.err(`xai: warning: ${w}\n`);
  if (r.background) io.err(`xai: background: ${r.background}\n`);
  const trees = hasTrees(r.cli.model);
  if (r.cli.format === 'onnx' || r.cli.approximateGradients || trees) io.out(`${r.cli.note}\n`);
  const written = writeAttributions(f.out, {
    method: f.method,
    preset: c.preset,
    seed: c.seed,
    precision: c.precision,
    model: fileRef(f.model, '--model'),
    features: r.names,
    attributions: r.attributions,
    ...(r.cli.format === 'onnx' && !trees
      ? {
          gradients: r.gradients ?? (r.cli.approximateGradients ? 'approximate: central finite differences' : EXACT_GRADIENTS),
        }
      : {}),
    ...(r.preprocessed ? { outOfRangeRows: r.outOfRangeRows } : {}),
    ...(r.warnings.length > 0 ? { warnings: r.warnings } : {}),
    source: r.source,
    sourceSha256: fileRef(r.source, data ? '--data' : '--instances').sha256,
    ...(data?.test !== undefined ? { data: fileRef(data.data, '--data') } : {}),
    ...(r.rowIndex ? { rows: [...r.rowIndex] } : {}),
    ...(r.sourceLines ? { lines: [...r.sourceLines] } : {}),
    explainedClass: [...r.explainedClass],
    ...(r.classNames ? { classNames: r.classNames } : {}),
    ...(r.inputSpace ? { inputSpace: r.inputSpace.space } : {}),
    ...(r.accuracy ? { accuracy: r.accuracy } : {}),
    ...(r.base ? { baseValue: [...r.base.values], baseValueFrom: r.base.from } : {}),
    ...(r.treeShap ? { expectedValue: [...r.treeShap.expectedValue], treeShap: r.treeShap.note } : {}),
    ...(r.treeShap?.interactions ? { interactions: interactionRows(r.treeShap.interactions, r.x.rows, r.x.cols) } : {}),
    featureKinds: r.featureKinds,
  });
  io.out(
    `explained ${r.x.rows} instances with ${f.method} (${c.preset}, ${c.precision}; ${classNote(r.explainedClass, r.cli.model.classes)})${r.preprocessed ? `, preprocessing applied${r.outOfRangeRows > 0 ? `, ${r.outOfRangeRows} rows out of the training range` : ''}` : ''}${accuracyNote(r.accuracy)} -> ${written.join(', ')}\n`,
  );
}

/** Which class the attributions explain (explainedClass in the file). */
function classNote(explained: Int32Array, classes: number): string {
  if (classes < 2) return 'the output';
  const first = explained[0];
  if (explained.length > 1 && explained.every((c) => c === first)) return `class ${first} on every row`;
  return "each row's predicted class";
}

/** The model's accuracy on the labelled rows explained, beside the base rate. */
function accuracyNote(a: { rows: number; accuracy: number; baseRate: number } | undefined): string {
  const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;
  return a ? `; model accuracy ${pct(a.accuracy)} vs base rate ${pct(a.baseRate)} on ${a.rows} labelled rows` : '';
}

/** n × d × d values as nested arrays: [row][feature][feature]. */
function interactionRows(values: Float64Array, n: number, d: number): number[][][] {
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: d }, (_, j) => Array.from(values.subarray((i * d + j) * d, (i * d + j + 1) * d))),
  );
}
