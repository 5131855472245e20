import { defineConfig } from 'vitest/config';
import { noTimeLimits } from '../../vitest.shared.js';

// `*.slow.test.ts` files (statistical checks needing many corpora) run with `pnpm test:slow`.
export default defineConfig({
  test: {
    ...noTimeLimits,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/*.slow.test.ts'],
  },
});
