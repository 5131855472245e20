import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { generateSynthGauss } from './generateSynthGauss.js';
import { SYNTH_GAUSS_VERSION, synthGaussId } from './synthGaussId.js';
import type { SynthGaussOptions } from './resolveSynthGaussParams.js';

describe('synthGaussId', () => {
  it('is the sha256 of generator, version and sorted parameters', () => {
    const params = { clusters: 10, dim: 20, kappa: 6, maskProbability: 0.25, nPerCluster: 1000, order: 'shuffled', seed: 0, testFraction: 0.25, validationFraction: 0.1, variant: 'paper' };
    const text = JSON.stringify({ generator: 'synthgauss', params, version: SYNTH_GAUSS_VERSION });
    const expected = createHash('sha256').update(`s${Buffer.byteLength(text)}:${text}`).digest('hex');
    expect(synthGaussId()).toBe(expected);
    expect(synthGaussId()).toMatch(/^[0-9a-f]{64}$/);
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
