// The explorer's whole computation, free of DOM and Node APIs: the Web Worker runs it in the
// browser, and scripts/timing.mjs runs the very same function in Node to compare wall times.
import { XaiError, argmaxRows, rowBlock, summarizeValues, withDiscreteLevels } from '@xai/core';
import { observedValues } from '@xai/data';
import { EXPLAINER_INFO, createExplainer } from '@xai/explainers';
import { plotBase } from '@xai/explainers/plotBase';
import { createAnn, createLogisticRegression, linearGroundTruth, modelSanity, sanityWarning, trainModel } from '@xai/models';
import { loadOnnxModelAsync } from '@xai/onnx';
import { treeFileKind, treeModelFromBytes } from '@xai/trees';
import { fa, pgi, pgu, pra, ra, rc, relativeStability, sa, sra } from '@xai/metrics';
import { controlVerdict, floorExplainers, permutedNullAttributions, untestableReason } from '@xai/audit/controls';

import { loadData } from './loadData.js';
import { EXPLAINERS, METRIC_INFO, STEP_COSTS, notApplicableReason, notOfferedWords } from './pipeline-info.js';

export { EXPLAINERS, METRIC_INFO, loadData };

const AGREEMENT = { FA: fa, RA: ra, SA: sa, SRA: sra, RC: rc, PRA: pra };
/** Rows explained per call: the progress bar moves within an explainer's step. */
const BLOCK_ROWS = 10;

/** Trains LR or the ANN with validation-only model selection; `onEpoch(epoch, epochs)` per epoch. */
export function trainChosenModel(data, kind, seed = 0, onEpoch = () => {}) {
  const d = data.train.x.cols;
  const classes = data.classes ?? 2;
  const model = kind === 'lr' ? createLogisticRegression(d, { seed, classes }) : createAnn(d, { seed, classes });
  const epochs = kind === 'lr' ? 60 : 40;
  const report = trainModel(
    model,
    { train: data.train, ...(data.validation ? { validation: data.validation } : {}) },
    { epochs, batchSize: 32, learningRate: kind === 'lr' ? 0.01 : 0.003, seed, onEpoch: (s) => onEpoch(s.epoch, epochs) },
  );
  const sanity = modelSanity(model, data.test.x, data.test.y, classes);
  const name = kind === 'lr' ? 'logistic regression' : 'ANN';
  return { model, name, accuracy: { validation: report.accuracy.validation, test: sanity.accuracy }, sanity, bestEpoch: report.bestEpoch };
}

/** The data with each split's rows in raw units (what a model file was trained on). */
function onRawColumns(data) {
  const raw = (split, m) => (split === undefined ? undefined : { ...split, x: m });
  return {
    ...data,
    train: raw(data.train, data.raw.train),
    test: raw(data.test, data.raw.test),
    ...(data.validation ? { validation: raw(data.validation, data.raw.validation) } : {}),
  };
}

function badModel(name, message) {
  return new XaiError('BAD_INPUT', `${name}: ${message}`, { fn: 'explorer', arg: 'onnx-file', file: name });
}

/**
 * A tree ensemble (XGBoost JSON or an ONNX TreeEnsemble graph) on the CSV's raw columns, read by
 * @xai/trees; features matched by name where the file names them, never by position alone.
 */
function loadTreeChoice(data, bytes, name) {
  const model = treeModelFromBytes(bytes, { file: name, inputDim: data.featureNames.length });
  const names = model.info.featureNames ?? [];
  if (names.length > 0 && names.join('\u0000') !== data.featureNames.join('\u0000'))
    throw badModel(name, `the model's features (${names.join(', ')}) are not the CSV's model columns (${data.featureNames.join(', ')})`);
  if (model.inputDim !== data.featureNames.length)
    throw badModel(
      name,
      `the model reads ${model.inputDim} features but the CSV has ${data.featureNames.length} model columns (${data.featureNames.join(', ')})`,
    );
  if (model.output === 'value') throw badModel(name, 'the model is a regressor; the explorer explains classifiers');
  return { model, describe: model.describe() };
}

/**
 * A user's model file on the CSV's raw columns: a tree ensemble (XGBoost JSON, an ONNX
 * TreeEnsemble graph) read by @xai/trees, else an ONNX graph run by @xai/onnx's interpreter.
 */
export async function loadModelChoice(data, bytes, name) {
  if (treeFileKind(bytes) === null) return loadOnnxChoice(data, bytes, name);
  const onRaw = onRawColumns(data);
  const { model, describe } = loadTreeChoice(onRaw, bytes, name);
  if (model.classes !== (data.classes ?? 2))
    throw badModel(name, `the model has ${model.classes} output classes but the label has ${data.classes ?? 2}`);
  const sanity = modelSanity(model, onRaw.test.x, onRaw.test.y, data.classes ?? 2);
  return { data: onRaw, trained: { model, name, kind: 'trees', describe, accuracy: { test: sanity.accuracy }, sanity, bestEpoch: null } };
}

/**
 * A user's ONNX model on the CSV's raw columns (what it was trained on): loaded by @xai/onnx's
 * interpreter (exact input gradients, no runtime), class labels matched by name where the graph
 * stores them; the data's splits are swapped for their raw values.
 */
async function loadOnnxChoice(data, bytes, name) {
  const cell = firstMissingCell(data);
  if (cell !== null)
    throw badModel(
      name,
      `an ONNX graph needs complete rows, and the CSV holds missing cells (the first in ${cell}); give a tree model or fill them`,
    );
  const model = await loadOnnxModelAsync(bytes, { name, classes: data.classNames });
  if (model.classes !== (data.classes ?? 2))
    throw badModel(name, `the model has ${model.classes} output classes but the label has ${data.classes ?? 2}`);
  const onRaw = onRawColumns(data);
  const sanity = modelSanity(model, onRaw.test.x, onRaw.test.y, data.classes ?? 2);
  return { data: onRaw, trained: { model, name, kind: 'network', accuracy: { test: sanity.accuracy }, sanity, bestEpoch: null } };
}

/** The class each row is explained for: a fixed class index, or each row's predicted class. */
export function explainedTargets(model, x, target) {
  if (target === 'predicted') return Int32Array.from(argmaxRows(model.predictProba(x)));
  if (!Number.isInteger(target) || target < 0 || target >= model.classes)
    throw new XaiError('BAD_OPTION', `the class to explain must be one of the model's ${model.classes} classes`, {
      fn: 'explorer',
      arg: 'target',
      value: target,
    });
  return new Int32Array(x.rows).fill(target);
}

/** LR's own weights as ground truth, signed for the explained class (binary LR only). */
function lrGroundTruth(model, x, target) {
  if (model.layers?.length !== 1 || model.classes !== 2) return null;
  if (target === 'predicted') return linearGroundTruth(model, x, { flipForClass0: true });
  const truth = linearGroundTruth(model, x);
  if (target === 0) for (let i = 0; i < truth.data.length; i++) truth.data[i] = -truth.data[i];
  return truth;
}

/** `schema` (kinds, one-hot groups, each discrete column's two values): PGI/PGU flip discrete columns. */
function scoreAll(model, x, attributions, groundTruth, seed, targets, schema) {
  const out = {};
  if (groundTruth !== null) for (const [id, metric] of Object.entries(AGREEMENT)) out[id] = metric({ x, attributions, groundTruth });
  const input = { x, attributions, model, ...(schema ? { schema } : {}) };
  out.PGI = pgi(input, { seed, targets });
  out.PGU = pgu(input, { seed, targets });
  return out;
}

/**
 * Explains x block by block (explanations are keyed by row content, so blocks change nothing).
 * TreeSHAP also gives each row's expected raw score and raw score (Σ attributions + expected = raw).
 */
function explainInBlocks(explainer, model, x, targets, onBlock) {
  const out = { rows: x.rows, cols: x.cols, data: new Float64Array(x.rows * x.cols) };
  const trees = typeof explainer.explainTrees === 'function' ? { expected: new Float64Array(x.rows), raw: new Float64Array(x.rows) } : null;
  for (let start = 0; start < x.rows; start += BLOCK_ROWS) {
    const end = Math.min(start + BLOCK_ROWS, x.rows);
    const block = rowBlock(x, start, end);
    const options = { targets: targets.subarray(start, end) };
    const r = trees === null ? { attributions: explainer.explain(model, block, options) } : explainer.explainTrees(model, block, options);
    out.data.set(r.attributions.data.subarray(0, (end - start) * x.cols), start * x.cols);
    if (trees !== null) {
      trees.expected.set(r.expectedValue, start);
      trees.raw.set(r.rawScore, start);
    }
    onBlock(end - start);
  }
  return { attributions: out, trees };
}

/** TreeSHAP's base per explained class: the expected raw score its values add up against. */
function treeBases(trees, targets) {
  const bases = {};
  for (let i = 0; i < targets.length; i++) bases[targets[i]] ??= { base: trees.expected[i], from: 'expected-value' };
  return bases;
}

/** Refuses an explainer that does not apply to the model (the registry's reason), naming it. */
/** Where the first missing cell (NaN) of the test, then the training rows is, in words; null when the rows are complete. */
function firstMissingCell(data) {
  for (const [x, split] of [
    [data.test.x, 'test'],
    [data.train.x, 'training'],
  ]) {
    const at = x.data.findIndex(Number.isNaN);
    if (at >= 0) return `${split} row ${Math.floor(at / x.cols) + 1}, column ${JSON.stringify(data.featureNames[at % x.cols])}`;
  }
  return null;
}

/** Missing cells (a tree model's rows) are taken by the explainers the registry marks (TreeSHAP) and the random control. */
function checkMissingCells(chosen, data) {
  const cell = firstMissingCell(data);
  if (cell === null) return;
  const others = chosen.filter((e) => e.id !== 'control' && EXPLAINER_INFO[e.id].missingCells !== true);
  if (others.length > 0)
    throw new XaiError(
      'BAD_OPTION',
      `${others.map((e) => e.label).join(', ')} cannot take missing cells, and the CSV holds some (the first in ${cell}), read as NaN for the tree model; untick ${others.length === 1 ? 'it' : 'them'} (TreeSHAP and the random control take them)`,
      { fn: 'explorer', arg: 'explainers', value: others.map((e) => e.id) },
    );
}

function checkApplies(chosen, kind) {
  for (const e of chosen) {
    const reason = notApplicableReason(e.id, kind);
    if (reason !== null)
      throw new XaiError('BAD_OPTION', `${notOfferedWords([e.label], reason)}; untick it`, {
        fn: 'explorer',
        arg: 'explainers',
        value: e.id,
      });
  }
}

/** Per metric the better of the floors (by the metric's direction): its id, mean, SE and per-instance values. */
function floorScoresOf(floors, model, x, groundTruth, seed, targets, schema, tick) {
  const floorScores = {};
  for (const floor of floors) {
    const a = floor.explain(model, x, { targets });
    for (const [metric, r] of Object.entries(scoreAll(model, x, a, groundTruth, seed, targets, schema))) {
      const best = floorScores[metric];
      const higher = METRIC_INFO[metric].better === 'higher';
      if (best === undefined || (higher ? r.mean > best.mean : r.mean < best.mean))
        floorScores[metric] = { id: floor.id, mean: r.mean, se: r.se, values: r.values };
    }
    tick(x.rows * STEP_COSTS.floor, `floor ${floor.id}`);
  }
  return floorScores;
}

/** A lift over a control (positive = better by the metric's direction) and the SE of the paired per-instance differences. */
function liftOver(metric, mine, ref) {
  if (ref === null || ref === undefined || !Number.isFinite(ref.mean) || !Number.isFinite(mine.mean)) return { lift: null, se: null };
  const sign = METRIC_INFO[metric].better === 'higher' ? 1 : -1;
  const diffs = [];
  for (let i = 0; i < mine.values.length; i++) {
    const d = mine.values[i] - ref.values[i];
    if (Number.isFinite(d)) diffs.push(d);
  }
  const se = diffs.length >= 2 ? summarizeValues(metric, Float64Array.from(diffs)).se : null;
  // + 0: a tie is 0, not −0 (JSON would not keep the sign).
  return { lift: sign * (mine.mean - ref.mean) + 0, se };
}

/** The cell of one explainer and metric: its score, the controls, the paired lifts and the verdict (@xai/audit's wording). */
function scoreCell(e, metric, r, nul, floor, context) {
  const overFloor = liftOver(metric, r, floor);
  const overNull = liftOver(metric, r, nul);
  const untestable = untestableReason(metric, { family: METRIC_INFO[metric].family, ...context });
  const verdict = controlVerdict({ overFloor, overNull, untestable });
  return {
    metric,
    explainer: e.label,
    id: e.id,
    mean: r.mean,
    se: r.se,
    count: r.count,
    null: nul.mean,
    nullSe: nul.se,
    floor: floor?.mean ?? null,
    floorSe: floor?.se ?? null,
    floorId: floor?.id ?? null,
    liftOverFloor: overFloor.lift,
    liftOverFloorSe: overFloor.se,
    liftOverNull: overNull.lift,
    liftOverNullSe: overNull.se,
    verdict,
  };
}

function stabilityCells(e, explainer, model, x, attributions, targets, spec, schema) {
  const s = relativeStability(
    { x, model, explainer, attributions, ...(schema ? { schema } : {}) },
    { seed: spec.seed ?? 0, neighbours: spec.stabilityNeighbours ?? 10, candidates: 100, targets },
  );
  return ['RIS', 'ROS'].map((metric) => {
    const logs = summarizeValues(
      metric,
      Float64Array.from(s[metric].values, (v) => (v > 0 ? Math.log(v) : Number.NaN)),
    );
    const verdict = controlVerdict({
      overFloor: null,
      overNull: null,
      untestable: untestableReason(metric, { family: 'stability', linearModel: false, groundTruthIsModel: false }),
    });
    return { metric, explainer: e.label, id: e.id, mean: logs.mean, se: logs.se, count: logs.count, null: null, floor: null, verdict };
  });
}

function instanceRows(model, x, targets) {
  const proba = model.predictProba(x);
  const predicted = argmaxRows(proba);
  return Array.from({ length: x.rows }, (_, i) => ({
    index: i,
    x: Array.from(x.data.subarray(i * x.cols, (i + 1) * x.cols)),
    probabilities: Array.from(proba.data.subarray(i * proba.cols, (i + 1) * proba.cols)),
    predicted: predicted[i],
    target: targets[i],
    probability: proba.data[i * proba.cols + targets[i]],
    attributions: {},
  }));
}

/**
 * Explains and scores: every chosen explainer, its null (its attributions permuted across
 * features) and the floor (the better of two shortcut explainers that never look at the
 * instance), for the class `spec.target` (default 1; 'predicted' = each row's predicted
 * class), with each score's verdict (@xai/audit's controlVerdict, the bench report's wording)
 * and each explainer's plot base value per explained class (@xai/explainers' plotBase), as
 * plain JSON for the page. `onProgress(fraction, message)` is called within steps,
 * with a fraction weighted by rows and each step's relative cost.
 */
export function explainAndScore(data, trained, spec, onProgress = () => {}) {
  const seed = spec.seed ?? 0;
  const n = Math.min(spec.instances ?? 100, data.test.x.rows);
  const x = rowBlock(data.test.x, 0, n);
  const { model } = trained;
  const target = spec.target ?? 1;
  const targets = explainedTargets(model, x, target);
  let groundTruth = data.groundTruth === null ? null : rowBlock(data.groundTruth, 0, n);
  let groundTruthSource = data.groundTruthSource;
  if (groundTruth === null) {
    groundTruth = lrGroundTruth(model, x, target);
    if (groundTruth !== null) groundTruthSource = 'model weights';
  }
  const chosen = EXPLAINERS.filter((e) => spec.explainers.includes(e.id));
  if (chosen.length === 0) throw new XaiError('BAD_OPTION', 'pick at least one explainer', { fn: 'explorer', arg: 'explainers' });
  checkApplies(chosen, trained.kind ?? 'network');
  checkMissingCells(chosen, data);
  // Missing cells (NaN) aside: the floors and the discrete levels come from the observed cells.
  const observed = observedValues(data.train.x);
  const floors = floorExplainers({ train: observed, model });
  // Units: rows times each step's relative cost (pipeline-info.js), so the bar and the time
  // left follow the work, not the step count.
  const perRow = (e) => e.cost.explain + STEP_COSTS.score + (spec.stability ? e.cost.stability : 0);
  const total = n * (floors.length * STEP_COSTS.floor + chosen.reduce((sum, e) => sum + perRow(e), 0));
  let done = 0;
  const tick = (rows, message) => {
    done += rows;
    onProgress(done / total, message);
  };

  const cells = [];
  const rows = instanceRows(model, x, targets);
  // A discrete column's flip swaps the two values it takes in the training rows.
  const schema = data.schema ? withDiscreteLevels(data.schema, observed) : undefined;
  const floorScores = floorScoresOf(floors, model, x, groundTruth, seed, targets, schema, tick);
  // An LR's global floor is its weights: against them (or on PGU/PGI when every column gets the same noise) it cannot be beaten.
  const uniformPerturbation = schema === undefined || (schema.kinds.every((k) => k === 'continuous') && schema.groups.length === 0);
  const context = {
    linearModel: trained.model.layers?.length === 1,
    groundTruthIsModel: groundTruthSource === 'model weights',
    uniformPerturbation,
  };
  const bases = {};
  let treeShap = null;
  for (const e of chosen) {
    const algorithm = e.id === 'treeshap' ? { algorithm: spec.treeShap ?? 'path-dependent' } : {};
    // TreeSHAP follows each missing cell of its background down the missing-value branch; the others read the observed cells.
    const train = e.id === 'treeshap' ? data.train.x : observed;
    const explainer = createExplainer(e.id, { preset: 'default', seed, train, ...algorithm });
    let explained = 0;
    const { attributions, trees } = explainInBlocks(explainer, model, x, targets, (k) => {
      explained += k;
      tick(k * e.cost.explain, `explaining with ${e.label}: ${explained}/${n} rows`);
    });
    if (trees === null)
      bases[e.label] = Object.fromEntries([...new Set(targets)].map((c) => [c, plotBase(model, explainer, data.train.x, c)]));
    else {
      bases[e.label] = treeBases(trees, targets);
      for (let i = 0; i < n; i++) rows[i].outputs = { ...rows[i].outputs, [e.label]: trees.raw[i] };
      const { algorithm: used, backgroundSize } = explainer.config;
      const covers = used === 'interventional' ? null : model.trees().covers === 'file' ? 'file' : 'counted';
      treeShap = {
        algorithm: used,
        covers,
        trainRows: data.train.x.rows,
        background: Math.min(backgroundSize, data.train.x.rows),
        expected: bases[e.label],
      };
    }
    const nullScores = scoreAll(model, x, permutedNullAttributions(attributions, seed), groundTruth, seed, targets, schema);
    for (const [metric, r] of Object.entries(scoreAll(model, x, attributions, groundTruth, seed, targets, schema)))
      cells.push(scoreCell(e, metric, r, nullScores[metric], floorScores[metric] ?? null, context));
    tick(n * STEP_COSTS.score, `scored ${e.label}`);
    for (let i = 0; i < n; i++) rows[i].attributions[e.label] = Array.from(attributions.data.subarray(i * x.cols, (i + 1) * x.cols));
    if (spec.stability) {
      cells.push(...stabilityCells(e, explainer, model, x, attributions, targets, spec, schema));
      tick(n * e.cost.stability, `stability of ${e.label}`);
    }
  }
  return {
    dataset: data.name,
    featureNames: data.featureNames,
    ignored: data.ignored ?? [],
    classNames: data.classNames ?? Array.from({ length: model.classes }, (_, c) => String(c)),
    target,
    groundTruthSource,
    bases,
    treeShap,
    modelDescription: trained.describe ?? null,
    accuracy: trained.accuracy,
    // The CLI's rule and words: a model at or below the base rate (or predicting one class) is flagged.
    chance: { baseRate: trained.sanity.baseRate, warning: sanityWarning(trained.sanity, `${data.name} · ${trained.name}`) },
    bestEpoch: trained.bestEpoch,
    instances: n,
    cells,
    rows,
  };
}
