// Unknown option keys are errors (BAD_OPTION with a did-you-mean) at every public options-taking
// function of @xai/bench, like everywhere else in the toolkit.
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { createProgress } from '../run/progress.js';
import { evaluateAttributions } from '../explain/evaluateAttributions.js';
import { explainInstances } from '../explain/explainInstances.js';
import { listBenchDatasets } from './listBenchDatasets.js';
import { loadBenchDataset } from '../inputs/loadBenchDataset.js';
import { mergeRuns } from '../results/mergeRuns.js';
import { planUnits } from '../run/planUnits.js';
import { rebuildReports } from '../report/rebuildReports.js';
import { runBench } from '../run/runBench.js';
import { summarize } from '../results/summarize.js';
import { trainModels } from '../inputs/trainModels.js';
import { trainOrLoadModel } from '../inputs/trainOrLoadModel.js';
import { runUnits } from '../run/workerPool.js';

async function badOption(call: () => unknown): Promise<Error> {
  try {
    await call();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected BAD_OPTION');
}

const cases: [string, () => unknown, string][] = [
  ['resolveBenchConfig options', () => resolveBenchConfig({}, {}, { cwdd: '/' } as never), 'cwd'],
  ['resolveBenchConfig flags', () => resolveBenchConfig({}, { instancez: '5' } as never), 'instances'],
  ['runBench', () => runBench(resolveBenchConfig({}, {}), { enigne: 'x' } as never), 'engine'],
  ['mergeRuns', () => mergeRuns(['a'], 'b', { argvv: [] } as never), 'argv'],
  ['rebuildReports', () => rebuildReports('a', { allowPartal: true } as never), 'allowPartial'],
  ['planUnits', () => planUnits({ datasets: [], models: [], explainers: [], blockSize: 1, blocksize: 2 } as never), 'blockSize'],
  ['createProgress', () => createProgress({ stage: 'x', total: 1, intervalMS: 5 } as never), 'intervalMs'],
  ['summarize', () => summarize([], { bootstraps: 5 } as never), 'bootstrap'],
  ['listBenchDatasets', () => listBenchDatasets({ dataDir: '.', cacheDir: '.', presett: 'default' } as never), 'preset'],
  [
    'loadBenchDataset',
    () => loadBenchDataset('synthetic', { preset: 'default', dataDir: '.', cacheDir: '.', download: false, seed: 0, sed: 1 } as never),
    'seed',
  ],
  ['trainModels', () => trainModels({ datasets: [], modles: [] } as never), 'models'],
  [
    'trainOrLoadModel',
    () => trainOrLoadModel({} as never, 'lr', { preset: 'default', seed: 0, cacheDir: '.', cachedir: '.' } as never),
    'cacheDir',
  ],
  ['runUnits', () => runUnits({ engine: 'x', payload: null, units: [], workers: 1, onUnit: () => {}, worker: 2 } as never), 'workers'],
  ['explainInstances', () => explainInstances({ model: 'm', instances: 'x', method: 'grad', lable: 1 } as never), 'label'],
  [
    'evaluateAttributions',
    () => evaluateAttributions({ model: 'm', instances: 'x', attributions: 'a', metric: 'FA', methd: 'grad' } as never),
    'method',
  ],
];

describe('unknown option keys are BAD_OPTION with a did-you-mean', () => {
  it.each(cases)('%s', async (_name, call, hint) => {
    const e = await badOption(call);
    expect(isXaiError(e, 'BAD_OPTION'), e.message).toBe(true);
    expect(e.message).toContain(`did you mean '${hint}'`);
  });
});
