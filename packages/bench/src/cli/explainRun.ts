import { hasTrees } from '@xai/core';
import { inputDimOf } from './cliHints.js';
import type { CliIo } from './cliIo.js';
import type { ExplainFlags } from './explainCommand.js';
import { csvReadingFromFlags, ignoreSetting, refuseInapplicableFlags, userDataFromFlags } from './userDataFlags.js';
import { checkInteractionsFlag, treeShapAlgorithm } from '../inputs/treeModels.js';
import { outputFlag } from '../inputs/loadCliModel.js';
import { EXACT_GRADIENTS } from '../inputs/gradientMethods.js';
import { choiceHint, choiceWords } from '../explain/classRule.js';

/** Runs `xai explain` (loaded only when the command runs). */
export async function runExplain(f: ExplainFlags, io: CliIo): Promise<void> {
  const [
    { resolveCommandConfig },
    { explainInstances },
    { fileRef, metaPathOf, modelFileRef, writeAttributions },
    { featureKindsLine },
    { refuseInputAsOutput },
  ] = await Promise.all([
    import('./commandConfig.js'),
    import('../explain/explainInstances.js'),
    import('../explain/attributionsFile.js'),
    import('../inputs/featureKinds.js'),
    import('../results/refuseOverwrite.js'),
  ]);
  const c = resolveCommandConfig('explain', {
    flags: { preset: f.preset, seed: f.seed, precision: f.precision, modelInput: f.modelInput },
  });
  refuseInapplicableFlags(f, 'xai explain');
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
    ...(f.class !== undefined ? { class: f.class } : {}),
    csv: csvReadingFromFlags(f, 'xai explain'),
  });
  io.err(`xai: ${featureKindsLine(r.featureKinds)}\n`);
  for (const w of r.warnings) io.err(`xai: warning: ${w}\n`);
  if (r.background) io.err(`xai: background: ${r.background}\n`);
  const trees = hasTrees(r.cli.model);
  // Which class the attributions explain (explainedClass in the file), and how it was chosen.
  const classes = { classes: r.cli.model.classes, classNames: r.classNames };
  const classWords = choiceWords(r.classChoice, classes);
  if (r.cli.format === 'onnx' || r.cli.approximateGradients || trees) io.out(`${r.cli.note}\n`);
  const written = writeAttributions(f.out, {
    method: f.method,
    preset: c.preset,
    seed: c.seed,
    precision: c.precision,
    model: modelFileRef(f.model),
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
    ...(r.fixedClass !== undefined ? { fixedClass: r.fixedClass } : {}),
    classRule: classWords,
    ...(r.classNames ? { classNames: r.classNames } : {}),
    ...(r.inputSpace ? { inputSpace: r.inputSpace.space } : {}),
    ...(r.accuracy ? { accuracy: r.accuracy } : {}),
    ...(r.base ? { baseValue: [...r.base.values], baseValueFrom: r.base.from } : {}),
    ...(r.treeShap ? { expectedValue: [...r.treeShap.expectedValue], treeShap: r.treeShap.note } : {}),
    ...(r.treeShap?.interactions ? { interactions: interactionRows(r.treeShap.interactions, r.x.rows, r.x.cols) } : {}),
    ...(r.igCompleteness ? { igCompleteness: r.igCompleteness } : {}),
    featureKinds: r.featureKinds,
  });
  io.out(
    `explained ${r.x.rows} instances with ${f.method} (${c.preset}, ${c.precision}; ${classWords}${choiceHint(r.classChoice, classes)})${r.preprocessed ? `, preprocessing applied${r.outOfRangeRows > 0 ? `, ${r.outOfRangeRows} rows out of the training range` : ''}` : ''}${accuracyNote(r.accuracy)} -> ${written.join(', ')}\n`,
  );
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
