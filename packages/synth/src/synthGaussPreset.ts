import { XaiError, describeValue } from '@xai/core';
import type { SynthGaussOptions } from './resolveSynthGaussParams.js';

/** The benchmark's presets (same names as the other @xai packages). */
export type SynthPreset = 'default' | 'openxai' | 'paper';

/**
 * Generator options for a benchmark preset: `openxai` → the released code's variant with
 * the released files' parameters; `paper` and `default` → Algorithm 1 as written with the
 * paper's parameters (and a validation split for model selection). Spread your own
 * options over the result to change any of them.
 * @example generateSynthGauss({ ...synthGaussPreset('openxai'), seed: 3 })
 * @since 0.1.0
 */
export function synthGaussPreset(preset: SynthPreset): SynthGaussOptions {
  if (preset !== 'default' && preset !== 'openxai' && preset !== 'paper') {
    throw new XaiError('BAD_OPTION', `expected 'default', 'openxai' or 'paper', got ${describeValue(preset)}`, { fn: 'synthGaussPreset', arg: 'preset', value: preset });
  }
  return preset === 'openxai' ? { variant: 'openxai-code' } : { variant: 'paper' };
}
