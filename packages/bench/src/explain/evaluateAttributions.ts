import { observedValues } from '@xai/data';
import type { Explainer, Matrix } from '@xai/core';
import { XaiError, checkOptions, hasTrees } from '@xai/core';
import { readFeatureCsvSync } from '@xai/data/node';
import { commandSchema } from './fileSchema.js';
import type { FileSchema } from './fileSchema.js';
import type { FeatureKindsRecord } from '../inputs/featureKinds.js';
import type { PerturbationScale } from '../inputs/perturbationScale.js';
import type { ModelInput } from '../inputs/modelInputSpace.js';
import { ALL_EXPLAINER_IDS, createExplainer, isExplainerId } from '@xai/explainers';
import type { TreeShapAlgorithm } from '@xai/explainers';
import { checkMethodForModel, explainsClassOne } from '../inputs/treeModels.js';
import { EXACT_GRADIENTS, gradientVerdict } from '../inputs/gradientMethods.js';
import type { OnnxOutputKind } from '@xai/onnx';
import { EXTENDED_METRIC_IDS, METRIC_IDS, extendedMetrics, metrics } from '@xai/metrics';
import type { ExtendedMetricId, MetricId } from '@xai/metrics';
import { linearGroundTruth } from '@xai/models/node';
import type { Precision } from '@xai/models';
import { fileRef, modelFileRef, readAttributions } from './attributionsFile.js';
import { matchAttributions } from './matchAttributions.js';
import type { AttributionsFile } from './attributionsFile.js';
import { type ModelClasses, className } from './classChoice.js';
import { type ClassChoice, choiceTargets, choiceWords, classChoice, fixedIndex } from './classRule.js';
import { evaluationControls } from './evaluationControls.js';
import type { EvaluationControls } from './evaluationControls.js';
import type { CsvReading } from './modelRows.js';
import { commandRows, commandScale } from './explainInstances.js';
import { withCliHints } from '../cli/cliHints.js';
import { MISSING_CELL_EXPLAINERS, MISSING_CELL_METRICS, refuseMissingCells } from '../inputs/missingCells.js';
import type { UserDataSpec } from '../inputs/userBenchDataset.js';
import type { PresetName } from '../config/ids.js';
import { extendedPresetOption, isPeerPreset, presetStages, protocolPreset } from '../config/presetStages.js';
import { GROUND_TRUTH_METRICS, STABILITY_METRICS } from '../config/ids.js';
import { stabilityAnchors } from './stabilityAnchors.js';

export interface EvaluateAttributionsOptions {
  readonly model: string;
  /** Raw rows (a model with a preprocessing block) or model inputs; or `data`. */
  readonly instances?: string;
  /** A user CSV: its test split (as `xai explain --data` explained it). */
  readonly data?: UserDataSpec;
  readonly attributions: string;
  readonly metric: string;
  /** The explainer that made the attributions (stability metrics re-explain neighbours with it). */
  readonly method?: string;
  readonly train?: string;
  /** Per-instance ground truth CSV (agreement metrics); LR models default to their own weights. */
  readonly groundTruth?: string;
  readonly label?: string;
  /** With `instances`: more columns to drop (`--ignore`). */
  readonly ignore?: readonly string[];
  readonly preset: PresetName;
  readonly seed: number;
  readonly stabilityNeighbours?: number;
  readonly stabilitySamples?: number;
  /** Arithmetic of a JSON model: e′ is computed at it (see loadCliModel). @defaultValue 'float64' */
  readonly precision?: Precision;
  /** With `instances`: a schema file (OpenXAI feature metadata or xai-data-schema@1) for a model without a preprocessing block. */
  readonly schema?: string;
  /** With `data`: what a model without a preprocessing block eats. @defaultValue 'raw' */
  readonly modelInput?: ModelInput;
  /** The feature count of an ONNX graph whose input width is dynamic (`--input-dim`). */
  readonly inputDim?: number;
  /** TreeSHAP's algorithm when stability metrics re-explain with treeshap (`--tree-shap`). */
  readonly treeShap?: TreeShapAlgorithm;
  /** What an ONNX graph's output holds (`--output`). @defaultValue discovered from the graph */
  readonly output?: OnnxOutputKind;
  /** Re-explain with finite-difference gradients even when their error estimate is above 1 % (`--allow-approximate`). */
  readonly allowApproximate?: boolean;
  /**
   * Score attributions made elsewhere (no record of the model and instances, matched by feature
   * names) or made from another model, instances file or method (a warning names both sides).
   * @defaultValue false
   */
  readonly allowForeignAttributions?: boolean;
  /** How `instances`, `train` and `groundTruth` are read (`--encoding`, `--decimal`); `data` carries its own. */
  readonly csv?: CsvReading;
  /** The class the attributions explain (`--class`: a class, or `predicted`): must agree with the file's record. @defaultValue the file's record, else the class rule (classChoice) */
  readonly class?: string;
  /** Also score the floor explainers and the permuted null, and judge the score against them. @defaultValue true */
  readonly controls?: boolean;
}

/** `xai evaluate`'s output. */
export interface EvaluationJson {
  readonly metric: string;
  readonly preset: string;
  /** The arithmetic the model computed in (neighbours' explanations, predictions). */
  readonly precision: Precision;
  /** Per instance; null = undefined for that instance. */
  readonly values: (number | null)[];
  readonly mean: number | null;
  readonly se: number | null;
  readonly count: number;
  /** Indices of the instances where the metric is undefined. */
  readonly undefined: readonly number[];
  /** ONNX models: exact (reverse-mode autodiff) or approximate (finite-difference) gradients. */
  readonly gradients?: string;
  /**
   * Stability metrics: the anchors' explanations the neighbours' are compared with —
   * 're-explained' by a deterministic --method (the attributions file is checked against them,
   * a warning saying where it differs), 'given' for a sampling method.
   */
  readonly anchors?: 'given' | 're-explained';
  /** Rows outside the training range (a model that carries its preprocessing). */
  readonly outOfRangeRows?: number;
  /** Where the feature kinds and one-hot groups the perturbations use came from. */
  readonly schema?: string;
  /** The feature kinds the perturbations used: continuous count, discrete columns with their two values, one-hot groups. */
  readonly featureKinds?: FeatureKindsRecord;
  /** With labels: the model's accuracy on the scored rows and the base rate (the commonest label's share). */
  readonly accuracy?: { readonly rows: number; readonly accuracy: number; readonly baseRate: number };
  readonly warnings?: readonly string[];
  /** The class every row's attributions explain, when one is fixed (see classRule.ts); absent: each row's predicted class. */
  readonly fixedClass?: number;
  /** The class the attributions and the metric (and its controls) explain, in words (see classRule.ts). */
  readonly classRule?: string;
  /** The floor and the null on the same rows, model and metric, and the verdict (the reports' rule and words). */
  readonly controls?: EvaluationControls;
}

const FN = 'xai evaluate';

/**
 * `xai evaluate`: one metric over given attributions. Ground-truth metrics read
 * `--ground-truth` (or an LR model's own w1 − w0, signed for the predicted class); stability
 * metrics re-explain neighbours with `--method`, and the rows too when it is deterministic (see
 * stabilityAnchors); feature kinds (for the perturbations) are
 * inferred from `--train`, else from the instances.
 * @since 0.1.0
 */
export async function evaluateAttributions(o: EvaluateAttributionsOptions): Promise<EvaluationJson> {
  checkOptions(
    o,
    [
      'model',
      'instances',
      'data',
      'attributions',
      'metric',
      'method',
      'train',
      'groundTruth',
      'label',
      'ignore',
      'preset',
      'seed',
      'stabilityNeighbours',
      'stabilitySamples',
      'precision',
      'schema',
      'modelInput',
      'inputDim',
      'treeShap',
      'output',
      'allowApproximate',
      'allowForeignAttributions',
      'csv',
      'class',
      'controls',
    ],
    'evaluateAttributions',
  );
  if (o.schema !== undefined && o.data !== undefined)
    throw new XaiError('BAD_OPTION', 'with --data the schema is part of the data spec (data.schema); schema is for --instances rows', {
      fn: FN,
      arg: '--schema',
      value: o.schema,
    });
  const id = o.metric.toUpperCase();
  const extended = (EXTENDED_METRIC_IDS as readonly string[]).includes(id);
  if (!(METRIC_IDS as readonly string[]).includes(id) && !extended)
    throw new XaiError(
      'BAD_OPTION',
      `unknown metric ${JSON.stringify(o.metric)} (choose from ${[...METRIC_IDS, ...EXTENDED_METRIC_IDS].join(', ')})`,
      { fn: FN, arg: '--metric', value: o.metric },
    );
  const rows = await commandRows(o, 'evaluate');
  try {
    if (!MISSING_CELL_METRICS.includes(id))
      refuseMissingCells(
        rows,
        { x: rows.train, source: o.train },
        FN,
        `${id} needs complete rows; of the metrics ${MISSING_CELL_METRICS.join(', ')} take a tree model's missing cells (kept missing under perturbation): fill or drop the rows with missing cells for ${id}`,
      );
    return evaluateRows(o, id, extended, rows);
  } finally {
    rows.cli.dispose();
  }
}

type EvaluateRows = Awaited<ReturnType<typeof commandRows>>;

/** What every metric returns, whichever family it belongs to. */
interface MetricResult {
  readonly values: ArrayLike<number>;
  readonly mean: number;
  readonly se: number;
  readonly count: number;
  readonly undefinedIndices: Iterable<number>;
}

function evaluateRows(o: EvaluateAttributionsOptions, id: string, extended: boolean, rows: EvaluateRows): EvaluationJson {
  const { x, train, cli } = rows;
  // What the metric needs from flags is checked before the attributions are matched to the rows.
  const flag = flagClass(o, rows);
  const fixed = flag === undefined ? undefined : fixedIndex(flag);
  const flagTruth = evaluationGroundTruth(o, id, extended, rows, fixed);
  const read = matchedAttributions(o, rows, flag);
  // A class fixed by the file (not by --class) signs an LR's own ground truth too.
  const groundTruth = read.fixedClass === fixed ? flagTruth : evaluationGroundTruth(o, id, extended, rows, read.fixedClass);
  const targets = read.fixedClass === undefined ? {} : { targets: new Int32Array(x.rows).fill(read.fixedClass) };
  // The dataset's own kinds and one-hot groups when known (a model that carries its
  // preprocessing, or --data): PGI/PGU then perturb a one-hot block as one feature, as the
  // bench does; only a bare model on bare rows falls back to --schema or inferred kinds.
  const { schema, inferred, record } = commandSchema(FN, o.model, { ...rows, preprocessing: rows.cli.model.preprocessing }, o.schema);
  // The same noise units xai explain used for these attributions: from training rows given by
  // --train/--data only, never from the model file's small background sample.
  const scale = commandScale(o.preset, rows.background === undefined ? train : undefined, schema);
  const { explainer, gradients } = reExplainer(o, id, extended, read, rows, scale);
  const anchors =
    explainer !== undefined && STABILITY_METRICS.includes(id as never)
      ? stabilityAnchors(explainer, cli.model, x, read.attributions, o.attributions, targets.targets)
      : undefined;
  const extras = {
    ...(anchors ? { anchors: anchors.source } : {}),
    ...evaluationExtras(rows, cli, inferred, record, gradients, [...read.warnings, ...(anchors?.warning ? [anchors.warning] : [])]),
    ...(read.fixedClass !== undefined ? { fixedClass: read.fixedClass } : {}),
    ...(read.choice.kind !== 'output' ? { classRule: choiceWords(read.choice, modelClasses(rows)) } : {}),
  };
  const score = (attributions: Matrix, e: Explainer | undefined): MetricResult =>
    extended
      ? runExtendedMetric(o, id, rows, attributions, groundTruth, e, scale, targets.targets)
      : metrics[id as MetricId].evaluate(
          { x, attributions, model: cli.model, schema, ...(groundTruth ? { groundTruth } : {}), ...(e ? { explainer: e } : {}) },
          {
            preset: protocolPreset(o.preset),
            seed: o.seed,
            useGivenAttributions: true,
            ...(id === 'PGI' || id === 'PGU' || STABILITY_METRICS.includes(id as never) ? targets : {}),
            ...scale?.metricOptions(id),
            ...(o.stabilityNeighbours !== undefined ? { neighbours: o.stabilityNeighbours } : {}),
            ...(o.stabilitySamples !== undefined ? { candidates: o.stabilitySamples } : {}),
          },
        );
  const r = score(anchors?.attributions ?? read.attributions, explainer);
  if (o.controls === false) return evaluationJson(o, id, r, extras);
  const controls = evaluationControls(
    {
      metric: id,
      model: cli.model,
      x,
      attributions: read.attributions,
      train,
      targets: read.explained,
      seed: o.seed,
      score: (a, e) => score(a, e).values,
      context: {
        linearModel: cli.neural?.kind === 'lr',
        groundTruthIsModel: cli.neural?.kind === 'lr' && o.groundTruth === undefined,
        uniformPerturbation: record.discrete.length === 0 && record.groups.length === 0 && !scale?.featureScale,
        preset: o.preset,
      },
    },
    r.values,
  );
  return evaluationJson(o, id, r, { ...extras, controls });
}

/** `--class` as a class choice (checked before any file is matched). */
function flagClass(o: EvaluateAttributionsOptions, rows: EvaluateRows): ClassChoice | undefined {
  return o.class === undefined ? undefined : classChoice({ flag: o.class, preset: o.preset, model: modelClasses(rows) }, FN);
}

function modelClasses(rows: EvaluateRows): ModelClasses {
  return { classes: rows.cli.model.classes, classNames: rows.classNames };
}

/**
 * The attributions file read (JSON or CSV) and matched to these rows: by the model, instances
 * and method it records, by feature name and by row id (see matchAttributions).
 */
function matchedAttributions(
  o: EvaluateAttributionsOptions,
  rows: EvaluateRows,
  flag: ClassChoice | undefined,
): { attributions: Matrix; method: string | null; warnings: string[]; explained: Int32Array; choice: ClassChoice; fixedClass?: number } {
  const file = readAttributions(o.attributions, rows.names);
  const method = o.method ?? file.provenance?.method;
  const choice = fileClass(o, file, flag, rows, method);
  const fixedClass = fixedIndex(choice);
  const ids = rows.sourceLines
    ? { kind: 'line' as const, values: rows.sourceLines }
    : rows.rowIndex
      ? { kind: 'row' as const, values: rows.rowIndex }
      : null;
  // The class each row's attributions explain, and so the class the metric and its controls score.
  const explained = choiceTargets(choice, rows.cli.model, rows.x);
  const { attributions, warnings } = matchAttributions(file, {
    model: modelFileRef(o.model),
    source: fileRef(rows.source, o.data ? (o.data.test ? '--test' : '--data') : '--instances'),
    ...(o.data?.test !== undefined ? { data: fileRef(o.data.data, '--data') } : {}),
    names: rows.names,
    ids,
    predicted: explained,
    ...(fixedClass !== undefined ? { fixedClass } : {}),
    classes: rows.cli.model.classes,
    ...(o.method !== undefined ? { method: o.method } : {}),
    allowForeign: o.allowForeignAttributions === true,
  });
  return {
    attributions,
    method: file.provenance?.method ?? null,
    warnings,
    explained,
    choice,
    ...(fixedClass !== undefined ? { fixedClass } : {}),
  };
}

/**
 * The class the attributions explain: `--class`, else the file's `fixedClass` (a `--class` that
 * differs is refused), else, for a file xai explain made or one with a class per row, each row's
 * predicted class (xai explain records a fixed class whenever it explained one; a binary tree
 * model's raw score is class 1's), else (a file made elsewhere, silent on classes) the preset's
 * class rule.
 */
function fileClass(
  o: EvaluateAttributionsOptions,
  file: AttributionsFile,
  flag: ClassChoice | undefined,
  rows: EvaluateRows,
  method: string | undefined,
): ClassChoice {
  const recorded = file.provenance?.fixedClass;
  const m = modelClasses(rows);
  if (flag !== undefined && recorded !== undefined && fixedIndex(flag) !== recorded)
    throw new XaiError(
      'BAD_OPTION',
      `${file.path} explains ${className(recorded, m)} on every row, not ${flag.kind === 'fixed' ? className(flag.index, m) : "each row's predicted class"}: drop --class or explain that class`,
      { fn: FN, arg: '--class', value: o.class },
    );
  if (flag !== undefined) return flag;
  const treeScore = method === 'treeshap' && explainsClassOne(rows.cli.model);
  if (recorded !== undefined) return { kind: 'fixed', index: recorded, why: 'recorded' };
  if (file.provenance !== null || file.explainedClass !== null)
    return rows.cli.model.classes < 2
      ? { kind: 'output' }
      : treeScore
        ? { kind: 'fixed', index: 1, why: 'tree-score' }
        : { kind: 'predicted', why: 'recorded' };
  return classChoice({ preset: o.preset, model: m, treeScore }, FN);
}

/** `--ground-truth`, or an LR model's own weights, for the metrics that need it. */
function evaluationGroundTruth(
  o: EvaluateAttributionsOptions,
  id: string,
  extended: boolean,
  rows: EvaluateRows,
  fixed: number | undefined,
): Matrix | undefined {
  const needed =
    GROUND_TRUTH_METRICS.includes(id as never) ||
    (extended && extendedMetrics[id as ExtendedMetricId].info.requires.includes('ground-truth'));
  if (!needed) return undefined;
  const { x, cli } = rows;
  if (o.groundTruth !== undefined) {
    const groundTruth = readFeatureCsvSync(o.groundTruth, { ...o.csv }).x;
    if (groundTruth.rows !== x.rows || groundTruth.cols !== x.cols)
      throw new XaiError(
        'SHAPE_MISMATCH',
        `${o.groundTruth} is ${groundTruth.rows}x${groundTruth.cols}, the instances are ${x.rows}x${x.cols}`,
        { fn: FN, arg: '--ground-truth', value: groundTruth.rows },
      );
    return groundTruth;
  }
  if (cli.neural?.kind === 'lr') {
    if (fixed === undefined) return linearGroundTruth(cli.neural, x, { flipForClass0: true });
    // w1 − w0 is class 1's; class 0's is its negation on every row.
    const t = linearGroundTruth(cli.neural, x);
    if (fixed === 0) for (let i = 0; i < t.data.length; i++) t.data[i] = -t.data[i]!;
    return t;
  }
  throw new XaiError('BAD_OPTION', `${id} needs --ground-truth <csv> (only an LR model's weights can stand in for it)`, {
    fn: FN,
    arg: '--ground-truth',
    value: undefined,
  });
}

/** The explainer stability metrics re-explain neighbours with (`--method`, else the one the attributions name), and what its gradients are. */
function reExplainer(
  o: EvaluateAttributionsOptions,
  id: string,
  extended: boolean,
  read: { readonly method: string | null; readonly fixedClass?: number },
  rows: EvaluateRows,
  scale: PerturbationScale | undefined,
): { readonly explainer?: Explainer; readonly gradients?: string } {
  const { train, cli } = rows;
  const reExplains =
    STABILITY_METRICS.includes(id as never) || (extended && extendedMetrics[id as ExtendedMetricId].info.requires.includes('explainer'));
  if (!reExplains) return {};
  const method = o.method ?? read.method ?? undefined;
  if (method === undefined)
    throw new XaiError('BAD_OPTION', `${id} re-explains neighbours: give --method (${ALL_EXPLAINER_IDS.join(', ')})`, {
      fn: FN,
      arg: '--method',
      value: undefined,
    });
  if (!isExplainerId(method))
    throw new XaiError('BAD_OPTION', `unknown method ${JSON.stringify(method)} (choose from ${ALL_EXPLAINER_IDS.join(', ')})`, {
      fn: FN,
      arg: '--method',
      value: method,
    });
  checkMethodForModel(method, cli.model, o.model, FN);
  if (!MISSING_CELL_EXPLAINERS.includes(method))
    refuseMissingCells(
      rows,
      { x: train, source: o.train },
      FN,
      `${id} re-explains neighbours with ${method}, which cannot take missing cells: evaluate treeshap attributions (or fill or drop the rows with missing cells)`,
    );
  const verdict = gradientVerdict(cli.model, [method], {
    x: rows.x,
    names: rows.names,
    allowApproximate: o.allowApproximate === true,
    file: o.model,
    fn: FN,
    arg: '--method',
  });
  const e = withCliHints(FN, method, () =>
    createExplainer(method, {
      preset: o.preset,
      seed: o.seed,
      ...(train ? { train: method === 'treeshap' ? train : observedValues(train) } : {}),
      ...scale?.explainerOptions(method),
      ...(method === 'treeshap' && o.treeShap !== undefined ? { algorithm: o.treeShap } : {}),
    }),
  );
  const gradients = verdict === undefined ? {} : { gradients: verdict.note };
  // xai explain explained a binary tree model's class 1 (its raw score) on every row: neighbours too.
  if (method !== 'treeshap' || !explainsClassOne(cli.model) || read.fixedClass !== undefined) return { explainer: e, ...gradients };
  return { explainer: { id: e.id, explain: (m, x, opts) => e.explain(m, x, { ...opts, targets: new Int32Array(x.rows).fill(1) }) } };
}

/** What the output says about the model's gradients (as the re-explaining method found them), the rows and the schema. */
function evaluationExtras(
  rows: EvaluateRows,
  cli: EvaluateRows['cli'],
  inferred: FileSchema | null,
  record: FeatureKindsRecord,
  gradients: string | undefined,
  matching: readonly string[],
) {
  const warnings = [...rows.warnings, ...(inferred?.warnings ?? []), ...matching];
  return {
    ...(cli.format === 'onnx' && !hasTrees(cli.model)
      ? { gradients: gradients ?? (cli.approximateGradients ? 'approximate: central finite differences' : EXACT_GRADIENTS) }
      : {}),
    ...(rows.preprocessed ? { outOfRangeRows: rows.outOfRangeRows } : {}),
    schema: record.source,
    featureKinds: record,
    ...(rows.accuracy ? { accuracy: rows.accuracy } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function runExtendedMetric(
  o: EvaluateAttributionsOptions,
  id: string,
  rows: EvaluateRows,
  attributions: Matrix,
  groundTruth: Matrix | undefined,
  explainer: Explainer | undefined,
  scale: PerturbationScale | undefined,
  targets: Int32Array | undefined,
): MetricResult {
  const { x, train } = rows;
  const e = extendedMetrics[id as ExtendedMetricId];
  if (e.info.requires.includes('background') && train === undefined)
    throw new XaiError('BAD_OPTION', `${id} needs background rows: give --train <csv> (or --data)`, {
      fn: FN,
      arg: '--train',
      value: undefined,
    });
  if (e.info.requires.includes('ground-truth') && groundTruth === undefined)
    throw new XaiError('BAD_OPTION', `${id} needs --ground-truth <csv>`, { fn: FN, arg: '--ground-truth', value: undefined });
  const ex = explainer;
  return e.run(rows.cli.model, x, attributions, targets, ex ? (m, xx, t) => ex.explain(m, xx, { targets: t }) : undefined, {
    ...(e.info.seeded ? { seed: o.seed } : {}),
    ...scale?.metricOptions(id),
    ...(e.info.requires.includes('background') ? { background: train } : {}),
    ...(groundTruth ? { groundTruth } : {}),
    ...extendedPresetOption(o.preset),
  });
}

/** One output shape for the eleven and the extended metrics. */
function evaluationJson(
  o: EvaluateAttributionsOptions,
  id: string,
  r: MetricResult,
  extras: ReturnType<typeof evaluationExtras> & Pick<EvaluationJson, 'anchors' | 'fixedClass' | 'controls'>,
): EvaluationJson {
  const num = (v: number): number | null => (Number.isFinite(v) ? v : null);
  return {
    metric: id,
    preset: o.preset,
    // Under a peer preset: what the explainer, the metric and the noise units each followed.
    ...(isPeerPreset(o.preset) ? { presets: presetStages(o.preset) } : {}),
    precision: o.precision ?? 'float64',
    values: Array.from(r.values, num),
    mean: num(r.mean),
    se: num(r.se),
    count: r.count,
    undefined: [...r.undefinedIndices],
    ...extras,
  };
}
