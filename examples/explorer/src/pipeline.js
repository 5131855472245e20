// The explorer's whole computation, free of DOM and Node APIs: the Web Worker runs it in the
// browser, and scripts/timing.mjs runs the very same function in Node to compare wall times.
import { rowBlock, selectRows, summarizeValues } from '@xai/core';
import { createExplainer } from '@xai/explainers';
import { createAnn, createLogisticRegression, linearGroundTruth, trainModel } from '@xai/models';
import { fa, pgi, pgu, pra, ra, rc, relativeStability, sa, sra } from '@xai/metrics';
import { floorExplainers, permutedNullAttributions } from '@xai/audit/controls';
import { generateSynthGauss } from '@xai/synth';
import { fitMinMaxScaler, parseCsv, stratifiedSplit } from '@xai/data';

import { EXPLAINERS, METRIC_INFO } from './pipeline-info.js';

export { EXPLAINERS, METRIC_INFO };

const AGREEMENT = { FA: fa, RA: ra, SA: sa, SRA: sra, RC: rc, PRA: pra };

function check(cond, message) {
  if (!cond) throw new Error(message);
}

/** Loads the chosen data into train/validation/test splits (min-max scaled on train) with optional ground truth. */
export function loadData(spec) {
  if (spec.source === 'synth') {
    const s = generateSynthGauss({ variant: 'paper', nPerCluster: spec.nPerCluster ?? 100, seed: spec.seed ?? 0 });
    return {
      name: 'SynthGauss',
      featureNames: s.schema.names,
      schema: s.schema,
      train: s.train,
      validation: s.validation,
      test: s.test,
      groundTruth: s.groundTruth.test,
      groundTruthSource: 'generator',
    };
  }
  check(typeof spec.csvText === 'string' && spec.csvText.length > 0, 'no CSV given');
  check(typeof spec.label === 'string' && spec.label.length > 0, 'pick the label column');
  const table = parseCsv(spec.csvText, { label: spec.label, file: spec.fileName ?? 'uploaded.csv', labelKind: 'integer' });
  const y = table.y;
  const seed = spec.seed ?? 0;
  const { kept: trainIdx, heldOut: testIdx } = stratifiedSplit(y, 0.2, { seed, keys: ['test'] });
  const trainY = Int32Array.from(trainIdx, (i) => y[i]);
  const { kept: fitIdx, heldOut: valIdx } = stratifiedSplit(trainY, 0.15, { seed, keys: ['validation'] });
  const pick = (idx) => ({ x: selectRows(table.x, idx), y: Int32Array.from(idx, (i) => y[i]) });
  const trainAll = pick(trainIdx);
  const scaler = fitMinMaxScaler(selectRows(trainAll.x, fitIdx));
  const scaled = (split) => ({ x: scaler.transform(split.x), y: split.y });
  const train = { x: selectRows(trainAll.x, fitIdx), y: Int32Array.from(fitIdx, (i) => trainAll.y[i]) };
  const validation = { x: selectRows(trainAll.x, valIdx), y: Int32Array.from(valIdx, (i) => trainAll.y[i]) };
  return {
    name: spec.fileName ?? 'uploaded.csv',
    featureNames: table.schema.names,
    schema: table.schema,
    classes: table.classes,
    train: scaled(train),
    validation: scaled(validation),
    test: scaled(pick(testIdx)),
    groundTruth: null,
    groundTruthSource: 'none',
  };
}

/** Trains LR or the ANN with validation-only model selection. */
export function trainChosenModel(data, kind, seed = 0) {
  const d = data.train.x.cols;
  const classes = data.classes ?? 2;
  const model = kind === 'lr' ? createLogisticRegression(d, { seed, classes }) : createAnn(d, { seed, classes });
  const report = trainModel(
    model,
    { train: data.train, validation: data.validation },
    { epochs: kind === 'lr' ? 60 : 40, batchSize: 32, learningRate: kind === 'lr' ? 0.01 : 0.003, seed },
  );
  const predicted = model.predictProba(data.test.x);
  let correct = 0;
  for (let i = 0; i < data.test.x.rows; i++) {
    let best = 0;
    for (let j = 1; j < predicted.cols; j++)
      if (predicted.data[i * predicted.cols + j] > predicted.data[i * predicted.cols + best]) best = j;
    if (best === data.test.y[i]) correct++;
  }
  return { model, accuracy: { validation: report.accuracy.validation, test: correct / data.test.x.rows }, bestEpoch: report.bestEpoch };
}

function scoreAll(model, x, attributions, groundTruth, seed) {
  const out = {};
  if (groundTruth !== null) for (const [id, metric] of Object.entries(AGREEMENT)) out[id] = metric({ x, attributions, groundTruth });
  out.PGI = pgi({ x, attributions, model }, { seed });
  out.PGU = pgu({ x, attributions, model }, { seed });
  return out;
}

/**
 * Explains and scores: every chosen explainer, its null (its attributions permuted across
 * features) and the floor (the better of two shortcut explainers that never look at the
 * instance), as plain JSON for the page. `onProgress(fraction, message)` is called per step.
 */
export function explainAndScore(data, trained, spec, onProgress = () => {}) {
  const seed = spec.seed ?? 0;
  const n = Math.min(spec.instances ?? 100, data.test.x.rows);
  const x = rowBlock(data.test.x, 0, n);
  const { model } = trained;
  let groundTruth = data.groundTruth === null ? null : rowBlock(data.groundTruth, 0, n);
  let groundTruthSource = data.groundTruthSource;
  if (groundTruth === null && model.layers.length === 1 && model.classes === 2) {
    groundTruth = linearGroundTruth(model, x, { flipForClass0: true });
    groundTruthSource = 'model weights';
  }
  const chosen = EXPLAINERS.filter((e) => spec.explainers.includes(e.id));
  check(chosen.length > 0, 'pick at least one explainer');
  const floors = floorExplainers({ train: data.train.x, model });
  const steps = chosen.length + floors.length + (spec.stability ? chosen.length : 0);
  let done = 0;
  const tick = (message) => onProgress(++done / steps, message);

  const cells = [];
  const instances = Array.from({ length: n }, (_, i) => ({
    index: i,
    x: Array.from(x.data.subarray(i * x.cols, (i + 1) * x.cols)),
    attributions: {},
  }));
  const predicted = model.predictProba(x);
  for (let i = 0; i < n; i++) instances[i].probability = predicted.data[i * predicted.cols + 1];

  const floorScores = {};
  for (const floor of floors) {
    const a = floor.explain(model, x);
    for (const [metric, r] of Object.entries(scoreAll(model, x, a, groundTruth, seed))) {
      const better = METRIC_INFO[metric].better === 'higher' ? Math.max : Math.min;
      floorScores[metric] = floorScores[metric] === undefined ? r.mean : better(floorScores[metric], r.mean);
    }
    tick(`floor ${floor.id}`);
  }
  for (const e of chosen) {
    const explainer = createExplainer(e.id, { preset: 'default', seed, train: data.train.x });
    const attributions = explainer.explain(model, x);
    const nullScores = scoreAll(model, x, permutedNullAttributions(attributions, seed), groundTruth, seed);
    for (const [metric, r] of Object.entries(scoreAll(model, x, attributions, groundTruth, seed))) {
      cells.push({
        metric,
        explainer: e.label,
        id: e.id,
        mean: r.mean,
        se: r.se,
        count: r.count,
        null: nullScores[metric].mean,
        floor: floorScores[metric] ?? null,
      });
    }
    for (let i = 0; i < n; i++) instances[i].attributions[e.label] = Array.from(attributions.data.subarray(i * x.cols, (i + 1) * x.cols));
    tick(`explained with ${e.label}`);
    if (spec.stability) {
      const s = relativeStability(
        { x, model, explainer, attributions },
        { seed, neighbours: spec.stabilityNeighbours ?? 10, candidates: 100 },
      );
      for (const metric of ['RIS', 'ROS']) {
        const r = s[metric];
        const logs = summarizeValues(
          metric,
          Float64Array.from(r.values, (v) => (v > 0 ? Math.log(v) : NaN)),
        );
        cells.push({ metric, explainer: e.label, id: e.id, mean: logs.mean, se: logs.se, count: logs.count, null: null, floor: null });
      }
      tick(`stability of ${e.label}`);
    }
  }
  return {
    dataset: data.name,
    featureNames: data.featureNames,
    groundTruthSource,
    accuracy: trained.accuracy,
    bestEpoch: trained.bestEpoch,
    instances: n,
    cells,
    rows: instances,
  };
}
