import { defineConfig } from 'vitest/config';
import { noTimeLimits } from '../../vitest.shared.ts';

// The page is built once (globalSetup) and every browser test file opens that build.
export default defineConfig({
  test: { ...noTimeLimits, include: ['test/**/*.test.js'], globalSetup: ['test/support/buildPage.js'], fileParallelism: false },
});
