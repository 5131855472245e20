// `Preset` and `PRESETS` belong to `@xai/core`; re-exported here so that existing imports
// from `@xai/data` (and `@xai/data/preset`) keep working.
export type { Preset } from '@xai/core';
export { PRESETS } from '@xai/core';
