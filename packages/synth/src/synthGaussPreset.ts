import { PRESETS, XaiError, describeValue } from '@xai/core';
import type { Preset } from '@xai/core';
import type { SynthGaussOptions } from './resolveSynthGaussParams.js';

/**
 * The benchmark's presets: an alias of `Preset` from `@xai/core`, kept so existing imports
 * of `SynthPreset` still compile.
 * @deprecated Import `Preset` from `@xai/core`.
 */
export type SynthPreset = Preset;

/**
 * Generator options for a benchmark preset: `openxai` → the released code's variant with
 * the released files' parameters; `paper` → Algorithm 1 exactly as written (an empty mask
 * stays possible, as in the paper); `default` → Algorithm 1 with the paper's parameters,
 * a validation split for model selection and no empty masks (`minActiveFeatures: 1`).
 * Spread your own options over the result to change any of them.
 * @example generateSynthGauss({ ...synthGaussPreset('openxai'), seed: 3 })
 * @since 0.1.0
 */
export function synthGaussPreset(preset: Preset): SynthGaussOptions {
  if (!(PRESETS as readonly unknown[]).includes(preset)) {
    throw new XaiError('BAD_OPTION', `expected one of ${PRESETS.map((p) => `'${p}'`).join(', ')}, got ${describeValue(preset)}`, {
      fn: 'synthGaussPreset',
      arg: 'preset',
      value: preset,
    });
  }
  if (preset === 'openxai') return { variant: 'openxai-code' };
  return preset === 'paper' ? { variant: 'paper', minActiveFeatures: 0 } : { variant: 'paper', minActiveFeatures: 1 };
}
