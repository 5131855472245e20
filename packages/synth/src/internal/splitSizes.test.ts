import { describe, expect, it } from 'vitest';
import { testRows, validationRows } from './splitSizes.js';
describe('testRows', () => {
  it('floors the share without losing a row to rounding (0.29 * 100 = 28.999…)', () => {
    expect(0.29 * 100).toBeLessThan(29);
    expect(testRows(100, 0.29)).toBe(29);
    expect(testRows(10, 0.25)).toBe(2);
    expect(testRows(10000, 0.25)).toBe(2500);
    expect(validationRows(7500, 0.1)).toBe(750);
  });
});
