import { defineConfig } from 'vitest/config';
import { noTimeLimits } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    ...noTimeLimits,
    include: ['*.test.js'],
  },
});
