import { describe, expect, it } from 'vitest';
import { explainerLabel, explainerName, fmt, fmtCell, fmtInterval, fmtLift, metricHeader, metricWithArrow } from './reportFormat.js';

describe('report number formats (core formatEstimate: decimals from the SE)', () => {
  it('keeps the SE to two digits when it starts with 1 or 2, else one, and the value to that place', () => {
    // SE 0.0000218 starts with 2: two digits (0.000022), six decimals.
    expect(fmtCell(0.00139, 0.0000218)).toBe('0.001390 ± 0.000022');
    // SE 0.00705 starts with 7: one digit (0.007), three decimals.
    expect(fmtCell(0.189, 0.00705)).toBe('0.189 ± 0.007');
    // SE 0.020445 starts with 2: 0.020, three decimals; the mean 0.000498 rounds to 0.000.
    expect(fmtCell(0.000498, 0.020445)).toBe('0.000 ± 0.020');
    expect(fmtCell(-0.5, 0.25, 2)).toBe('−0.50 ± 0.25 (2 undef.)');
    expect(fmtCell(Number.NaN, Number.NaN, 4)).toBe('— (4 undef.)');
    expect(fmtCell(Number.NEGATIVE_INFINITY, Number.NaN)).toBe('−∞');
  });
  it('signs lifts at the precision of their paired SE; no SE keeps three significant digits', () => {
    expect(fmtLift(0.12)).toBe('+0.120');
    expect(fmtLift(-0.03)).toBe('−0.0300');
    expect(fmtLift(0.0021473, 0.00031)).toBe('+0.0021');
    expect(fmtLift(null)).toBe('—');
    expect(fmt(undefined)).toBe('—');
    expect(fmt(0.58712)).toBe('0.587');
  });
  it('formats a disparity and its interval at the decimals the interval supports', () => {
    // width 0.04982 / 3.92 = 0.0127 (starts with 1): two digits, 0.013, three decimals.
    expect(fmtInterval(-0.02, -0.045, 0.00482)).toBe('−0.020 [−0.045, 0.005]');
    // width 11.176 / 3.92 = 2.85 (starts with 2): one decimal.
    expect(fmtInterval(41.583, 35.995, 47.171)).toBe('+41.6 [36.0, 47.2]');
  });
  it('reads names and directions from the registries', () => {
    expect(metricHeader('PGU')).toBe('PGU↓');
    expect(metricHeader('PGI')).toBe('PGI↑');
    expect(metricWithArrow('RIS')).toBe('RIS ↓');
    expect(metricWithArrow('SPARSENESS')).toBe('SPARSENESS ↑');
    expect(explainerName('itg')).toBe('Gradient x Input');
    expect(explainerLabel('grad')).toBe('Gradient (grad)');
    expect(explainerLabel('control')).toBe('Random (control)');
    expect(explainerLabel('floor-global')).toBe('floor-global');
  });
});
