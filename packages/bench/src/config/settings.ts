// Every flag of the `xai` commands, each fact once: the commander options, the `--config` keys
// of `xai bench`, the numeric bounds and docs/cli-reference.md are all generated from this table.
// A new flag is one row. The id lists in the help are read from the registries (the CLI entry
// loads @xai/explainers and @xai/metrics anyway), so a new explainer, metric or dataset is listed
// without touching this file.
import { EXPLAINER_REGISTRY, TREE_SHAP_ALGORITHMS } from '@xai/explainers';
import { CLASS_RULE, PREDICTED_CLASS } from '../explain/classRule.js';
import {
  ALL_EXPLAINERS,
  ALL_METRICS,
  BEYOND_OPENXAI_EXPLAINERS,
  DATASETS,
  EXPLAINERS,
  METRICS,
  MODELS,
  PEER_PRESETS,
  PRESETS,
  PROTOCOL_PRESETS,
} from './ids.js';

/** The commands whose flags this table holds (`xai audit` has its own table in @xai/audit). */
export const SETTING_COMMANDS = ['bench', 'train', 'data list', 'data export', 'explain', 'evaluate', 'merge', 'report'] as const;
export type SettingCommand = (typeof SETTING_COMMANDS)[number];

/** Inclusive bounds of a numeric setting, checked before any work starts. */
export interface SettingBounds {
  readonly min: number;
  readonly max: number;
}

/** How one command takes a setting: `true`, or what differs there from the row. */
export type SettingUse =
  | true
  | {
      /** The help on this command (else the row's). */
      readonly help?: string;
      /** The default on this command (else the row's). */
      readonly default?: string;
      /** The command refuses to run without it. */
      readonly required?: true;
    };

/** One setting: a flag, the config key it sets, its value, default, bounds and help, and the commands that take it. */
export interface Setting {
  readonly flag: `--${string}`;
  /** The value's placeholder (`<n>`); absent for a switch. */
  readonly value?: `<${string}>`;
  /** The key in `xai bench --config` files and `resolveBenchConfig` input; absent: a flag of the command line only. */
  readonly key?: string;
  readonly help: string;
  /** What applies when the flag is absent, as the help shows it. */
  readonly default?: string;
  readonly bounds?: SettingBounds;
  /** The flag may be given several times (each value collected); any other value flag given twice is an error. */
  readonly repeatable?: true;
  /** The values a choice or list setting takes, read and refused by `choiceSetting` / `listSetting` (settingValues.ts). */
  readonly choices?: readonly string[];
  /** Other spellings of a choice, accepted as the choice they name (`pure` → `ts`). */
  readonly aliases?: Readonly<Record<string, string>>;
  /**
   * A comma-separated list (a config array) of choices, each once, in the choices' order: `all`
   * means every choice, the ones named, or stays the token `all` (`'keep'`: known at run time).
   */
  readonly list?: { readonly all?: readonly string[] | 'keep'; readonly upperCase?: true };
  /** `--data` or a setting that describes its CSV: refused without `--data`, carried in `UserDataSpec`. */
  readonly userData?: true;
  readonly commands: Readonly<Partial<Record<SettingCommand, SettingUse>>>;
}

/** Largest instance count any `--*instances` setting takes (the test split caps it further). */
export const MAX_INSTANCES = 1_000_000;

const COUNT_WORDS = ['none', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const countWord = (n: number): string => COUNT_WORDS[n] ?? String(n);
const forTrees = (id: (typeof BEYOND_OPENXAI_EXPLAINERS)[number]): boolean => EXPLAINER_REGISTRY[id].info.needs === 'trees';
/** OpenXAI's explainers, the others that run on any model they apply to, and those for tree models, from the registry. */
const OPENXAI_EXPLAINERS = EXPLAINERS.join(', ');
const OTHER_EXPLAINERS = BEYOND_OPENXAI_EXPLAINERS.filter((id) => !forTrees(id)).join(', ');
const TREE_EXPLAINERS = BEYOND_OPENXAI_EXPLAINERS.filter(forTrees).join(', ');
const OPENXAI_METRICS = METRICS.join(', ');

const DATA_DIR_DEFAULT = '$XAI_DATA_DIR, else $XDG_DATA_HOME/xai/datasets, else ~/.local/share/xai/datasets';
const CACHE_DIR_DEFAULT = '$XAI_CACHE_DIR, else $XDG_CACHE_HOME/xai, else ~/.cache/xai';
const INSTANCE_BOUNDS: SettingBounds = { min: 1, max: MAX_INSTANCES };
const PRECISION_HELP =
  "arithmetic of the model: float32 (a JSON model as the released OpenXAI code's torch float32 computes; an .onnx file on the interpreter as ONNX Runtime computes) or float64 (an .onnx graph too, its float32 weights widened exactly)";
const MODEL_INPUT_HELP =
  'what a --model file without a preprocessing block eats on --data rows: raw (the CSV columns as given) or scaled (min-max on the training rows)';
const SCHEMA_FOR_INSTANCES =
  'feature kinds and one-hot groups: a schema for --data, or for --instances OpenXAI feature metadata / an xai-data-schema@1 naming the columns';
const ENCODING_VALUES =
  'utf-8, latin1 (= windows-1252), iso-8859-15, utf-16le, utf-16be (an invalid UTF-8 byte is an error naming its line and byte)';
const DECIMAL_VALUES =
  "auto reads 1,3 as 1.3 in a ';'- or tab-separated file and refuses it in a ','-separated one; , reads decimal commas whatever the separator; . keeps such cells as text";
/** The report layouts (`--layout`); `paper` also writes OpenXAI's tables. */
const LAYOUTS = ['default', 'paper'] as const;
const PROTOCOL_LIST = PROTOCOL_PRESETS.join(' | ');
const INPUT_DIM_HELP = 'the feature count of an ONNX model whose input width is dynamic (only for an .onnx --model)';

// The rows keep their literal types (`as const`) so the commands' flag types and the config keys
// are derived from them below: a new row is a new flag everywhere, with no interface to extend.
const ROWS = [
  {
    flag: '--config',
    value: '<file>',
    help: 'a JSON file with any of the settings that have a config key (camelCase keys; flags win; unknown or repeated keys are errors)',
    commands: { bench: true },
  },
  {
    flag: '--datasets',
    value: '<list>',
    key: 'datasets',
    help: `comma-separated: ${DATASETS.join(', ')}, or all (synthetic + every real dataset found)`,
    default: 'synthetic; none when --data is given',
    choices: DATASETS,
    list: { all: 'keep' },
    commands: { bench: true, train: true },
  },
  {
    flag: '--model',
    value: '<file>',
    help: "an 'xai-model@1' JSON (from xai train), an XGBoost JSON model or an .onnx file",
    commands: { explain: { required: true }, evaluate: { required: true } },
  },
  {
    flag: '--instances',
    value: '<csv>',
    help: 'the rows: raw columns (matched by name) for a model that carries its preprocessing, else the model inputs',
    commands: { explain: true, evaluate: true },
  },
  {
    flag: '--data',
    value: '<csv>',
    key: 'data',
    help: 'your own CSV as a dataset (with --label): the models are trained on it, and each saved model carries its preprocessing',
    userData: true,
    commands: {
      bench: { help: 'your own CSV as a dataset (with --label; replaces the default synthetic set unless --datasets is given)' },
      train: true,
      'data export': { help: 'your own CSV instead of a named dataset (with --label)' },
      explain: {
        help: 'or: a user CSV (with --label): its test split is explained (scaled as xai train does), its train split is the background',
      },
      evaluate: { help: 'or: a user CSV (with --label): its test split, as xai explain --data explained it' },
    },
  },
  {
    flag: '--label',
    value: '<column>',
    key: 'label',
    help: 'the label column of --data',
    userData: true,
    commands: {
      bench: true,
      train: true,
      'data export': true,
      explain: { help: 'the label column (dropped from --instances; the label of --data)' },
      evaluate: { help: 'the label column (dropped from --instances; the label of --data)' },
    },
  },
  {
    flag: '--test',
    value: '<csv>',
    key: 'test',
    help: 'a separate test CSV for --data',
    default: 'a seeded stratified 80/20 split',
    userData: true,
    commands: { bench: true, train: true, 'data export': true, explain: true, evaluate: true },
  },
  {
    flag: '--schema',
    value: '<json>',
    key: 'schema',
    help: 'a schema file for --data (feature kinds, categorical columns, one-hot groups, classes)',
    default: 'inferred',
    userData: true,
    commands: {
      bench: true,
      train: true,
      'data export': true,
      explain: { help: SCHEMA_FOR_INSTANCES },
      evaluate: { help: SCHEMA_FOR_INSTANCES, default: 'inferred: kinds from the values, one-hot groups from prefix_value names' },
    },
  },
  {
    flag: '--ignore',
    value: '<columns>',
    key: 'ignore',
    help: 'columns of the CSV to drop, e.g. id,notes (ids, free text); a model file from xai train keeps them, so its raw rows may still hold them',
    userData: true,
    commands: { bench: true, train: true, 'data export': true, explain: true, evaluate: true },
  },
  {
    flag: '--missing',
    value: '<mode>',
    key: 'missing',
    help: "a missing cell of --data: error (naming it) or drop-rows (its row dropped, counted); with tree models only (XGBoost JSON, tree .onnx) and no --missing, a numeric missing cell is NaN and goes down each split's missing-value branch",
    default: 'error',
    choices: ['error', 'drop-rows'],
    userData: true,
    commands: { bench: true, train: true, 'data export': true, explain: true, evaluate: true },
  },
  {
    flag: '--encoding',
    value: '<name>',
    key: 'encoding',
    help: `encoding of the --data/--test CSV files: ${ENCODING_VALUES}`,
    default: 'utf-8',
    userData: true,
    commands: {
      bench: true,
      train: true,
      'data export': true,
      explain: { help: `encoding of every CSV the command reads (--data, --test, --instances, --train): ${ENCODING_VALUES}` },
      evaluate: {
        help: `encoding of every CSV the command reads (--data, --test, --instances, --train, --ground-truth): ${ENCODING_VALUES}`,
      },
    },
  },
  {
    flag: '--decimal',
    value: '<mark>',
    key: 'decimal',
    help: `decimal mark of the --data/--test numbers: ${DECIMAL_VALUES}`,
    default: 'auto',
    choices: ['auto', ',', '.'],
    userData: true,
    commands: {
      bench: true,
      train: true,
      'data export': true,
      explain: { help: `decimal mark of every CSV the command reads (--data, --test, --instances, --train): ${DECIMAL_VALUES}` },
      evaluate: {
        help: `decimal mark of every CSV the command reads (--data, --test, --instances, --train, --ground-truth): ${DECIMAL_VALUES}`,
      },
    },
  },
  {
    flag: '--models',
    value: '<list>',
    key: 'models',
    help: `built-in models to train: ${MODELS.join(', ')}`,
    default: 'lr,ann; none when --model is given',
    choices: MODELS,
    list: {},
    commands: { bench: true, train: { default: 'lr,ann' } },
  },
  {
    flag: '--model',
    value: '<file>',
    key: 'modelFiles',
    repeatable: true,
    help: 'a model file to evaluate: xai-model@1 JSON, an XGBoost JSON model, or .onnx (repeat to compare several on the same data); tree models run control, shap, lime, treeshap by default',
    commands: { bench: true },
  },
  {
    flag: '--method',
    value: '<id>',
    help: `${OPENXAI_EXPLAINERS}, or ${OTHER_EXPLAINERS}, ${TREE_EXPLAINERS} (tree models)`,
    commands: {
      explain: { required: true },
      evaluate: {
        help: 'the explainer (stability metrics re-explain the neighbours, and with a deterministic method the rows too, so e and e′ come from one implementation; read from the attributions JSON if absent)',
      },
    },
  },
  {
    flag: '--class',
    value: `<name|index|${PREDICTED_CLASS}>`,
    help: `the class every row's attributions explain: ${CLASS_RULE.flag}`,
    default: `under the default preset ${CLASS_RULE.default}; under openxai and paper ${CLASS_RULE.openxai}`,
    commands: {
      explain: true,
      evaluate: {
        help: `the class the attributions explain (${CLASS_RULE.flag}); a value other than the attributions file's fixedClass is refused`,
        default: "the attributions file's record (else the preset's rule, as xai explain)",
      },
    },
  },
  {
    flag: '--no-controls',
    help: 'score the attributions alone: skip the floor explainers and the permuted null (and so the verdict)',
    commands: { evaluate: true },
  },
  {
    flag: '--attributions',
    value: '<file>',
    help: 'from xai explain (.json, or .csv with its .meta.json): matched to --model, the instances and --method by the hashes and names it records, features by name, rows by id',
    commands: { evaluate: { required: true } },
  },
  {
    flag: '--allow-foreign-attributions',
    help: 'score a file made elsewhere (no record of its model and instances: features matched by name, rows by id or position) or from another model, instances file or method (warned)',
    commands: { evaluate: true },
  },
  {
    flag: '--metric',
    value: '<id>',
    help: `${OPENXAI_METRICS}, or an extended one (INFIDELITY, DELETION, SPARSENESS, …)`,
    commands: { evaluate: { required: true } },
  },
  {
    flag: '--train',
    value: '<csv>',
    help: 'training features: the IG baseline (mean) and the KernelSHAP background',
    commands: { explain: true, evaluate: { help: 'training features (explainer baseline; feature kinds are inferred from it)' } },
  },
  {
    flag: '--ground-truth',
    value: '<csv>',
    help: 'per-instance ground truth for PRA..SRA',
    default: 'for an LR model: its own weights',
    commands: { evaluate: true },
  },
  {
    flag: '--backend',
    value: '<name>',
    key: 'backend',
    help: "forward passes of the built-in models, xai-model@1 and .onnx files (an .onnx file: the ONNX interpreter under ts/js, unless it holds an op outside it; under ort its forward passes run on ONNX Runtime in the graph's own float32 and its input gradients stay the interpreter's exact ones; the model line says which ran): ts or pure (pure TS, the reference; WebAssembly SIMD kernels where available), js (pure TS on the scalar JS kernels: the same bits, slower) or ort (ONNX Runtime, 1 thread per worker)",
    default: 'ts',
    choices: ['ts', 'js', 'ort'],
    aliases: { pure: 'ts' },
    commands: { bench: true },
  },
  {
    flag: '--precision',
    value: '<p>',
    key: 'precision',
    help: PRECISION_HELP,
    default: 'float32 under --preset openxai, else float64',
    choices: ['float32', 'float64'],
    commands: { bench: true, explain: true, evaluate: true },
  },
  {
    flag: '--model-input',
    value: '<space>',
    key: 'modelInput',
    help: MODEL_INPUT_HELP,
    default: 'raw',
    choices: ['raw', 'scaled'],
    commands: { bench: true, explain: true, evaluate: true },
  },
  {
    flag: '--input-dim',
    value: '<n>',
    help: INPUT_DIM_HELP,
    bounds: { min: 1, max: 1_000_000 },
    commands: { explain: true, evaluate: true },
  },
  {
    flag: '--strict',
    key: 'strict',
    help: 'refuse a model that predicts one class or does not beat the base rate (else a loud warning)',
    commands: { bench: true },
  },
  {
    flag: '--tree-shap',
    value: '<algorithm>',
    key: 'treeShap',
    help: "TreeSHAP's algorithm: path-dependent (the trees' covers, as XGBoost's pred_contribs; an ONNX file's are counted from --train) or interventional (against --train rows as background)",
    default: 'path-dependent',
    choices: TREE_SHAP_ALGORITHMS,
    commands: { bench: true, explain: true, evaluate: true },
  },
  {
    flag: '--interactions',
    help: 'with --method treeshap (path-dependent): also the SHAP interaction values, "interactions" in the JSON output: per row a features x features matrix, symmetric, each of its rows summing to that feature\'s attribution (the diagonal: main effects), as XGBoost\'s pred_interactions',
    commands: { explain: true },
  },
  {
    flag: '--output',
    value: '<kind>',
    key: 'output',
    help: "what an ONNX model's output holds: probability, logit or value (e.g. a binary model's one logit column, otherwise read as a regression value)",
    default: 'discovered from the graph',
    choices: ['probability', 'logit', 'value'],
    commands: { bench: true, explain: true, evaluate: true },
  },
  {
    flag: '--allow-approximate',
    key: 'allowApproximate',
    help: 'use finite-difference gradients (an ONNX graph with an op outside the interpreter) even when their own error estimate is above 1 % of the largest gradient',
    commands: { bench: true, explain: true, evaluate: true },
  },
  {
    flag: '--explainers',
    value: '<list>',
    key: 'explainers',
    help: `${OPENXAI_EXPLAINERS} (all = these ${countWord(EXPLAINERS.length)}); also ${OTHER_EXPLAINERS}`,
    default: `the ${countWord(EXPLAINERS.length)}`,
    choices: ALL_EXPLAINERS,
    list: { all: EXPLAINERS },
    commands: { bench: true },
  },
  {
    flag: '--metrics',
    value: '<list>',
    key: 'metrics',
    help: `${OPENXAI_METRICS}; all = these + the extended ones (INFIDELITY, DELETION, MAX_SENSITIVITY, SPARSENESS, …; see docs/extended-metrics.md)`,
    default: `the ${countWord(METRICS.length)}`,
    choices: ALL_METRICS,
    list: { upperCase: true },
    commands: { bench: true },
  },
  {
    flag: '--instances',
    value: '<n>',
    key: 'instances',
    help: 'first N test instances per dataset',
    default: '100',
    bounds: INSTANCE_BOUNDS,
    commands: { bench: true },
  },
  {
    flag: '--full',
    key: 'full',
    help: 'the OpenXAI protocol: 1000 instances',
    commands: { bench: true },
  },
  {
    flag: '--explainer-instances',
    value: '<list>',
    key: 'explainerInstances',
    help: 'per-explainer instance counts, e.g. lime=100,shap=100 (all metrics of that explainer; each explainer named must run)',
    bounds: INSTANCE_BOUNDS,
    commands: { bench: true },
  },
  {
    flag: '--stability-instances',
    value: '<n|list>',
    key: 'stabilityInstances',
    help: 'stability (RIS/RRS/ROS) instance count: 100 for every explainer, or lime=100,shap=100',
    bounds: INSTANCE_BOUNDS,
    commands: { bench: true },
  },
  {
    flag: '--prediction-instances',
    value: '<n|list>',
    key: 'predictionInstances',
    help: 'PGI/PGU instance count, as --stability-instances',
    bounds: INSTANCE_BOUNDS,
    commands: { bench: true },
  },
  {
    flag: '--ground-truth-instances',
    value: '<n|list>',
    key: 'groundTruthInstances',
    help: 'PRA..SRA instance count, as --stability-instances',
    bounds: INSTANCE_BOUNDS,
    commands: { bench: true },
  },
  {
    flag: '--layout',
    value: '<name>',
    key: 'layout',
    help: `${LAYOUTS.join(' | ')} (also report-paper.md and paper.csv: OpenXAI tables 2–5)`,
    default: 'default',
    choices: LAYOUTS,
    commands: { bench: true, report: { default: "the run's" } },
  },
  {
    flag: '--save-explanations',
    key: 'saveExplanations',
    help: 'also write the attributions per dataset x model x explainer under <out>/explanations/ (CSV and .f64 + .json header)',
    commands: { bench: true },
  },
  {
    flag: '--preset',
    value: '<name>',
    key: 'preset',
    help: PRESETS.join(' | '),
    default: 'default',
    choices: PRESETS,
    commands: {
      bench: true,
      train: { help: `${PROTOCOL_LIST}; ${PEER_PRESETS.join(' and ')} train as default` },
      'data list': { help: `${PROTOCOL_LIST} (scaling and splits differ)` },
      'data export': { help: PROTOCOL_LIST },
      explain: true,
      evaluate: true,
    },
  },
  {
    flag: '--data-dir',
    value: '<dir>',
    key: 'dataDir',
    help: 'real datasets',
    default: DATA_DIR_DEFAULT,
    commands: { bench: true, train: true, 'data list': true, 'data export': true },
  },
  {
    flag: '--cache-dir',
    value: '<dir>',
    key: 'cacheDir',
    help: 'trained models and downloads',
    default: CACHE_DIR_DEFAULT,
    commands: { bench: true, train: true, 'data list': true, 'data export': true },
  },
  {
    flag: '--out',
    value: '<dir>',
    key: 'out',
    help: 'output folder',
    default: 'xai-results',
    commands: {
      bench: true,
      train: {
        help: 'where to write the models and models.json; a folder another xai train wrote keeps its models (models.json lists them all)',
        default: 'models',
      },
      'data export': { help: 'folder to write train.csv, validation.csv, test.csv, schema.json into', required: true },
      merge: { help: 'where to write the merged results and reports', required: true },
      report: { help: 'write the reports here instead of <dir> (partial reports never replace complete ones in <dir>)', default: '<dir>' },
    },
  },
  {
    flag: '--out',
    value: '<file>',
    help: 'attributions: .json (with the model and instances file hashes, features, rows, explainedClass, method, preset) or .csv (columns row, explained_class, then the features; the rest in <out>.meta.json); never an input file',
    commands: {
      explain: { required: true },
      evaluate: { help: 'write {"metric","values","mean","se","undefined"} here (never an input file)', default: 'print it' },
    },
  },
  {
    flag: '--workers',
    value: '<n>',
    key: 'workers',
    help: 'worker threads',
    default: 'the CPUs allocated to this process: affinity and cgroup quota',
    bounds: { min: 1, max: 256 },
    commands: { bench: true },
  },
  {
    flag: '--seed',
    value: '<n>',
    key: 'seed',
    help: 'run seed',
    default: '0',
    bounds: { min: 0, max: 2 ** 31 - 1 },
    commands: {
      bench: true,
      train: { help: 'training seed' },
      'data export': { help: 'split seed' },
      explain: { help: 'seed of the stochastic explainers' },
      evaluate: { help: 'seed of the metrics and of re-explained neighbours' },
    },
  },
  {
    flag: '--resume',
    key: 'resume',
    help: 'continue an interrupted run in --out: complete units are kept, the rest computed',
    commands: { bench: true },
  },
  {
    flag: '--force',
    help: 'replace the outputs of another run in --out (without it, or --resume, that is refused)',
    commands: {
      bench: true,
      train: { help: 'write into a folder holding other files, and replace models an earlier xai train wrote there' },
      'data export': { help: 'overwrite the files of an earlier export' },
      merge: { help: 'replace the results and reports already in --out (without it, that is refused)' },
      report: { help: 'replace the reports or results already in --out (without it, that is refused)' },
    },
  },
  {
    flag: '--shard',
    value: '<i/n>',
    key: 'shard',
    help: 'compute only shard i of n (1-based) of the units; combine with xai merge',
    bounds: { min: 1, max: 100_000 },
    commands: { bench: true },
  },
  {
    flag: '--block-size',
    value: '<n>',
    key: 'blockSize',
    help: 'instances per unit of work',
    default: '10',
    bounds: { min: 1, max: 10_000 },
    commands: { bench: true },
  },
  {
    flag: '--stability-neighbours',
    value: '<n>',
    key: 'stabilityNeighbours',
    help: 'stability: same-label neighbours kept per instance',
    default: '100',
    bounds: { min: 1, max: 10_000 },
    commands: { bench: true, evaluate: true },
  },
  {
    flag: '--stability-samples',
    value: '<n>',
    key: 'stabilitySamples',
    help: 'stability: candidate draws per instance',
    default: '1000',
    bounds: { min: 1, max: 1_000_000 },
    commands: { bench: true, evaluate: true },
  },
  {
    flag: '--download',
    key: 'download',
    help: 'fetch missing real datasets from their canonical address into the cache',
    commands: { bench: true, train: true, 'data export': true },
  },
  {
    flag: '--allow-partial',
    help: 'report damaged results (CRC-corrupt, torn, lost or repeated lines) anyway; every page then says what is missing',
    commands: { report: true },
  },
  {
    flag: '--json',
    help: 'print JSON instead of a table',
    commands: { 'data list': true, evaluate: { help: 'print the result as one JSON line instead of the readable summary' } },
  },
] as const satisfies readonly Setting[];

/**
 * The settings, in help order.
 * @since 0.3.0
 */
export const SETTINGS: readonly Setting[] = ROWS;

type Row = (typeof ROWS)[number];
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** The commander option name of a flag, as a type (`'--block-size'` → `'blockSize'`; a negated `'--no-controls'` → `'controls'`). */
type FlagName<F extends string> = F extends `--no-${infer Name}` ? Camel<Name> : F extends `--${infer Name}` ? Camel<Name> : never;
type RowsOf<C extends SettingCommand> = Extract<Row, { readonly commands: { readonly [K in C]: SettingUse } }>;
type RequiredRowsOf<C extends SettingCommand> = Extract<Row, { readonly commands: { readonly [K in C]: { readonly required: true } } }>;
/** What commander hands over for a row: each value of a repeatable flag, the text of a value flag, or a switch. */
type FlagValue<R extends Row> = R extends { readonly repeatable: true }
  ? string[]
  : R extends { readonly value: string }
    ? string
    : boolean;

/**
 * The parsed flags of one command, derived from the rows that name it: a flag the command
 * requires is present, every other one optional.
 */
export type FlagsOf<C extends SettingCommand> = {
  -readonly [R in Exclude<RowsOf<C>, RequiredRowsOf<C>> as FlagName<R['flag']>]?: FlagValue<R>;
} & { -readonly [R in RequiredRowsOf<C> as FlagName<R['flag']>]: FlagValue<R> };

/** A `xai bench --config` key: the key of a row that `xai bench` takes. */
export type ConfigKey = Extract<RowsOf<'bench'>, { readonly key: string }>['key'];
type KeyRow = Extract<RowsOf<'bench'>, { readonly key: string }>;
/** The config keys of switches: a flag without a value, a boolean in a config file. */
export type SwitchKey = Exclude<KeyRow, { readonly value: string }>['key'];
/** The config keys of choices: one of the row's `choices` (or an alias). */
export type ChoiceKey = Exclude<Extract<KeyRow, { readonly choices: readonly string[] }>, { readonly list: object }>['key'];
/** The config keys of lists: several of the row's `choices`. */
export type ListKey = Extract<KeyRow, { readonly choices: readonly string[]; readonly list: object }>['key'];
/** The values of a choice or list setting, as a type (`ChoiceOf<'precision'>` = `'float32' | 'float64'`). */
export type ChoiceOf<K extends ChoiceKey | ListKey> = Extract<KeyRow, { readonly key: K }>['choices'][number];
/** The config keys of the user's CSV (`--data` and the rows that describe it). */
export type UserDataKey = Extract<KeyRow, { readonly userData: true }>['key'];
/** The flags of the user's CSV, as every command that reads one parses them. */
export type UserDataFlags = { -readonly [K in UserDataKey]?: string };

/** The config keys of counts: one integer (`<n>`) within the row's bounds. */
export type CountKey = Extract<KeyRow, { readonly value: '<n>'; readonly bounds: SettingBounds }>['key'];

/** The rows a command takes, in help order. @since 0.3.0 */
export function settingsOf(command: SettingCommand): readonly Setting[] {
  return SETTINGS.filter((s) => s.commands[command] !== undefined);
}

/** The row of a `--config` key (every key is one row). @since 0.3.0 */
export function settingOfKey(key: string): Setting {
  const row = SETTINGS.find((s) => s.key === key);
  if (row === undefined) throw new Error(`no setting has the config key ${key}`);
  return row;
}

/** The bounds of a config key's setting. @since 0.3.0 */
export function boundsOf(key: string): SettingBounds {
  const bounds = settingOfKey(key).bounds;
  if (bounds === undefined) throw new Error(`the setting ${key} has no bounds`);
  return bounds;
}

/** A setting whose value is a path (`<csv>`, `<json>`, `<file>`, `<dir>`): resolved against the working directory. @since 0.3.0 */
export function isPathSetting(s: Setting): boolean {
  return s.value === '<csv>' || s.value === '<json>' || s.value === '<file>' || s.value === '<dir>';
}

/** A choice or list setting's values, read from its row. @since 0.3.0 */
export function choicesOf<K extends ChoiceKey | ListKey>(key: K): readonly ChoiceOf<K>[] {
  const choices = settingOfKey(key).choices;
  if (choices === undefined) throw new Error(`the setting ${key} has no choices`);
  return choices as readonly ChoiceOf<K>[];
}

/** The config keys of the user's CSV, in table order (`data` first). @since 0.3.0 */
export const USER_DATA_KEYS: readonly UserDataKey[] = SETTINGS.flatMap((s) =>
  s.userData === true && s.key !== undefined ? [s.key as UserDataKey] : [],
);

/** Every `xai bench --config` key, in table order. @since 0.3.0 */
export const CONFIG_KEYS: readonly string[] = SETTINGS.flatMap((s) => (s.key !== undefined && s.commands.bench ? [s.key] : []));

/** A setting's help and default on one command. @since 0.3.0 */
export function settingText(s: Setting, command: SettingCommand): { help: string; default?: string; required: boolean } {
  const use = s.commands[command];
  const over = typeof use === 'object' ? use : {};
  const fallback = over.default ?? s.default;
  return { help: over.help ?? s.help, ...(fallback !== undefined ? { default: fallback } : {}), required: over.required === true };
}

/** The commander option name of a flag (`--block-size` → `blockSize`). @since 0.3.0 */
export function flagName(flag: string): string {
  return flag.replace(/^--(no-)?/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A count setting's default as a number, read from its row; undefined when the row's default is not a number. @since 0.3.0 */
export function countDefault(key: CountKey): number | undefined {
  const text = settingOfKey(key).default;
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}
