/**
 * How a metric settles the places where OpenXAI's paper and released code disagree:
 * `openxai` reproduces the released code, `paper` follows the paper's stated settings,
 * `default` follows the paper with the known pitfalls fixed.
 * @since 0.1.0
 */
export type Preset = 'default' | 'openxai' | 'paper';

/** Every preset, for validation and iteration. @since 0.1.0 */
export const PRESETS: readonly Preset[] = ['default', 'openxai', 'paper'] as const;
