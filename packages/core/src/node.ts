// @xai/core/node: everything of the browser-safe root plus the file I/O every package and
// command shares — atomic writes, strict reading of the files users bring, and one mapping of
// file-system errors to XaiError.
export * from './index.js';
export * from './internal/node/ioError.js';
export * from './internal/node/readInputFile.js';
export * from './internal/node/writeFileAtomic.js';
