import { describe, expect, it } from 'vitest';
import { withDiscreteLevels } from './discreteLevels.js';
import { fromRows } from './matrix.js';

describe('withDiscreteLevels', () => {
  const train = fromRows([
    [1, -1, 0, 1, 0, 0.3],
    [2, 1, 1, 0, 1, 0.7],
    [2, -1, 0, 1, 0, 0.5],
  ]);
  const schema = {
    names: ['sex', 'unit', 'flag', 'g1', 'g2', 'age'],
    kinds: ['discrete', 'discrete', 'discrete', 'discrete', 'discrete', 'continuous'] as const,
    groups: [[3, 4]],
  };
  it('gives each lone discrete column its lowest and highest training value, null elsewhere', () => {
    expect(withDiscreteLevels(schema, train).levels).toEqual([[1, 2], [-1, 1], [0, 1], null, null, null]);
  });
  it('keeps levels the schema gives, reads the rest, and refuses a width mismatch or a NaN', () => {
    const given = { ...schema, levels: [[0, 5], null, null, null, null, null] as ([number, number] | null)[] };
    expect(withDiscreteLevels(given, train).levels![0]).toEqual([0, 5]);
    expect(withDiscreteLevels(given, train).levels![1]).toEqual([-1, 1]);
    expect(() => withDiscreteLevels(schema, fromRows([[1, 2]]))).toThrow(/the schema has 6 columns, train has 2/);
    expect(() => withDiscreteLevels(schema, fromRows([[Number.NaN, 1, 0, 1, 0, 0]]))).toThrow(/train row 0, column sex is NaN/);
  });
});
