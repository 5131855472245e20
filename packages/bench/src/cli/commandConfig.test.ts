import { describe, expect, it } from 'vitest';
import { configFlags } from './commandConfig.js';

// The keys train and data export passed by hand before the table was read for them.
const CSV_KEYS = ['data', 'label', 'test', 'schema', 'ignore', 'missing', 'encoding', 'decimal'];
const PLACE_KEYS = ['preset', 'seed', 'dataDir', 'cacheDir', 'download', 'out'];

describe('configFlags', () => {
  it("hands resolveBenchConfig the flags of train and data export that carry a config key, by the key's name", () => {
    const keys = (command: 'train' | 'data export'): string[] => Object.keys(configFlags(command, {})).sort();
    expect(keys('train')).toEqual(['datasets', 'models', ...PLACE_KEYS, ...CSV_KEYS].sort());
    expect(keys('data export')).toEqual([...PLACE_KEYS, ...CSV_KEYS].sort());
    const flags = configFlags('train', { dataDir: 'd', missing: 'drop-rows', force: true });
    expect(flags.dataDir).toBe('d');
    expect(flags.missing).toBe('drop-rows');
    expect('force' in flags).toBe(false);
  });
});
