import type { Explainer, FeatureSchema, Matrix, Model } from '@xai/core';
import { XaiError, checkOptions, isValueModel } from '@xai/core';
import { ALL_EXPLAINER_IDS, createExplainer, isExplainerId, plotBase } from '@xai/explainers';
import type { IntegratedGradientsExplainer, PlotBaseSource, TreeShapAlgorithm, TreeShapExplainer, TreeShapResult } from '@xai/explainers';
import type { Precision } from '@xai/models/node';
import type { PresetName } from '../config/ids.js';
import { protocolPreset } from '../config/presetStages.js';
import type { CliModel } from '../inputs/loadCliModel.js';
import { loadCliModel } from '../inputs/loadCliModel.js';
import { fitFiniteDifferences, gradientVerdict } from '../inputs/gradientMethods.js';
import type { OnnxOutputKind } from '@xai/onnx';
import { readModelRows } from './modelRows.js';
import type { CsvReading } from './modelRows.js';
import { refuseMissingCells } from '../inputs/missingCells.js';
import { modelChance } from './modelChance.js';
import type { RowsAccuracy } from './modelChance.js';
import { datasetClasses } from '../inputs/checkModelTask.js';
import { commandSchema } from './fileSchema.js';
import type { FeatureKindsRecord } from '../inputs/featureKinds.js';
import type { UserDataSpec } from '../inputs/userBenchDataset.js';
import { loadUserBenchDataset } from '../inputs/userBenchDataset.js';
import { modelInputSpace } from '../inputs/modelInputSpace.js';
import { checkMissingValueCells } from '../inputs/missingValueCells.js';
import { checkNamedFeatures } from '../inputs/namedFeatures.js';
import { perturbationScale } from '../inputs/perturbationScale.js';
import { withCliHints, withCliHintsAsync } from '../cli/cliHints.js';
import type { PerturbationScale } from '../inputs/perturbationScale.js';
import type { ModelInput, ModelInputSpace } from '../inputs/modelInputSpace.js';
import { checkMethodForModel, dataMissingPolicy, explainsClassOne } from '../inputs/treeModels.js';
import { modelBackground } from '../inputs/modelBackground.js';
import { type ClassChoice, choiceTargets, classChoice, fixedIndex } from './classRule.js';
import { type IgCompletenessRecord, igCompletenessCheck } from './igCompleteness.js';

export interface ExplainInstancesOptions {
  /** An `xai-model@1` JSON or an `.onnx` file. */
  readonly model: string;
  /** A CSV of raw rows (a model with a preprocessing block) or of model inputs. One of `instances` / `data`. */
  readonly instances?: string;
  /** A user CSV (`--data my.csv --label y`): its test split (scaled as the loader does) is explained, its train split is the background. */
  readonly data?: UserDataSpec;
  readonly method: string;
  /** Training features (IG baseline, KernelSHAP background). */
  readonly train?: string;
  /** A column to drop from the CSVs (e.g. the label). */
  readonly label?: string;
  /** With `instances`: more columns to drop from the CSVs (`--ignore`: ids, free text). */
  readonly ignore?: readonly string[];
  readonly preset: PresetName;
  readonly seed: number;
  /** Arithmetic of a JSON model (see loadCliModel). @defaultValue 'float64' */
  readonly precision?: Precision;
  /** With `data`: what a model without a preprocessing block eats (see modelInputSpace). @defaultValue 'raw' */
  readonly modelInput?: ModelInput;
  /** The feature count of an ONNX graph whose input width is dynamic (`--input-dim`). */
  readonly inputDim?: number;
  /** TreeSHAP's algorithm (`--tree-shap`). @defaultValue 'path-dependent' */
  readonly treeShap?: TreeShapAlgorithm;
  /** TreeSHAP (path-dependent): also the interaction values (`--interactions`). @defaultValue false */
  readonly interactions?: boolean;
  /** With `instances`: a schema file (OpenXAI feature metadata or xai-data-schema@1) giving the feature kinds (see `fileSchema`). */
  readonly schema?: string;
  /** What an ONNX graph's output holds (`--output`). @defaultValue discovered from the graph */
  readonly output?: OnnxOutputKind;
  /** Use finite-difference gradients even when their error estimate is above 1 % (`--allow-approximate`). */
  readonly allowApproximate?: boolean;
  /** How `instances` and `train` are read (`--encoding`, `--decimal`); `data` carries its own. */
  readonly csv?: CsvReading;
  /** The class every row's attributions explain (`--class`: a class name or index, or `predicted`). @defaultValue see classChoice */
  readonly class?: string;
}

/** What `xai explain` adds for TreeSHAP: per row the expected raw score, and how it was computed. */
export interface TreeShapOutput {
  readonly expectedValue: Float64Array;
  /** With `interactions`: n × d × d (see TreeShapResult.interactions). */
  readonly interactions?: Float64Array;
  /** Algorithm, where the covers came from, background rows. */
  readonly note: {
    readonly algorithm: TreeShapAlgorithm;
    readonly covers?: string;
    readonly backgroundRows?: number;
    readonly explains: string;
    readonly interactions?: string;
  };
}

/** The rows a model command works on, and what to tell the user about them. */
export interface CommandRows {
  readonly cli: CliModel;
  readonly x: Matrix;
  readonly names: readonly string[];
  readonly train: Matrix | undefined;
  readonly preprocessed: boolean;
  readonly outOfRangeRows: number;
  readonly warnings: readonly string[];
  /** The dataset's schema (kinds, one-hot groups), when the rows come from `--data`. */
  readonly schema?: FeatureSchema;
  /** The file the rows came from, and each row's 0-based data row in it (null when not known). */
  readonly source: string;
  readonly rowIndex: Int32Array | null;
  /** With `--data` split into train and test: the 1-based line of the file holding each row. */
  readonly sourceLines?: Int32Array;
  /** With `--data`: the input space the model was given. */
  readonly inputSpace?: ModelInputSpace;
  /** The label's class names in output order, when the model or the data name them. */
  readonly classNames?: readonly string[];
  /** With labels (`--data`, or `--label` naming a column of the instances): the model's accuracy on these rows and the base rate. */
  readonly accuracy?: RowsAccuracy;
  /** Without `--train`: where the background rows the model file keeps came from. */
  readonly background?: string;
}

/**
 * Shared by `xai explain` and `xai evaluate`: loads the model (JSON or ONNX) and the rows —
 * `--instances` raw rows through the model's preprocessing block (or as they are, with a
 * warning when they look unscaled), or `--data` (the test split of a user CSV, the train
 * split as background).
 * @since 0.2.0
 */
export async function commandRows(
  o: {
    model: string;
    instances?: string | undefined;
    data?: UserDataSpec | undefined;
    train?: string | undefined;
    label?: string | undefined;
    ignore?: readonly string[] | undefined;
    seed: number;
    precision?: Precision | undefined;
    modelInput?: ModelInput | undefined;
    inputDim?: number | undefined;
    output?: OnnxOutputKind | undefined;
    csv?: CsvReading | undefined;
  },
  what: string,
): Promise<CommandRows> {
  const fn = `xai ${what}`;
  if ((o.instances === undefined) === (o.data === undefined))
    throw new XaiError('BAD_OPTION', 'give the rows with --instances <csv> or --data <csv> --label <column> (one of them)', {
      fn,
      arg: '--instances',
      value: undefined,
    });
  // --data first: an ONNX graph's stored class labels are matched to the data's by name
  const ds = o.data === undefined ? undefined : await loadUserBenchDataset(dataMissingPolicy(o.data, [], [o.model]), { seed: o.seed });
  const classes = ds?.preprocessing.label?.classes;
  const cli = await withCliHintsAsync(fn, undefined, () =>
    loadCliModel(o.model, o.precision ?? 'float64', o.inputDim, {
      ...(o.output !== undefined ? { output: o.output } : {}),
      ...(classes !== undefined ? { classes } : {}),
    }),
  );
  try {
    const { y, ...rows } = ds !== undefined ? dataRows(o, ds, cli, what) : instanceRows(o, cli, what);
    fitFiniteDifferences(cli.model, rows.train, rows.x);
    // A model below chance is flagged as xai bench flags it: from its file's record, and on these rows' labels.
    const labelled = y === undefined ? null : { x: rows.x, y, classes: ds !== undefined ? datasetClasses(ds) : cli.model.classes };
    const chance = modelChance(cli, o.model, labelled, rows.classNames);
    return {
      ...rows,
      warnings: [...rows.warnings, ...chance.warnings],
      ...(chance.accuracy !== undefined ? { accuracy: chance.accuracy } : {}),
    };
  } catch (e) {
    cli.dispose();
    throw e;
  }
}

type RowOptions = Parameters<typeof commandRows>[0];

/** `--data`: the test split (in the model's input space) to explain, the train split as background. */
function dataRows(
  o: RowOptions,
  ds: Awaited<ReturnType<typeof loadUserBenchDataset>>,
  cli: CliModel,
  what: string,
): CommandRows & { y?: Int32Array } {
  const fn = `xai ${what}`;
  const data = o.data!;
  if (ds.schema.names.length !== cli.model.inputDim)
    throw new XaiError(
      'SHAPE_MISMATCH',
      `${data.data} has ${ds.schema.names.length} model columns (${ds.schema.names.slice(0, 6).join(', ')}) but ${o.model} takes ${cli.model.inputDim}`,
      { fn, arg: '--data', value: ds.schema.names.length },
    );
  // The same feature-space contract as xai bench: a model eats its own input space, its named features by name.
  checkNamedFeatures(cli.model, o.model, ds.preprocessing.features, data.data, { fn, arg: '--data' });
  const space = modelInputSpace(ds, 'file', cli.model, o.modelInput ?? 'raw');
  const train = o.train === undefined ? space.train : readModelRows(o.train, cli.model, { label: o.label, what, csv: o.csv }).x;
  checkMissingValueCells(
    cli.model,
    o.model,
    [
      { x: space.test, data: data.test ?? `${data.data} (its test split)`, names: ds.schema.names },
      { x: train, data: o.train ?? `${data.data} (its train split)`, names: ds.schema.names },
    ],
    fn,
  );
  const classNames = ds.preprocessing.label?.classes;
  return {
    cli,
    x: space.test,
    names: ds.schema.names,
    schema: ds.schema,
    train,
    preprocessed: true,
    outOfRangeRows: ds.user.provenance.testOutOfRange?.rows ?? 0,
    warnings: ds.warnings,
    source: data.test ?? data.data,
    rowIndex: data.test !== undefined ? Int32Array.from({ length: space.test.rows }, (_, i) => i) : null,
    ...(ds.user.sourceLines ? { sourceLines: ds.user.sourceLines.test } : {}),
    inputSpace: space,
    ...(classNames ? { classNames } : {}),
    y: ds.test.y,
  };
}

/** `--instances`: the rows as given (through a model's preprocessing block), `--train` as background. */
function instanceRows(o: RowOptions, cli: CliModel, what: string): CommandRows & { y?: Int32Array } {
  const rows = readModelRows(o.instances!, cli.model, { label: o.label, ignore: o.ignore, what, csv: o.csv });
  checkNamedFeatures(cli.model, o.model, rows.names, o.instances!, { fn: `xai ${what}`, arg: '--instances' });
  const train =
    o.train === undefined
      ? undefined
      : readModelRows(o.train, cli.model, { label: o.label, ignore: o.ignore, what, columns: rows.names, csv: o.csv });
  checkMissingValueCells(
    cli.model,
    o.model,
    [
      { x: rows.x, data: o.instances!, names: rows.names },
      { x: train?.x, data: o.train ?? '', names: rows.names },
    ],
    `xai ${what}`,
  );
  const kept = train === undefined ? modelBackground(cli.model as { inputDim: number; metadata?: unknown }, o.model) : undefined;
  const classNames = cli.model.preprocessing?.label?.classes ?? (cli.model as { classLabels?: readonly string[] }).classLabels;
  return {
    cli,
    x: rows.x,
    names: rows.names,
    train: train?.x ?? kept,
    ...(kept ? { background: `${o.model}: ${kept.rows} background rows kept by the model file (metadata.background)` } : {}),
    preprocessed: rows.preprocessed,
    outOfRangeRows: rows.outOfRangeRows,
    warnings: [...rows.warnings, ...(train?.warnings ?? [])],
    source: o.instances!,
    rowIndex: Int32Array.from({ length: rows.x.rows }, (_, i) => i),
    ...(classNames ? { classNames } : {}),
    ...(rows.y !== undefined ? { y: rows.y } : {}),
  };
}

/**
 * The noise units of `xai explain` / `xai evaluate`: under `default`, when training rows are
 * known (`--train`, or the train split of `--data`), each column's training range (one-hot and
 * discrete columns keep 1; min-max-scaled rows have ranges 1); else the absolute constants.
 * @since 0.3.0
 */
export function commandScale(
  preset: PresetName,
  train: Matrix | undefined,
  schema: FeatureSchema | undefined,
): PerturbationScale | undefined {
  return protocolPreset(preset) === 'default' && train !== undefined ? perturbationScale(preset, train, schema) : undefined;
}

/** Per explained row, the output its attributions start from (see plotBase), and where that comes from. */
export interface BaseValues {
  readonly values: Float64Array;
  readonly from: PlotBaseSource;
}

/**
 * The base value of each row's explained class: the mean output over the explainer's background
 * or at its baseline when its attributions add up against it (Σφ = f(x) − base), else over the
 * training rows; none without training rows to say it.
 */
function baseValues(model: Model, explainer: Explainer, train: Matrix | undefined, explained: Int32Array): BaseValues | undefined {
  if (train === undefined || isValueModel(model)) return undefined;
  const byClass = new Map<number, { base: number; from: PlotBaseSource }>();
  const values = new Float64Array(explained.length);
  let from: PlotBaseSource = 'training-mean';
  explained.forEach((c, i) => {
    let b = byClass.get(c);
    if (b === undefined) {
      b = plotBase(model, explainer, train, c);
      byClass.set(c, b);
    }
    values[i] = b.base;
    from = b.from;
  });
  return { values, from };
}

/** The option keys explainInstances takes (any other is BAD_OPTION). */
const EXPLAIN_INSTANCES_KEYS = [
  'model',
  'instances',
  'data',
  'method',
  'train',
  'label',
  'ignore',
  'preset',
  'seed',
  'precision',
  'modelInput',
  'inputDim',
  'treeShap',
  'interactions',
  'schema',
  'output',
  'allowApproximate',
  'csv',
  'class',
] as const;

/**
 * `xai explain`: a model file + rows + a method → attributions (of the class classChoice
 * picks: under the default preset a binary classifier's class 1, else each row's predicted class). See {@link commandRows} for where the rows come from.
 * @since 0.1.0
 */
export async function explainInstances(options: ExplainInstancesOptions): Promise<
  CommandRows & {
    attributions: Matrix;
    explainedClass: Int32Array;
    /** The class index every row explains, when one is (a fixed `class`, or a binary classifier under the default preset). */
    fixedClass?: number;
    /** How the explained class was chosen (see classChoice). */
    classChoice: ClassChoice;
    featureKinds: FeatureKindsRecord;
    treeShap?: TreeShapOutput;
    gradients?: string;
    base?: BaseValues;
    /** IG: how far the quadrature misses f(x) − f(baseline) (see igCompleteness). */
    igCompleteness?: IgCompletenessRecord;
  }
> {
  checkOptions(options, EXPLAIN_INSTANCES_KEYS, 'explainInstances');
  if (!isExplainerId(options.method)) {
    throw new XaiError('BAD_OPTION', `unknown method ${JSON.stringify(options.method)} (choose from ${ALL_EXPLAINER_IDS.join(', ')})`, {
      fn: 'xai explain',
      arg: '--method',
      value: options.method,
    });
  }
  const r = await commandRows(options, 'explain');
  try {
    // The kinds xai evaluate will perturb with: explain's noise units follow them, and both record them.
    const kinds = commandSchema('xai explain', options.model, { ...r, preprocessing: r.cli.model.preprocessing }, options.schema);
    const scale = commandScale(options.preset, r.background === undefined ? r.train : undefined, kinds.schema);
    const method = options.method;
    checkMethodForModel(method, r.cli.model, options.model, 'xai explain');
    if (method !== 'treeshap')
      refuseMissingCells(
        r,
        { x: r.train, source: options.train },
        'xai explain',
        `of the methods only treeshap reads missing values (each split's missing branch): use --method treeshap, or fill or drop the rows with missing cells for ${method}`,
      );
    const verdict = gradientVerdict(r.cli.model, [method], {
      x: r.x,
      names: r.names,
      allowApproximate: options.allowApproximate === true,
      file: options.model,
      fn: 'xai explain',
      arg: '--method',
    });
    const explainer = withCliHints('xai explain', method, () =>
      createExplainer(method, {
        preset: options.preset,
        seed: options.seed,
        ...(r.train ? { train: r.train } : {}),
        ...scale?.explainerOptions(method),
        ...(method === 'treeshap' && options.treeShap !== undefined ? { algorithm: options.treeShap } : {}),
        ...(method === 'treeshap' && options.interactions === true ? { interactions: true } : {}),
      }),
    );
    const choice = classChoice(
      {
        flag: options.class,
        preset: options.preset,
        model: { classes: r.cli.model.classes, classNames: r.classNames },
        treeScore: method === 'treeshap' && explainsClassOne(r.cli.model),
      },
      'xai explain',
    );
    const fixed = fixedIndex(choice);
    const fixedClass = fixed === undefined ? {} : { fixedClass: fixed };
    if (method === 'treeshap') {
      const t = explainTreeRows(explainer as TreeShapExplainer, r.cli.model, r.x, choice);
      return {
        ...r,
        ...fixedClass,
        classChoice: choice,
        attributions: t.attributions,
        explainedClass: t.targets,
        featureKinds: kinds.record,
        treeShap: treeShapOutput(t, options.treeShap ?? 'path-dependent'),
      };
    }
    // The class rule (classRule.ts) says which class each row explains; the output says which, row by row.
    const explainedClass = choiceTargets(choice, r.cli.model, r.x);
    const { attributions, ig } = explainRows(explainer, r, explainedClass);
    const warnings = [...r.warnings, ...(kinds.inferred?.warnings ?? []), ...(ig?.warning ? [ig.warning] : [])];
    const base = baseValues(r.cli.model, explainer, r.train, explainedClass);
    return {
      ...r,
      warnings,
      attributions,
      explainedClass,
      ...fixedClass,
      classChoice: choice,
      ...(base !== undefined ? { base } : {}),
      featureKinds: kinds.record,
      ...(verdict !== undefined ? { gradients: verdict.note } : {}),
      ...(ig ? { igCompleteness: ig.record } : {}),
    };
  } finally {
    r.cli.dispose();
  }
}

/** The attributions of every row's class; IG's also with its completeness gap (one more forward pass). */
function explainRows(
  explainer: Explainer,
  r: CommandRows,
  targets: Int32Array,
): { attributions: Matrix; ig?: ReturnType<typeof igCompletenessCheck> } {
  return withCliHints('xai explain', explainer.id, () => {
    const ig = explainer as IntegratedGradientsExplainer;
    // The gap needs the explained output itself: logits when IG integrates them.
    const checkable = explainer.id === 'ig' && (ig.config.output !== 'logit' || typeof r.cli.model.logits === 'function');
    if (!checkable) return { attributions: explainer.explain(r.cli.model, r.x, { targets }) };
    const c = ig.explainWithCompleteness(r.cli.model, r.x, { targets });
    const where = (i: number): string =>
      r.sourceLines ? `line ${r.sourceLines[i]}` : r.rowIndex ? `row ${r.rowIndex[i]}` : `explained row ${i}`;
    return { attributions: c.attributions, ig: igCompletenessCheck(c, ig.config, where) };
  });
}

/** TreeSHAP explains the raw score: a binary model's class 1, a multi-class model's predicted class, unless --class chose. */
function explainTreeRows(explainer: TreeShapExplainer, model: Model, x: Matrix, choice: ClassChoice): TreeShapResult {
  const chosen = choice.kind === 'fixed' || (choice.kind === 'predicted' && choice.why === 'flag');
  const targets = chosen ? choiceTargets(choice, model, x) : undefined;
  return withCliHints('xai explain', 'treeshap', () => explainer.explainTrees(model, x, targets ? { targets } : undefined));
}

function treeShapOutput(t: TreeShapResult, algorithm: TreeShapAlgorithm): TreeShapOutput {
  return {
    expectedValue: t.expectedValue,
    ...(t.interactions ? { interactions: t.interactions } : {}),
    note: {
      algorithm,
      ...(t.covers === 'file' ? { covers: 'from the model file' } : {}),
      ...(t.covers === 'counted' ? { covers: `counted from ${t.rows} --train rows (the file stores none)` } : {}),
      ...(algorithm === 'interventional' ? { backgroundRows: t.rows ?? 0 } : {}),
      explains: 'the raw score (the margin before the post transform); per row, sum of attributions + expectedValue = the raw score',
      ...(t.interactions
        ? {
            interactions:
              "per row a features x features matrix (symmetric); each of its rows sums to that feature's attribution, the diagonal holds the main effects",
          }
        : {}),
    },
  };
}
