// No second list of explainer, metric or dataset ids: code reads the registries of
// @xai/explainers, @xai/metrics and @xai/data (EXPLAINER_INFO, metricInfo, extendedMetrics,
// datasetRegistry) and derives any subset from their facts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATASET_NAMES } from '@xai/data';
import { ALL_EXPLAINER_IDS } from '@xai/explainers';
import { EXTENDED_METRIC_IDS, METRIC_IDS } from '@xai/metrics';
import { describe, expect, it } from 'vitest';
import { registryIdLists } from './registryLists.js';
import { REPO_ROOT, repoFiles } from './repoFiles.js';

/** The registries themselves: where the id lists are written, once. */
const REGISTRIES = new Set([
  'packages/explainers/src/explainerInfo.ts',
  'packages/explainers/src/explainerRegistry.ts',
  'packages/metrics/src/metricIds.ts',
  'packages/metrics/src/extendedMetrics.ts',
  'packages/data/src/datasetRegistry.ts',
  // the one table of which metrics take featureScale
  'packages/metrics/src/featureScaleMetrics.ts',
]);

const sources = repoFiles().filter(
  (f) =>
    /^(packages|examples)\/[^/]+\/(src|scripts)\/.*\.(ts|js|mjs)$/.test(f) &&
    !/\.test\.(ts|js)$/.test(f) &&
    !f.includes('/__fixtures__/') &&
    !REGISTRIES.has(f),
);

describe('ids listed once, in their registry', () => {
  const lists = (ids: readonly string[]) => {
    const set = new Set(ids);
    return sources.flatMap((f) => registryIdLists(f, readFileSync(join(REPO_ROOT, f), 'utf8'), set));
  };

  it('no source outside the registry lists explainer ids', () => {
    expect(lists(ALL_EXPLAINER_IDS)).toEqual([]);
  });

  it('no source outside the registries lists metric ids', () => {
    expect(lists([...METRIC_IDS, ...EXTENDED_METRIC_IDS])).toEqual([]);
  });

  it("no source outside the registry lists dataset names (bench's 'synthetic' counted with them)", () => {
    expect(lists([...DATASET_NAMES, 'synthetic'])).toEqual([]);
  });

  it('the check can fail', () => {
    const ids = new Set(['grad', 'sg', 'ig', 'lime']);
    expect(registryIdLists('a.ts', "const x = 1;\nconst G = new Set([\n  'grad',\n  'sg',\n  'ig',\n]);", ids)).toEqual([
      'a.ts:2: [grad, sg, ig]',
    ]);
    expect(registryIdLists('a.ts', "const pair = ['grad', 'sg'];", ids)).toEqual([]);
    expect(registryIdLists('a.ts', "const m = ['grad', 'sg', 'other'];", ids)).toEqual([]);
    expect(registryIdLists('a.ts', "// id-list: the preselected ones\nconst m = ['grad', 'sg', 'ig'];", ids)).toEqual([]);
  });
});
