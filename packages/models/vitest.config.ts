import type { ViteUserConfig } from 'vitest/config';
import { defineConfig } from 'vitest/config';
import { noTimeLimits } from '../../vitest.shared.js';

const config: ViteUserConfig = defineConfig({
  test: {
    ...noTimeLimits,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});

export default config;
