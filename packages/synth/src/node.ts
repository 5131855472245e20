// @xai/synth/node: everything of the browser-safe root plus saving and loading folders.
export * from './index.js';
export * from './loadSynth.js';
export * from './saveSynth.js';
export type { RegenerateOptions } from './regenerateFromDirs.js';
// Shadows the root's regenerate (an explicit export wins over `export *`): this one also
// looks a bare id up in saved folders ({ dirs }).
export { regenerateFromDirs, regenerateFromDirs as regenerate } from './regenerateFromDirs.js';
