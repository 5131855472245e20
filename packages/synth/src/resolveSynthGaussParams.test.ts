import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { resolveSynthGaussParams, synthGaussDefaults } from './resolveSynthGaussParams.js';

/** The thrown XaiError's code and message (or a marker when nothing was thrown). */
function failure(f: () => unknown): { code: string; message: string } {
  try {
    f();
  } catch (e) {
    if (isXaiError(e)) return { code: e.code, message: e.message };
    return { code: `not an XaiError: ${String(e)}`, message: '' };
  }
  return { code: 'no error', message: '' };
}

describe('resolveSynthGaussParams', () => {
  it('fills the paper defaults of appendix D.3 and the released files’ parameters', () => {
    expect(resolveSynthGaussParams()).toEqual({
      variant: 'paper',
      nPerCluster: 1000,
      dim: 20,
      clusters: 10,
      kappa: 6,
      maskProbability: 0.25,
      minActiveFeatures: 1,
      testFraction: 0.25,
      validationFraction: 0.1,
      seed: 0,
      order: 'shuffled',
    });
    // gaussian-dgp.json of the released data: n_samples 2500, distance_to_center 5, sparsity 0.25.
    const o = resolveSynthGaussParams({ variant: 'openxai-code' });
    // The released code never redraws a mask: minActiveFeatures 0.
    expect([
      o.nPerCluster,
      o.dim,
      o.clusters,
      o.kappa,
      o.maskProbability,
      o.minActiveFeatures,
      o.testFraction,
      o.validationFraction,
      o.order,
    ]).toEqual([2500, 20, 10, 5, 0.25, 0, 0.25, 0, 'by-cluster']);
  });

  it('keeps given values over defaults', () => {
    const o = resolveSynthGaussParams({ variant: 'openxai-code', kappa: 7, seed: -3, order: 'shuffled' });
    expect(o.kappa).toBe(7);
    expect(o.seed).toBe(-3);
    expect(o.order).toBe('shuffled');
    expect(o.nPerCluster).toBe(synthGaussDefaults['openxai-code'].nPerCluster);
  });

  const bad: [string, unknown][] = [
    ['variant', { variant: 'code' }],
    ['nPerCluster', { nPerCluster: 0 }],
    ['nPerCluster', { nPerCluster: 2.5 }],
    ['dim', { dim: 0 }],
    ['dim', { dim: NaN }],
    ['clusters', { clusters: -1 }],
    ['clusters', { clusters: '10' }],
    ['kappa', { kappa: 0 }],
    ['kappa', { kappa: Infinity }],
    ['maskProbability', { maskProbability: -0.1 }],
    ['maskProbability', { maskProbability: 1.5 }],
    ['testFraction', { testFraction: 0 }],
    ['testFraction', { testFraction: 1 }],
    ['testFraction', { nPerCluster: 1, clusters: 2, testFraction: 0.25 }], // floor(0.5) = 0 test rows
    ['validationFraction', { validationFraction: 1 }],
    ['validationFraction', { validationFraction: -0.2 }],
    ['seed', { seed: 1.5 }],
    ['seed', { seed: 2 ** 60 }],
    ['order', { order: 'random' }],
    ['minActiveFeatures', { minActiveFeatures: -1 }],
    ['minActiveFeatures', { minActiveFeatures: 1.5 }],
    ['minActiveFeatures', { dim: 5, minActiveFeatures: 6 }], // more than d
    ['minActiveFeatures', { maskProbability: 0 }], // the paper default 1 could never be met
    ['minActiveFeatures', { maskProbability: 1e-7 }], // accepted with chance 2e-6: ~500,000 redraws
    ['minActiveFeatures', { maskProbability: 0.25, minActiveFeatures: 16 }], // P(Bin(20, 0.25) >= 16) ~ 4e-7
    ['nPerCluster', { nPerCluster: 1e6, dim: 100 }], // too large
    ['sizee', { sizee: 3 }], // unknown option (a typo)
  ];
  it.each(bad)('rejects a bad %s with BAD_OPTION naming it', (arg, options) => {
    const f = failure(() => resolveSynthGaussParams(options));
    expect(f.code).toBe('BAD_OPTION');
    expect(f.message).toContain(`options.${arg}`);
    expect(f.message).toContain('generateSynthGauss');
  });

  it('rejects a non-object', () => {
    expect(failure(() => resolveSynthGaussParams(42)).code).toBe('BAD_OPTION');
    expect(failure(() => resolveSynthGaussParams(null)).code).toBe('BAD_OPTION');
    expect(failure(() => resolveSynthGaussParams([1])).code).toBe('BAD_OPTION');
  });

  it('accepts the edge values p = 0 (with minActiveFeatures 0) and p = 1 and validation 0', () => {
    expect(resolveSynthGaussParams({ maskProbability: 0, minActiveFeatures: 0, validationFraction: 0 }).maskProbability).toBe(0);
    expect(resolveSynthGaussParams({ variant: 'openxai-code', maskProbability: 0 }).maskProbability).toBe(0);
    expect(resolveSynthGaussParams({ maskProbability: 1, minActiveFeatures: 20 }).minActiveFeatures).toBe(20);
    // P(Bin(20, 0.25) >= 11) ~ 3.9e-3: rare but affordable, so allowed.
    expect(resolveSynthGaussParams({ minActiveFeatures: 11 }).minActiveFeatures).toBe(11);
    expect(resolveSynthGaussParams({ maskProbability: 1 }).maskProbability).toBe(1);
  });
});
