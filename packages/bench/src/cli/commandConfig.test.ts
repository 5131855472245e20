import { describe, expect, it } from 'vitest';
import { configFlags } from './commandConfig.js';

describe('configFlags', () => {
  it("hands resolveBenchConfig the flags of train and data export that carry a config key, by the key's name", () => {
    // The keys train and data export passed by hand before the table was read for them.
    expect(Object.keys(configFlags('train', {})).sort()).toEqual(
      [
        'datasets',
        'models',
        'preset',
        'seed',
        'dataDir',
        'cacheDir',
        'download',
        'out',
        'data',
        'label',
        'test',
        'schema',
        'ignore',
        'missing',
        'encoding',
        'decimal',
      ].sort(),
    );
    expect(Object.keys(configFlags('data export', {})).sort()).toEqual(
      [
        'dataDir',
        'cacheDir',
        'preset',
        'seed',
        'download',
        'data',
        'label',
        'test',
        'schema',
        'ignore',
        'missing',
        'encoding',
        'decimal',
        'out',
      ].sort(),
    );
    const flags = configFlags('train', { dataDir: 'd', missing: 'drop-rows', force: true });
    expect(flags.dataDir).toBe('d');
    expect(flags.missing).toBe('drop-rows');
    expect('force' in flags).toBe(false);
  });
});
