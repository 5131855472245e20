import { describe, expect, it } from 'vitest';
import { classifyCell, isMissing, isNonFinite, numericCell } from './cellClass.js';

describe('classifyCell', () => {
  it('finite decimals are numbers, with the value Number() gives', () => {
    for (const s of ['0', '12', ' -3.5 ', '+.5', '1e3', '1E-300', '1.7976931348623157e308', '007']) {
      expect(classifyCell(s)).toBe('number');
      expect(numericCell(s)).toBe(Number(s));
    }
  });

  it('every spelling of NaN is nan; infinities, overflowing decimals and spreadsheet errors are non-finite', () => {
    for (const s of ['NaN', 'nan', ' -NaN ', '+nan', '1.#QNAN', '-1.#IND', '1.#IND00']) expect(classifyCell(s)).toBe('nan');
    for (const s of [
      'inf',
      '-Inf',
      '+INFINITY',
      'Infinity',
      '1.#INF',
      '1e309',
      '-1e400',
      '1.8e308',
      '#DIV/0!',
      '#num!',
      '#VALUE!',
      '#REF!',
      '#NAME?',
      '#NULL!',
    ])
      expect(classifyCell(s)).toBe('non-finite');
    // The overflow is checked against the float range itself, not a list: Number() says so.
    expect(Number('1.8e308')).toBe(Infinity);
    expect(Number('1.7e308')).toBeLessThan(Infinity);
  });

  it('blank cells and the documented markers are missing; everything else is text', () => {
    for (const s of ['', ' ', '\t']) expect(classifyCell(s)).toBe('blank');
    for (const s of ['NA', 'na', ' N/A ', 'n/a', '?', 'null', 'NULL', 'None', '#N/A']) expect(classifyCell(s)).toBe('marker');
    for (const s of ['Oslo', '0x1f', '0b1', '1,5', 'infinite', 'nana', 'Nan Goldin', '12abc', '-', '1.#INFX'])
      expect(classifyCell(s)).toBe('text');
  });

  it('NaN is missing only when rows with missing values are dropped, and non-finite otherwise; infinities are never missing', () => {
    expect(isMissing('nan', 'drop-rows')).toBe(true);
    expect(isNonFinite('nan', 'drop-rows')).toBe(false);
    expect(isMissing('nan', 'error')).toBe(false);
    expect(isNonFinite('nan', 'error')).toBe(true);
    for (const p of ['error', 'drop-rows'] as const) {
      expect(isNonFinite('non-finite', p)).toBe(true);
      expect(isMissing('non-finite', p)).toBe(false);
      expect(isMissing('marker', p)).toBe(true);
      expect(isMissing('blank', p)).toBe(true);
      expect(isMissing('text', p) || isNonFinite('text', p)).toBe(false);
    }
  });
});
