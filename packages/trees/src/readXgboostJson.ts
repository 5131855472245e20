// XGBoost's JSON model (`Booster.save_model('m.json')`, XGBoost 1.x/2.x): gbtree boosters with
// numerical splits, as a core TreeEnsemble. Leaf values are `split_conditions` at leaves, covers
// `sum_hessian`, missing values take `default_left`.
import type { TreeClassScore, TreeEnsemble, TreeTransform } from '@xai/core';
import { XaiError, describeValue, parseJsonText } from '@xai/core';
import type { RawNode } from './internal/buildTree.js';
import { buildTree } from './internal/buildTree.js';
import type { TreeSite } from './internal/treeError.js';
import { treeError } from './internal/treeError.js';
import type { TreeModelInfo } from './treeModelInfo.js';

/** The objectives read, and what each makes of the raw score. @since 0.1.0 */
export const XGBOOST_OBJECTIVES: Readonly<Record<string, { transform: TreeTransform; output: 'probabilities' | 'value' }>> = {
  'binary:logistic': { transform: 'logistic', output: 'probabilities' },
  'multi:softprob': { transform: 'softmax', output: 'probabilities' },
  'multi:softmax': { transform: 'softmax', output: 'probabilities' },
  'reg:squarederror': { transform: 'identity', output: 'value' },
  'reg:linear': { transform: 'identity', output: 'value' },
  'reg:absoluteerror': { transform: 'identity', output: 'value' },
  'reg:pseudohubererror': { transform: 'identity', output: 'value' },
  'reg:logistic': { transform: 'logistic', output: 'value' },
  'binary:logitraw': { transform: 'identity', output: 'value' },
};

export interface ReadXgboostOptions {
  /** The file name in messages. @defaultValue '<xgboost json>' */
  readonly file?: string;
}

/** An ensemble and what the file says about it. */
export interface ReadTrees {
  readonly ensemble: TreeEnsemble;
  readonly info: TreeModelInfo;
}

type Json = Record<string, unknown>;

function field(obj: unknown, key: string, site: TreeSite, path: string): unknown {
  if (obj === null || typeof obj !== 'object' || !(key in obj))
    throw treeError('PARSE_ERROR', site, `has no "${path}${key}": is it an XGBoost JSON model (Booster.save_model('m.json'))?`, key);
  return (obj as Json)[key];
}

function numberArray(tree: unknown, key: string, n: number, site: TreeSite): number[] {
  const v = field(tree, key, site, '');
  if (!Array.isArray(v) || v.length !== n)
    throw treeError('PARSE_ERROR', site, `"${key}" is ${describeValue(v)}, expected an array of ${n} numbers`, key);
  return v.map((x, i) => {
    if (typeof x === 'string' && /^-?(NaN|Infinity)$/.test(x)) return Number(x);
    if (typeof x !== 'number') throw treeError('BAD_INPUT', { ...site, node: i }, `"${key}" holds ${describeValue(x)}, not a number`, x);
    return x;
  });
}

/**
 * Reads an XGBoost JSON model. Typed errors name the file, tree and node: PARSE_ERROR for text that
 * is not an XGBoost model, NOT_SUPPORTED for dart and gblinear boosters, categorical splits,
 * multi-target leaves and objectives outside {@link XGBOOST_OBJECTIVES}, BAD_INPUT for NaN
 * thresholds and splits on features the model does not have.
 * @example const { ensemble, info } = readXgboostJson(text, { file: 'm.json' })
 * @since 0.1.0
 */
export function readXgboostJson(text: string, options: ReadXgboostOptions = {}): ReadTrees {
  const file = options.file ?? '<xgboost json>';
  const site: TreeSite = { file, fn: 'readXgboostJson' };
  const json = parseJson(text, file, site.fn);
  const learner = field(json, 'learner', site, '');
  const booster = field(learner, 'gradient_booster', site, 'learner.') as Json;
  const name = booster.name;
  if (name !== 'gbtree')
    throw treeError(
      'NOT_SUPPORTED',
      site,
      `booster ${describeValue(name)} is not read: ${name === 'dart' ? 'dart scales trees by dropout weights at prediction time' : name === 'gblinear' ? 'gblinear is a linear model, not trees' : 'only gbtree'}; train with booster='gbtree'`,
      name,
    );
  const objective = String((field(learner, 'objective', site, 'learner.') as Json).name);
  const spec = XGBOOST_OBJECTIVES[objective];
  if (spec === undefined)
    throw treeError(
      'NOT_SUPPORTED',
      site,
      `objective ${objective} is not read (read: ${Object.keys(XGBOOST_OBJECTIVES).join(', ')})`,
      objective,
    );
  const param = field(learner, 'learner_model_param', site, 'learner.') as Json;
  const inputDim = Number(param.num_feature);
  const numClass = Number(param.num_class ?? 0);
  const numTarget = Number(param.num_target ?? 1);
  if (numTarget > 1)
    throw treeError(
      'NOT_SUPPORTED',
      site,
      `is a multi-target model (num_target ${numTarget}: one value per target, its trees interleaved by target); only one target or one class set is read: train one model per target`,
      numTarget,
    );
  const columns = Math.max(1, numClass);
  if (!Number.isInteger(inputDim) || inputDim < 1)
    throw treeError('PARSE_ERROR', site, `num_feature is ${describeValue(param.num_feature)}`);
  const base = baseMargins(param.base_score, spec.transform, columns, site);
  const model = field(booster, 'model', site, 'learner.gradient_booster.') as Json;
  const trees = field(model, 'trees', site, 'learner.gradient_booster.model.') as unknown[];
  const info = (field(model, 'tree_info', site, 'learner.gradient_booster.model.') as number[]) ?? [];
  const saved = savedSettings(learner as Json, trees.length, columns, booster, file);
  const kept = trees.slice(0, saved.trees);
  const ensembleTrees = kept.map((tree, k) => readTree(tree, info[k] ?? 0, inputDim, columns, { ...site, tree: k }));
  const output = numClass > 1 ? 'probabilities' : spec.output;
  const classScores: TreeClassScore[] =
    output === 'value'
      ? [{ column: 0, sign: 1, offset: 0 }]
      : columns === 1
        ? [
            { column: 0, sign: -1, offset: 0 },
            { column: 0, sign: 1, offset: 0 },
          ]
        : Array.from({ length: columns }, (_, c) => ({ column: c, sign: 1, offset: 0 }));
  const names = (learner as Json).feature_names;
  return {
    ensemble: {
      inputDim,
      columns,
      trees: ensembleTrees,
      base,
      transform: spec.transform,
      classScores,
      covers: 'file',
      float32: true,
    },
    info: {
      format: 'xgboost-json',
      file,
      output,
      classes: classScores.length,
      objective,
      ...(Array.isArray(names) && names.length === inputDim ? { featureNames: names.map(String) } : {}),
      ...(saved.notes.length > 0 ? { notes: saved.notes } : {}),
      ...(saved.missingValue !== undefined ? { missingValue: saved.missingValue } : {}),
    },
  };
}

/**
 * The margin each output column starts from. `base_score` is a number as a string (XGBoost ≤ 3.0:
 * one value on the output scale, its inverse link the margin of a logistic model) or, from XGBoost
 * 3.1, a bracketed list: one value read as before, or one per class of a softmax model, which XGBoost
 * adds to the margins as they are. Anything else, or a value that is not finite, is PARSE_ERROR
 * naming the file (a NaN base would make every prediction NaN).
 */
function baseMargins(raw: unknown, transform: TreeTransform, columns: number, site: TreeSite): Float64Array {
  const text = raw === undefined ? '0.5' : String(raw).trim();
  const listed = /^\[.*\]$/s.test(text);
  const values = (listed ? text.slice(1, -1).split(',') : [text]).map((v) => (v.trim() === '' ? Number.NaN : Math.fround(Number(v))));
  const bad = (why: string): never => {
    throw treeError('PARSE_ERROR', site, `learner_model_param.base_score is ${describeValue(raw)}: ${why}`, raw);
  };
  if (values.some((v) => !Number.isFinite(v))) bad('not a number or a list of numbers');
  if (values.length === 1) {
    const b = values[0]!;
    if (transform === 'logistic' && !(b > 0 && b < 1)) bad("a logistic model's base score is a probability in (0, 1)");
    return new Float64Array(columns).fill(transform === 'logistic' ? -Math.log(1 / b - 1) : b);
  }
  if (transform !== 'softmax' || values.length !== columns)
    bad(`${values.length} values, but the model has ${columns} output column(s)${transform === 'softmax' ? '' : ' and one base score'}`);
  return Float64Array.from(values);
}

/** What the file's attributes change about prediction: the trees kept, and why; a sentinel missing value. */
interface SavedSettings {
  readonly trees: number;
  readonly notes: readonly string[];
  readonly missingValue?: number;
}

/**
 * Early stopping and the scikit-learn wrapper's settings. XGBoost records `best_iteration` in the
 * file's attributes; `XGBClassifier`/`XGBRegressor.predict` (a file with a `scikit_learn`
 * attribute) then uses rounds 0..best_iteration only, while `Booster.predict` uses every round.
 * The wrapper also records its `missing` value: a number there is a cell value XGBoost reads as
 * missing (NaN always is).
 */
function savedSettings(learner: Json, treeCount: number, columns: number, booster: Json, file: string): SavedSettings {
  const attrs = (learner.attributes ?? {}) as Json;
  const sklearn = typeof attrs.scikit_learn === 'string' ? sklearnParams(attrs.scikit_learn) : undefined;
  const modelParam = ((booster.model as Json | undefined)?.gbtree_model_param ?? {}) as Json;
  const perRound = columns * Math.max(1, Number(modelParam.num_parallel_tree ?? 1) || 1);
  const rounds = Math.floor(treeCount / perRound);
  const best = Number(attrs.best_iteration);
  const notes: string[] = [];
  let trees = treeCount;
  if (Number.isInteger(best) && best >= 0 && best + 1 < rounds) {
    if (sklearn !== undefined) {
      trees = (best + 1) * perRound;
      notes.push(
        `early stopping: rounds 0–${best} of ${rounds} (best_iteration ${best}), as the scikit-learn estimator's predict uses; Booster.predict would use all ${rounds}`,
      );
    } else
      notes.push(
        `early stopping recorded best_iteration ${best}: all ${rounds} rounds are evaluated, as Booster.predict does; predict(iteration_range=(0, ${best + 1})) would use ${best + 1}`,
      );
  }
  const missing = sklearn?.missing;
  if (typeof missing === 'number' && Number.isFinite(missing)) {
    notes.push(`the estimator's missing=${missing}: a cell equal to ${missing} is refused (write it as NaN, which is missing)`);
    return { trees, notes, missingValue: missing };
  }
  if (sklearn !== undefined && missing !== undefined && missing !== null && !(typeof missing === 'string' && missing === 'NaN'))
    throw treeError(
      'NOT_SUPPORTED',
      { file, fn: 'readXgboostJson' },
      `the estimator's missing value is ${describeValue(missing)}; only NaN or a finite number is read`,
      missing,
    );
  return { trees, notes };
}

/** The scikit-learn wrapper's saved parameters (a JSON string with bare NaN), or undefined when unreadable. */
function sklearnParams(text: string): Json | undefined {
  try {
    const parsed = JSON.parse(text.replace(/([[,:]\s*)(-?(?:NaN|Infinity))(?=\s*[,\]}])/g, '$1"$2"')) as unknown;
    if (parsed === null || typeof parsed !== 'object') return undefined;
    const missing = (parsed as Json).missing;
    return { ...(parsed as Json), missing: typeof missing === 'string' && /^-?Infinity$/.test(missing) ? Number(missing) : missing };
  } catch {
    return undefined;
  }
}

/**
 * JSON by core's strict reader (a duplicate key or syntax error names the line and column),
 * where XGBoost's bare NaN / Infinity numbers are read as strings (and refused where they
 * matter, naming the node).
 */
function parseJson(text: string, file: string, fn: string): unknown {
  try {
    return parseJsonText(text, { file, fn });
  } catch (first) {
    const quoted = text.replace(/([[,:]\s*)(-?(?:NaN|Infinity))(?=\s*[,\]}])/g, '$1"$2"');
    if (quoted === text) throw parseError(first, file, fn);
    try {
      return parseJsonText(quoted, { file, fn });
    } catch (e) {
      throw parseError(e, file, fn);
    }
  }
}

/** The strict reader's error in this reader's words (`m.json is not JSON (line 3, column 5: ...)`). */
function parseError(e: unknown, file: string, fn: string): unknown {
  if (!(e instanceof XaiError)) return e;
  const { line, column, problem, key } = e.details as { line: number; column: number; problem: string; key?: string };
  return new XaiError('PARSE_ERROR', `${file} is not JSON (line ${line}, column ${column}: ${problem})`, {
    fn,
    file,
    line,
    column,
    ...(key === undefined ? {} : { key }),
  });
}

function readTree(tree: unknown, group: number, inputDim: number, columns: number, site: TreeSite) {
  const param = field(tree, 'tree_param', site, '') as Json;
  const n = Number(param.num_nodes);
  if (Number(param.size_leaf_vector ?? 0) > 1)
    throw treeError('NOT_SUPPORTED', site, 'has vector leaves (multi-target trees); only scalar leaves are read', param.size_leaf_vector);
  const left = numberArray(tree, 'left_children', n, site);
  const right = numberArray(tree, 'right_children', n, site);
  const feature = numberArray(tree, 'split_indices', n, site);
  const cond = numberArray(tree, 'split_conditions', n, site);
  const defaultLeft = numberArray(tree, 'default_left', n, site);
  const hess = numberArray(tree, 'sum_hessian', n, site);
  const splitType = (tree as Json).split_type;
  const column = columns === 1 ? 0 : group;
  if (column < 0 || column >= columns) throw treeError('BAD_INPUT', site, `belongs to class ${group}, but the model has ${columns}`, group);
  const nodes = new Map<number, RawNode>();
  for (let i = 0; i < n; i++) {
    if (Array.isArray(splitType) && splitType[i] === 1)
      throw treeError(
        'NOT_SUPPORTED',
        { ...site, node: i },
        'is a categorical split; only numerical splits are read (one-hot encode the category)',
        1,
      );
    const leaf = left[i] === -1;
    nodes.set(i, {
      yes: leaf ? -1 : left[i]!,
      no: leaf ? -1 : right[i]!,
      feature: feature[i]!,
      threshold: leaf ? 0 : cond[i]!,
      split: 0,
      missingYes: defaultLeft[i] === 1,
      cover: hess[i]!,
      values: leaf ? [[column, Math.fround(cond[i]!)]] : [],
    });
  }
  return buildTree(nodes, 0, inputDim, columns, site, true);
}
