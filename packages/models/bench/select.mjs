// Selects the `default` training settings per dataset and model kind on the VALIDATION
// split only; the test split is not read until the choice is final:
//   node bench/select.mjs [--datasets adult,compas] [--models lr,ann]
//
// Data: bench/readCsv.mjs `loadSplits`, the same rows as @xai/data's `loadDataset`
// default (stratified 10% validation of train, seed 0; pima split 80/20 first; min-max
// fitted on the training part only). The authoritative accuracy table comes from
// `xai train` in @xai/bench, which loads through @xai/data itself.
// Procedure and grid: bench/selectSettings.mjs. After the choice, the chosen settings are
// trained once more with the test split attached and its accuracy is printed for the
// report; it plays no part in the choice. Paste the printed rows into
// src/trainingPreset.ts (DEFAULT_TRAINING).
import { createAnn, createLogisticRegression, trainModel } from '../dist/index.js';
import { availableDatasets, loadSplits } from './readCsv.mjs';
import { GRID, optionsOf, selectSettings } from './selectSettings.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const datasets = opt('datasets', availableDatasets().join(',')).split(',');
const kinds = opt('models', 'lr,ann').split(',');

console.log(`grid: ${JSON.stringify(GRID)}`);
const chosen = {};
const summary = [];
for (const name of datasets) {
  const { test, ...data } = loadSplits(name);
  console.log(`${name}: ${data.train.x.rows} train, ${data.validation.x.rows} validation rows (${data.note})`);
  chosen[name] = {};
  for (const kind of kinds) {
    const create = () =>
      kind === 'lr' ? createLogisticRegression(data.train.x.cols, { seed: 0 }) : createAnn(data.train.x.cols, { seed: 0 });
    const { settings, validationLoss } = selectSettings(
      { train: data.train, validation: data.validation },
      { create, trainModel, log: (line) => console.log(`  ${kind.padEnd(4)} ${line}`) },
    );
    chosen[name][kind] = settings;
    console.log(`  chose ${kind}: ${JSON.stringify(settings)}`);
    // Selection is over: train the chosen settings once with the test split attached, for the report.
    const r = trainModel(
      create(),
      { train: data.train, validation: data.validation, test },
      optionsOf(settings, settings.epochs, settings.patience),
    );
    if (r.loss.validation !== validationLoss)
      throw new Error(`replay mismatch for ${name}/${kind}: ${r.loss.validation} vs ${validationLoss}`);
    summary.push({
      name,
      kind,
      ...settings,
      kept: `${r.bestEpoch}/${r.epochsRun}`,
      val: r.accuracy.validation,
      valLoss: r.loss.validation,
      test: r.accuracy.test,
    });
  }
}

console.log(
  '\ndataset   model  batch  lr      wd      epochs  patience  epoch(kept/run)  val loss  val acc  test acc (printed after selection)',
);
for (const s of summary) {
  console.log(
    `${s.name.padEnd(9)} ${s.kind.padEnd(6)} ${String(s.batchSize).padEnd(6)} ${String(s.learningRate).padEnd(7)} ${String(s.weightDecay).padEnd(7)} ${String(s.epochs).padEnd(7)} ${String(s.patience).padEnd(9)} ${s.kept.padEnd(16)} ${s.valLoss.toFixed(4)}    ${s.val.toFixed(4)}   ${s.test.toFixed(4)}`,
  );
}
console.log('\nDEFAULT_TRAINING rows:');
for (const [name, byKind] of Object.entries(chosen))
  console.log(
    `  ${name}: ${JSON.stringify(byKind)
      .replace(/"(\w+)":/g, '$1: ')
      .replace(/,/g, ', ')},`,
  );
