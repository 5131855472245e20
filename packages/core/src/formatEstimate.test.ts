import { describe, expect, it } from 'vitest';
import { decimalsFor, formatEstimate, formatFixed, formatValue } from './formatEstimate.js';

describe('the number-format rule', () => {
  it('keeps the SE to two significant digits when it starts with 1 or 2, else one, and the value to the same place', () => {
    expect(formatEstimate(0.0072941, 0.00014)).toBe('0.00729 ± 0.00014');
    expect(formatEstimate(0.5012, 0.0081)).toBe('0.501 ± 0.008');
    expect(formatEstimate(-0.00097, 0.0226)).toBe('−0.001 ± 0.023');
    expect(formatEstimate(12.34, 2.9)).toBe('12.3 ± 2.9');
    expect(formatEstimate(1234.5, 40)).toBe('1235 ± 40');
  });

  it('writes an SE of 0 as ± 0 after three significant digits, and no SE as the value alone', () => {
    expect(formatEstimate(1, 0)).toBe('1.00 ± 0');
    expect(formatEstimate(0.0072941, 0)).toBe('0.00729 ± 0');
    expect(formatEstimate(0.0072941)).toBe('0.00729');
    expect(formatEstimate(0.0072941, Number.NaN)).toBe('0.00729');
    // sd of three equal doubles can come out 1e-17: noise, not a precision.
    expect(formatEstimate(0.2, 2.8e-17)).toBe('0.200 ± 0');
    expect(formatEstimate(0, 1e-17)).toBe('0 ± 0');
  });

  it('is fixed point in one column: no exponent, U+2212 minus, no negative zero', () => {
    const column = [-0.00097, -0.0012, 0.0005].map((v) => formatValue(v, 0.0004));
    expect(column).toEqual(['−0.0010', '−0.0012', '0.0005']);
    for (const t of column) expect(t).not.toMatch(/e/);
    expect(formatFixed(-0.00001, 3)).toBe('0.000');
    expect(formatValue(1e-12, 3e-14)).toBe('0.0000000000');
  });

  it('signs a lift only when it does not round to zero', () => {
    expect(formatValue(0.0021473, 0.00031, { signed: true })).toBe('+0.0021');
    expect(formatValue(0.00002, 0.0003, { signed: true })).toBe('0.0000');
    expect(formatValue(-0.223, 0.005, { signed: true })).toBe('−0.223');
  });

  it('spells infinities and missing values', () => {
    expect(formatEstimate(Number.NEGATIVE_INFINITY, 0)).toBe('−∞');
    expect(formatValue(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatEstimate(Number.NaN, 0.1)).toBe('—');
    expect(formatValue(null)).toBe('—');
  });

  it('decimals: from the SE when there is one, else three significant digits; clamped to [0, 10]', () => {
    expect(decimalsFor(0.5, 0.0081)).toBe(3);
    expect(decimalsFor(0.5, 0.0019)).toBe(4);
    expect(decimalsFor(0.5, 0.03)).toBe(2);
    expect(decimalsFor(5000, 300)).toBe(0);
    expect(decimalsFor(0.00729)).toBe(5);
    expect(decimalsFor(123.4)).toBe(0);
    expect(decimalsFor(0)).toBe(0);
    expect(decimalsFor(1e-12, 3e-14)).toBe(10);
    expect(decimalsFor(1, 1e-20)).toBe(2);
  });
});
