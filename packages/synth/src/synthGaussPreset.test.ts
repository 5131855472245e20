import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { synthGaussPreset } from './synthGaussPreset.js';

describe('synthGaussPreset', () => {
  it('maps openxai to the released-code variant and the others to the paper', () => {
    expect(synthGaussPreset('openxai').variant).toBe('openxai-code');
    expect(synthGaussPreset('paper').variant).toBe('paper');
    expect(synthGaussPreset('default').variant).toBe('paper');
  });

  it('rejects an unknown preset with BAD_OPTION', () => {
    let err: unknown;
    try {
      synthGaussPreset('fast' as 'paper');
    } catch (e) {
      err = e;
    }
    expect(isXaiError(err, 'BAD_OPTION')).toBe(true);
  });
});
