// Whatever text a CSV cell holds, it never becomes a category (or a class) named NaN or
// Infinity: it is a number, a category of real text, or an error naming its cell.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { applyPreprocessing } from './applyPreprocessing.js';
import { parseUserDataset } from './parseUserDataset.js';

const pad = fc.constantFrom('', ' ', '  ');
const sign = fc.constantFrom('', '+', '-');
/** NaN and infinities as numpy, R, C runtimes and spreadsheets print them, in any case. */
const nonFiniteWord = fc
  .tuple(pad, sign, fc.mixedCase(fc.constantFrom('nan', 'inf', 'infinity', '1.#inf', '1.#qnan', '1.#ind')), pad)
  .map(([a, s, w, b]) => `${a}${s}${w}${b}`);
const overflow = fc.tuple(sign, fc.integer({ min: 1, max: 9 }), fc.integer({ min: 309, max: 999 })).map(([s, m, e]) => `${s}${m}e${e}`);
const printedDouble = fc.double().map(String); // includes 'NaN', 'Infinity', '-Infinity', '-0'
const plainText = fc.string({ maxLength: 8 }).filter((s) => !/[",\r\n]/.test(s));
const cell = fc.oneof(nonFiniteWord, overflow, printedDouble, plainText, fc.constantFrom('NA', '?', '', '#DIV/0!', '#N/A', 'Oslo'));

/** A value an independent reading calls non-finite: Number() says so, or it spells NaN / an infinity. */
function looksNonFinite(v: string): boolean {
  const t = v.trim();
  if (/^[+-]?(nan|inf|infinity)$/i.test(t) || /#(inf|qnan|ind)/i.test(t)) return true;
  const n = Number(t);
  return t !== '' && (n === Infinity || n === -Infinity);
}

// 12 rows: a (numeric), c (text), y (0/1); one cell of a or c replaced by the generated text.
const rowsOf = (column: number, row: number, value: string): string => {
  const lines = Array.from({ length: 12 }, (_, i) => {
    const cells = [String(i % 5), ['Oslo', 'Rome'][i % 2]!, String(i % 2)];
    if (i === row) cells[column] = value;
    return cells.join(',');
  });
  return `a,c,y\n${lines.join('\n')}\n`;
};

describe('no cell text becomes a category named NaN or Infinity', () => {
  it('either an error naming the cell, or a dataset whose categories, classes and values are all finite', () => {
    fc.assert(
      fc.property(
        cell,
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 11 }),
        fc.constantFrom('error', 'drop-rows'),
        (value, column, row, missing) => {
          let ds: ReturnType<typeof parseUserDataset>;
          try {
            ds = parseUserDataset(rowsOf(column, row, value), {
              label: 'y',
              file: 'p.csv',
              missing: missing as 'error' | 'drop-rows',
              validationFraction: 0,
            });
          } catch (e) {
            if (!isXaiError(e)) throw e;
            // Errors about the generated cell name its line, column and value.
            if (e.code === 'NON_FINITE' || e.code === 'PARSE_ERROR') {
              expect(e.message).toContain(`p.csv, line ${row + 2}, column ${column + 1} ("${['a', 'c', 'y'][column]}")`);
              expect(e.details.value).toBe(value);
            }
            if (looksNonFinite(value)) expect(['NON_FINITE', 'EMPTY']).toContain(e.code);
            return;
          }
          for (const enc of ds.preprocessing.categorical ?? []) for (const v of enc.values) expect(looksNonFinite(v)).toBe(false);
          for (const name of ds.schema.names) expect(looksNonFinite(name.slice(name.indexOf('=') + 1))).toBe(false);
          for (const c of ds.labelClasses ?? []) expect(looksNonFinite(c)).toBe(false);
          for (const x of [ds.raw.train, ds.raw.test]) for (const v of x.data) expect(Number.isFinite(v)).toBe(true);
        },
      ),
      { numRuns: 400, seed: 20261201 },
    );
  });

  it('a test file and rows for a saved model take the same path: an error naming the cell, or finite values', () => {
    const train = parseUserDataset(rowsOf(0, 0, '0'), { label: 'y', validationFraction: 0 });
    fc.assert(
      fc.property(cell, fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 11 }), (value, column, row) => {
        for (const read of [
          () =>
            parseUserDataset(rowsOf(0, 0, '0'), {
              label: 'y',
              testText: rowsOf(column, row, value),
              testFile: 't.csv',
              unknownCategories: 'zeros',
            }).raw.test,
          () => applyPreprocessing(rowsOf(column, row, value), train.preprocessing, { file: 't.csv', unknownCategories: 'zeros' }).x,
        ]) {
          let x: { data: Float64Array };
          try {
            x = read();
          } catch (e) {
            if (!isXaiError(e)) throw e;
            expect(e.message).toContain(`t.csv, line ${row + 2}, column ${column + 1} ("${['a', 'c'][column]}")`);
            if (looksNonFinite(value)) expect(e.code).toBe('NON_FINITE');
            continue;
          }
          expect(looksNonFinite(value) && value.trim() !== '').toBe(false);
          for (const v of x.data) expect(Number.isFinite(v)).toBe(true);
        }
      }),
      { numRuns: 300, seed: 20261202 },
    );
  });
});
