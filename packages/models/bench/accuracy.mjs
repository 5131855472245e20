// REPORT ONLY: trains LR and ANN on every available shared dataset with a training preset
// and prints validation and test accuracies beside OpenXAI's published ones. Nothing here
// feeds back into the presets: the `default` settings are chosen on validation only by
// bench/select.mjs. Data as @xai/data loads it for the preset (bench/readCsv.mjs); the
// authoritative table comes from `xai train` in @xai/bench. Optionally saves the models as
// JSON with a manifest (the "pretrained models" command).
//   node bench/accuracy.mjs [--preset default|openxai|paper] [--datasets adult,compas]
//                           [--models lr,ann] [--epochs N] [--save DIR]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAnn, createLogisticRegression, formatModelJson, toModelJson, trainModel, trainingPreset } from '../dist/index.js';
import { availableDatasets, loadSplits } from './readCsv.mjs';

const OPENXAI = {
  lr: { adult: 0.84, compas: 0.85, german: 0.72, heloc: 0.72, gaussian: 0.73 },
  ann: { adult: 0.83, compas: 0.85, german: 0.71, heloc: 0.74, gaussian: 0.91 },
};

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const preset = opt('preset', 'default');
const datasets = opt('datasets', availableDatasets().join(',')).split(',');
const kinds = opt('models', 'lr,ann').split(',');
const epochs = opt('epochs', undefined);
const saveDir = opt('save', undefined);
const seed = Number(opt('seed', '0'));

const manifest = { format: 'xai-models-manifest@1', preset, seed, models: [] };
console.log(`preset ${preset}, seed ${seed}`);
console.log('dataset   model  val acc  test acc  OpenXAI  train acc  best/run  seconds');
for (const name of datasets) {
  const data = loadSplits(name, { preset, seed });
  for (const kind of kinds) {
    const options = { ...trainingPreset(name, kind, preset), seed };
    if (epochs !== undefined) options.epochs = Number(epochs);
    const d = data.train.x.cols;
    const model = kind === 'lr' ? createLogisticRegression(d, { seed }) : createAnn(d, { seed });
    const r = trainModel(model, { train: data.train, validation: data.validation, test: data.test }, options);
    const ref = OPENXAI[kind][name];
    console.log(
      `${name.padEnd(9)} ${kind.padEnd(6)} ${r.accuracy.validation?.toFixed(4) ?? '-'}   ${r.accuracy.test.toFixed(4).padStart(8)}  ${(ref?.toFixed(2) ?? '-').padStart(7)}  ${r.accuracy.train.toFixed(4)}     ${String(r.bestEpoch).padStart(3)}/${String(r.epochsRun).padEnd(3)}  ${r.seconds.toFixed(1).padStart(6)}`,
    );
    if (saveDir !== undefined) {
      mkdirSync(saveDir, { recursive: true });
      const file = `${kind}_${name}.json`;
      const { history: _h, ...summary } = r;
      const metadata = { dataset: name, datasetSha256: data.hash, preset, seed, accuracy: r.accuracy, bestEpoch: r.bestEpoch };
      writeFileSync(join(saveDir, file), formatModelJson({ ...toModelJson(model), metadata }));
      manifest.models.push({
        file,
        dataset: name,
        kind,
        datasetSha256: data.hash,
        dataFiles: data.files.map((f) => f.split('/').slice(-2).join('/')),
        preprocessing: data.note,
        seed,
        ...summary,
      });
    }
  }
}
if (saveDir !== undefined) {
  writeFileSync(join(saveDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`saved ${manifest.models.length} models and manifest.json to ${saveDir}`);
}
