// Unknown option keys are errors (BAD_OPTION with a did-you-mean) at every public options-taking
// function of @xai/bench, like everywhere else in the toolkit.
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from './benchConfig';
import { createProgress } from './progress';
import { evaluateAttributions } from './evaluateAttributions';
import { explainInstances } from './explainInstances';
import { listBenchDatasets } from './listBenchDatasets';
import { loadBenchDataset } from './loadBenchDataset';
import { mergeRuns } from './mergeRuns';
import { planUnits } from './planUnits';
import { rebuildReports } from './rebuildReports';
import { runBench } from './runBench';
import { summarize } from './summarize';
import { trainModels } from './trainModels';
import { trainOrLoadModel } from './trainOrLoadModel';
import { runUnits } from './workerPool';

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
