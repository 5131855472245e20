/**
 * How a metric settles the places where OpenXAI's paper and released code disagree:
 * `openxai` reproduces the released code, `paper` follows the paper's stated settings,
 * `default` follows the paper with the known pitfalls fixed. Re-exported from `@xai/core`
 * (the one definition) so `@xai/metrics` keeps its public names.
 * @since 0.1.0
 */
export type { Preset } from '@xai/core';
export { PRESETS } from '@xai/core';
