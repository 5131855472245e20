import { defineConfig } from 'vitest/config';
import { noTimeLimits } from '../../vitest.shared.js';

export default defineConfig({
  test: {
    ...noTimeLimits,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
