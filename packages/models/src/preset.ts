// The presets are shared by every package: re-exported from @xai/core.
export { PRESETS, resolvePreset } from '@xai/core';
export type { Preset } from '@xai/core';
