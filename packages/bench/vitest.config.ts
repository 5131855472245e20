import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { noTimeLimits } from '../../vitest.shared.js';

// The checkout's folders, as the repository's own scripts pass them (the CLI never looks for a
// repository itself): the shared OpenXAI datasets beside the clone, the model cache in node_modules.
const shared = fileURLToPath(new URL('../../../shared/datasets', import.meta.url));
const cache = fileURLToPath(new URL('../../node_modules/.cache/xai', import.meta.url));

export default defineConfig({
  test: {
    ...noTimeLimits,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: {
      XAI_CACHE_DIR: process.env.XAI_CACHE_DIR ?? cache,
      ...(process.env.XAI_DATA_DIR ? {} : existsSync(shared) ? { XAI_DATA_DIR: shared } : {}),
    },
  },
});
