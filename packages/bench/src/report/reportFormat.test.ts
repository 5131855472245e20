import { describe, expect, it } from 'vitest';
import { fmt, fmtCell, fmtInterval, fmtLift, metricHeader } from './reportFormat.js';

describe('report number formats', () => {
  it('keeps three significant figures of small values, with the SE at the same decimals', () => {
    expect(fmtCell(0.00139, 0.0000218)).toBe('0.00139 ± 0.00002');
    expect(fmtCell(0.189, 0.00705)).toBe('0.189 ± 0.007');
    expect(fmtCell(0.000498, 0.020445)).toBe('0.0005 ± 0.0204');
    expect(fmtCell(-0.5, 0.25, 2)).toBe('−0.500 ± 0.250 (2 undef.)');
    expect(fmtCell(Number.NaN, Number.NaN, 4)).toBe('— (4 undef.)');
    expect(fmtCell(Number.NEGATIVE_INFINITY, Number.NaN)).toBe('−∞');
  });
  it('signs lifts and marks missing values', () => {
    expect(fmtLift(0.12)).toBe('+0.120');
    expect(fmtLift(-0.03)).toBe('−0.030');
    expect(fmtLift(null)).toBe('—');
    expect(fmt(undefined)).toBe('—');
    expect(metricHeader('PGU')).toBe('PGU↓');
    expect(metricHeader('PGI')).toBe('PGI↑');
  });
  it('formats a disparity and its interval at one precision', () => {
    expect(fmtInterval(-0.02, -0.045, 0.00482)).toBe('−0.0200 [−0.0450, 0.0048]');
    expect(fmtInterval(41.583, 35.995, 47.171)).toBe('+41.583 [35.995, 47.171]');
  });
});
