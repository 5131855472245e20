import { describe, expect, it } from 'vitest';
import { featureUnits, groupsFromIds, unitIds } from './featureGroups.js';

describe('feature groups', () => {
  it('groupsFromIds groups columns sharing an id in first-appearance order', () => {
    expect(groupsFromIds([0, 0, 1, 2, 2])).toEqual([[0, 1], [2], [3, 4]]);
    expect(groupsFromIds([7, 3, 7, 3])).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(() => groupsFromIds([0, 0.5])).toThrow(/column 1 has group id 0.5/);
  });

  it('featureUnits partitions every column once, singletons for ungrouped ones', () => {
    expect(featureUnits(4, [[1, 2]])).toEqual([[0], [1, 2], [3]]);
    expect(featureUnits(3, undefined)).toEqual([[0], [1], [2]]);
    const units = featureUnits(6, [
      [4, 5],
      [0, 2],
    ]);
    expect(units).toEqual([[0, 2], [1], [3], [4, 5]]);
    expect(Array.from(unitIds(6, units))).toEqual([0, 1, 0, 2, 3, 3]);
  });

  it('rejects overlapping, out-of-range and empty groups', () => {
    expect(() =>
      featureUnits(3, [
        [0, 1],
        [1, 2],
      ]),
    ).toThrow(/column 1 is in group 0 and group 1/);
    expect(() => featureUnits(3, [[3]])).toThrow(/outside \[0, 3\)/);
    expect(() => featureUnits(3, [[]])).toThrow(/group 0 is empty/);
  });
});

describe('unitIds and featureUnits validation', () => {
  it('rejects a negative dimension, a column in no unit and a column in two', () => {
    expect(() => featureUnits(-1, [])).toThrow(/dim must be a non-negative integer, got -1/);
    expect(() => unitIds(3, [[0], [1]])).toThrow(/column 2 is in no unit/);
    expect(() =>
      unitIds(3, [
        [0, 1],
        [1, 2],
      ]),
    ).toThrow(/column 1 is in unit 0 and unit 1/);
  });
});
