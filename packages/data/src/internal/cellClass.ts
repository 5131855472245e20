// What one CSV cell holds, decided in one place for every reader of user tables (train and
// test files, rows for a saved model, labels), so one spelling gets one treatment everywhere.

/**
 * - `number`: a finite decimal (`12`, `-0.5`, `1e3`, blanks around allowed);
 * - `blank`: empty or only blanks;
 * - `marker`: a missing-value marker (see {@link MISSING_MARKERS});
 * - `nan`: NaN spelt out (`NaN`, `nan`, `-nan`, `1.#QNAN`, `1.#IND`);
 * - `non-finite`: an infinity (`inf`, `-Infinity`, `1.#INF`), a decimal beyond the float range
 *   (`1e309`), or a spreadsheet error value (`#DIV/0!`, `#NUM!`, `#VALUE!`, `#REF!`, `#NAME?`, `#NULL!`);
 * - `text`: anything else.
 */
export type CellClass = 'number' | 'blank' | 'marker' | 'nan' | 'non-finite' | 'text';

/** Cells read as a missing value (compared after trimming, case-insensitive). Blank cells are missing too. */
export const MISSING_MARKERS: readonly string[] = ['NA', 'N/A', '?', 'null', 'None', '#N/A'];

// Strict decimal syntax: Number() alone would accept '', ' ', '0x1f', '0b1' and 'Infinity'.
const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const NAN_WORD = /^\s*[+-]?(?:nan|1\.#(?:qnan|snan|ind)0*)\s*$/i;
const INFINITE_WORD = /^\s*[+-]?(?:inf|infinity|1\.#inf0*)\s*$/i;
const SPREADSHEET_ERROR = /^\s*#(?:div\/0!|num!|value!|ref!|name\?|null!)\s*$/i;
const MARKERS = new Set(MISSING_MARKERS.map((m) => m.toLowerCase()));

/**
 * For a string whose Number() is finite: true when it is decimal syntax. Number() also
 * accepts '', blanks and 0x/0b/0o literals; a cheap look at the first two characters
 * settles the common case and the regex the rest (leading blanks, empty strings).
 */
export function plainDecimal(s: string): boolean {
  const c0 = s.charCodeAt(0); // NaN for ''
  if (c0 > 32 && c0 !== 48) return true;
  if (c0 === 48) {
    const c1 = s.charCodeAt(1) | 32; // lower-case letters
    return c1 !== 120 && c1 !== 98 && c1 !== 111; // x, b, o
  }
  return NUMERIC.test(s);
}

/** The number a cell holds when it is a finite decimal (the strict syntax of fillNumeric), else undefined. */
export function numericCell(s: string): number | undefined {
  const v = +s;
  return v - v === 0 && plainDecimal(s) ? v : undefined;
}

/** Classifies a cell; see {@link CellClass}. */
export function classifyCell(s: string): CellClass {
  if (numericCell(s) !== undefined) return 'number';
  const t = s.trim();
  if (t.length === 0) return 'blank';
  if (MARKERS.has(t.toLowerCase())) return 'marker';
  if (NAN_WORD.test(t)) return 'nan';
  if (INFINITE_WORD.test(t) || NUMERIC.test(t) || SPREADSHEET_ERROR.test(t)) return 'non-finite';
  return 'text';
}

/**
 * How missing values of numeric columns are treated: an error naming the cell, the row dropped
 * (and counted), or the cell read as NaN (for models that take missing values, such as trees).
 */
export type MissingPolicy = 'error' | 'drop-rows' | 'nan';

/** Missing under the policy: blanks and markers always; NaN unless missing values are errors (NaN is how numpy and pandas write one). */
export function isMissing(c: CellClass, policy: MissingPolicy): boolean {
  return c === 'blank' || c === 'marker' || (c === 'nan' && policy !== 'error');
}

/** A cell that is an error wherever it appears: an infinity, an overflow, a spreadsheet error, or NaN unless dropped as missing. */
export function isNonFinite(c: CellClass, policy: MissingPolicy): boolean {
  return c === 'non-finite' || (c === 'nan' && policy === 'error');
}
