import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { generateSynthGauss } from './generateSynthGauss.js';
import { SYNTH_GAUSS_VERSION, synthGaussId } from './synthGaussId.js';
import type { SynthGaussOptions } from './resolveSynthGaussParams.js';

/** The id by hand: sha256 over the length-framed JSON of { generator, params, version }, keys sorted. */
const idOf = (params: Record<string, unknown>, version = 1): string => {
  const sorted = Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
  const text = JSON.stringify({ generator: 'synthgauss', params: sorted, version });
  return createHash('sha256')
    .update(`s${Buffer.byteLength(text)}:${text}`)
    .digest('hex');
};
// The paper defaults as they were hashed before minActiveFeatures existed (version 1).
const PAPER_V1 = {
  clusters: 10,
  dim: 20,
  kappa: 6,
  maskProbability: 0.25,
  nPerCluster: 1000,
  order: 'shuffled',
  seed: 0,
  testFraction: 0.25,
  validationFraction: 0.1,
  variant: 'paper',
};
const CODE_V1 = {
  clusters: 10,
  dim: 20,
  kappa: 5,
  maskProbability: 0.25,
  nPerCluster: 2500,
  order: 'by-cluster',
  seed: 0,
  testFraction: 0.25,
  validationFraction: 0,
  variant: 'openxai-code',
};

describe('synthGaussId', () => {
  it('is the sha256 of generator, version and sorted parameters (minActiveFeatures 1 hashed in paper)', () => {
    expect(SYNTH_GAUSS_VERSION).toBe(1);
    expect(synthGaussId()).toBe(idOf({ ...PAPER_V1, minActiveFeatures: 1 }));
    expect(synthGaussId()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps every version-1 id: minActiveFeatures 0 is left out of the hash', () => {
    // openxai-code defaults to 0, so its ids (and data, see generateSynthGauss tests) are unchanged.
    expect(synthGaussId({ variant: 'openxai-code' })).toBe(idOf(CODE_V1));
    expect(synthGaussId({ variant: 'openxai-code', minActiveFeatures: 0 })).toBe(idOf(CODE_V1));
    expect(synthGaussId({ variant: 'openxai-code', seed: 3 })).toBe(idOf({ ...CODE_V1, seed: 3 }));
    // A paper id made before the option existed is now spelled with minActiveFeatures: 0.
    expect(synthGaussId({ minActiveFeatures: 0 })).toBe(idOf(PAPER_V1));
    expect(synthGaussId({ minActiveFeatures: 0, seed: 8, nPerCluster: 5 })).toBe(idOf({ ...PAPER_V1, seed: 8, nPerCluster: 5 }));
  });

  it('differs when minActiveFeatures differs, in either variant', () => {
    const paper = [0, 1, 2].map((m) => synthGaussId({ minActiveFeatures: m }));
    const code = [0, 1, 2].map((m) => synthGaussId({ variant: 'openxai-code', minActiveFeatures: m }));
    expect(new Set([...paper, ...code]).size).toBe(6);
    expect(synthGaussId({ variant: 'openxai-code', minActiveFeatures: 1 })).toBe(idOf({ ...CODE_V1, minActiveFeatures: 1 }));
  });

  it('equals the generated dataset’s id, and depends on values, not on how they were given', () => {
    expect(synthGaussId({ seed: 4, nPerCluster: 10 })).toBe(generateSynthGauss({ seed: 4, nPerCluster: 10 }).id);
    expect(synthGaussId({})).toBe(synthGaussId({ variant: 'paper', kappa: 6, dim: 20 }));
  });

  const changes: SynthGaussOptions[] = [
    { variant: 'openxai-code' },
    { nPerCluster: 999 },
    { dim: 21 },
    { clusters: 11 },
    { kappa: 6.5 },
    { maskProbability: 0.3 },
    { minActiveFeatures: 2 },
    { testFraction: 0.2 },
    { validationFraction: 0.2 },
    { seed: 1 },
    { order: 'by-cluster' },
  ];
  it('changes when any one parameter changes', () => {
    const ids = new Set([synthGaussId(), ...changes.map((c) => synthGaussId(c))]);
    expect(ids.size).toBe(changes.length + 1);
  });
});
