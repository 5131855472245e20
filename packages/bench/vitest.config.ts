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
    // Two files at once: most of this suite waits on the CLI processes it spawns, so on 2 cores the
    // default one worker leaves a core idle (every file writes to its own temp folder; the model
    // cache is written atomically).
    maxWorkers: 2,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: {
      XAI_CACHE_DIR: process.env.XAI_CACHE_DIR ?? cache,
      ...(process.env.XAI_DATA_DIR ? {} : existsSync(shared) ? { XAI_DATA_DIR: shared } : {}),
    },
  },
});
