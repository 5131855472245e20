import { XaiError, describeValue } from '@xai/core';

/**
 * Which settings to start from: `openxai` reproduces the released OpenXAI code, `paper`
 * the paper's stated settings, `default` the paper's semantics with the pitfalls fixed.
 */
export type Preset = 'default' | 'openxai' | 'paper';

/** All presets, in documentation order. */
export const PRESETS: readonly Preset[] = ['default', 'openxai', 'paper'];

/** The preset named by `value` (undefined → 'default'); BAD_OPTION otherwise. @since 0.1.0 */
export function resolvePreset(value: unknown, fn: string): Preset {
  if (value === undefined) return 'default';
  if (typeof value === 'string' && (PRESETS as readonly string[]).includes(value)) return value as Preset;
  throw new XaiError('BAD_OPTION', `expected one of ${PRESETS.join(', ')}, got ${describeValue(value)}`, { fn, arg: 'preset', value });
}
