import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Generous: tests assert results, never speed (speed lives in bench/perf.mjs); this only guards hangs.
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
