import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['*.test.js'], testTimeout: 120_000 } });
