import { describe, expect, it } from 'vitest';
import { PRESETS, isXaiError } from '@xai/core';
import type { Preset } from '@xai/core';
import { generateSynthGauss } from './generateSynthGauss.js';
import { synthGaussPreset } from './synthGaussPreset.js';
import type { SynthPreset } from './synthGaussPreset.js';

describe('synthGaussPreset', () => {
  it('maps openxai to the released-code variant and the others to the paper', () => {
    expect(synthGaussPreset('openxai').variant).toBe('openxai-code');
    expect(synthGaussPreset('paper').variant).toBe('paper');
    expect(synthGaussPreset('default').variant).toBe('paper');
  });

  it('accepts every preset of @xai/core; SynthPreset is the same type', () => {
    const names: SynthPreset[] = [...PRESETS];
    const back: Preset[] = names;
    expect(back.map((p) => typeof synthGaussPreset(p).variant)).toEqual(PRESETS.map(() => 'string'));
  });

  it('forbids empty masks only under default; paper and openxai keep the published behaviour', () => {
    expect(generateSynthGauss({ ...synthGaussPreset('default'), nPerCluster: 2 }).manifest.params.minActiveFeatures).toBe(1);
    expect(generateSynthGauss({ ...synthGaussPreset('paper'), nPerCluster: 2 }).manifest.params.minActiveFeatures).toBe(0);
    expect(generateSynthGauss({ ...synthGaussPreset('openxai'), nPerCluster: 2 }).manifest.params.minActiveFeatures).toBe(0);
  });

  it('rejects an unknown preset with BAD_OPTION', () => {
    let err: unknown;
    try {
      synthGaussPreset('fast' as 'paper');
    } catch (e) {
      err = e;
    }
    expect(isXaiError(err, 'BAD_OPTION')).toBe(true);
    expect((err as Error).message).toMatch(/'default', 'openxai', 'paper'.*fast/);
  });
});
