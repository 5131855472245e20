import { XaiError, describeValue } from '@xai/core';

/**
 * Which settings an explainer starts from (see the package README's preset table):
 * `openxai` reproduces the released OpenXAI code, `paper` the paper's stated settings,
 * `default` the paper's semantics with the known pitfalls fixed.
 */
export type Preset = 'default' | 'openxai' | 'paper';

/** All presets, in documentation order. */
export const PRESETS: readonly Preset[] = ['default', 'openxai', 'paper'];

/**
 * The preset named by `value` (undefined means `'default'`); throws BAD_OPTION otherwise.
 * @example resolvePreset(undefined, 'limeExplainer')  // 'default'
 * @since 0.1.0
 */
export function resolvePreset(value: unknown, fn: string): Preset {
  if (value === undefined) return 'default';
  if (typeof value === 'string' && (PRESETS as readonly string[]).includes(value)) return value as Preset;
  throw new XaiError('BAD_OPTION', `expected one of ${PRESETS.join(', ')}, got ${describeValue(value)}`, { fn, arg: 'preset', value });
}
