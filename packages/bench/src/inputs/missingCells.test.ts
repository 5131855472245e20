import { matrix } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { EXTENDED_METRICS } from '../config/ids.js';
import { leftOutForMissingCells, withoutLeftOut } from './missingCells.js';

const rows = { train: matrix(2, 2, Float64Array.of(1, Number.NaN, 3, 4)), test: matrix(1, 2, Float64Array.of(Number.NaN, Number.NaN)) };
const complete = { train: matrix(1, 2, Float64Array.of(1, 2)), test: matrix(1, 2, Float64Array.of(3, 4)) };
const road = EXTENDED_METRICS[0]!;
const config = { explainers: ['control', 'shap', 'lime', 'treeshap'], metrics: ['PGI', 'FA', road] };

describe('leftOutForMissingCells', () => {
  it('leaves out of a default set only what cannot take missing cells (the registries), counting every NaN', () => {
    const left = leftOutForMissingCells({ ...config, defaultExplainers: true, defaultMetrics: true }, rows, 'x.csv')!;
    expect(left.explainers).toEqual(['shap', 'lime']);
    expect(left.metrics).toEqual([road]);
    expect(left.reason).toContain('the train and test rows of x.csv hold 3 missing cells');
    const run = withoutLeftOut(config, left);
    expect(run.explainers).toEqual(['control', 'treeshap']);
    expect(run.metrics).toEqual(['PGI', 'FA']);
  });

  it('keeps what was asked for, and leaves nothing out of complete rows', () => {
    expect(leftOutForMissingCells(config, rows, 'x.csv')).toBeNull();
    expect(leftOutForMissingCells({ ...config, defaultExplainers: true }, rows, 'x.csv')!.metrics).toEqual([]);
    expect(leftOutForMissingCells({ ...config, defaultMetrics: true }, rows, 'x.csv')!.explainers).toEqual([]);
    expect(leftOutForMissingCells({ ...config, defaultExplainers: true, defaultMetrics: true }, complete, 'x.csv')).toBeNull();
    expect(withoutLeftOut(config, null)).toBe(config);
  });
});
