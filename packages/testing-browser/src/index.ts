// @xai/testing-browser: the test helpers every package shares.
// - launchChromium / findChromium: headless Chromium with no apt (system binary or the npm-shipped one).
// - nodeBuiltinImports: the one browser-safety checker (also at `@xai/testing-browser/nodeBuiltinImports`,
//   which loads esbuild only, not playwright-core).
export { CHROMIUM_FLAGS, findChromium, launchChromium } from './launchChromium.js';
export type { ChromiumSource } from './launchChromium.js';
export { formatBuiltinImports, nodeBuiltinImports } from './nodeBuiltinImports.js';
export type { BuiltinImport } from './nodeBuiltinImports.js';
