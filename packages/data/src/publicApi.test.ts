// The public API: internal helpers stay out of the root and of every subpath entry; what
// other packages import (bench: @xai/data and @xai/data/node) stays in.
import { describe, expect, it } from 'vitest';
import * as applyPreprocessingEntry from './applyPreprocessing.js';
import * as root from './index.js';
import * as loadUserDatasetEntry from './loadUserDataset.js';
import * as node from './node.js';
import * as parseUserDatasetEntry from './parseUserDataset.js';

const INTERNAL = ['buildUserDataset', 'rawColumnPlan', 'scaleColumns', 'USER_DATASET_KEYS', 'readLabelColumn', 'contentSplit'];

describe('public API', () => {
  it('exports no internal helper from the root, /node or the subpath entries', () => {
    for (const entry of [root, node, applyPreprocessingEntry, parseUserDatasetEntry, loadUserDatasetEntry]) {
      for (const name of INTERNAL) expect(Object.keys(entry)).not.toContain(name);
    }
  });

  it('keeps what bench and the user-data API use', () => {
    for (const name of [
      'fitMinMaxScaler',
      'parseCsv',
      'stratifiedSplit',
      'parseUserDataset',
      'applyPreprocessing',
      'USER_DATASET_DEFAULTS',
      'APPLY_PREPROCESSING_DEFAULTS',
      'LOAD_DATASET_DEFAULTS',
    ])
      expect(typeof (root as Record<string, unknown>)[name]).not.toBe('undefined');
    for (const name of [
      'DATASET_NAMES',
      'availableDatasets',
      'datasetStatus',
      'summarizeDataset',
      'inferFeatureKinds',
      'readFeatureCsvSync',
      'loadDataset',
      'loadUserDataset',
    ])
      expect(typeof (node as Record<string, unknown>)[name]).not.toBe('undefined');
    expect(root.USER_DATASET_DEFAULTS).toEqual({
      seed: 0,
      testFraction: 0.2,
      validationFraction: 0.1,
      maxCategories: 50,
      maxClasses: 10,
      maxColumns: 1000,
      missing: 'error',
      unknownCategories: 'error',
      rangeMargin: 0.1,
    });
  });
});
