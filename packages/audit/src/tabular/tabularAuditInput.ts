import type { Matrix } from '@xai/core';
import { XaiError, assertMatrix, describeValue } from '@xai/core';

/**
 * A labelled table to audit: rows are items (the label is the answer among the classes).
 * `test` is optional; when given, the duplicates probe looks for test rows that copy a
 * train row.
 */
export interface TabularAuditInput {
  readonly name?: string;
  readonly x: Matrix;
  /** Class index per row, in [0, classes.length). */
  readonly y: Int32Array;
  /** Column names, one per column of x. */
  readonly header: readonly string[];
  /** Class names. @defaultValue '0', '1', ... up to the largest label */
  readonly classes?: readonly string[];
  readonly test?: { readonly x: Matrix; readonly y: Int32Array };
  /** Text columns' train values as written (x holds their codes); the id-content probe reads id-like ones. */
  readonly text?: Readonly<Record<string, readonly string[]>>;
}

/** Validates a tabular input and returns the class names. */
export function assertTabularInput(input: unknown, fn: string): readonly string[] {
  const t = input as TabularAuditInput;
  if (t === null || typeof t !== 'object')
    throw new XaiError('BAD_INPUT', `expected a table {x, y, header}, got ${describeValue(input)}`, { fn, arg: 'table', value: input });
  assertMatrix(t.x, fn, 'table.x');
  if (t.x.rows === 0) throw new XaiError('EMPTY', 'the table has no rows', { fn, arg: 'table.x', value: 0 });
  if (!(t.y instanceof Int32Array) || t.y.length !== t.x.rows)
    throw new XaiError('SHAPE_MISMATCH', `y must be an Int32Array of ${t.x.rows} labels, got ${describeValue(t.y)}`, {
      fn,
      arg: 'table.y',
      value: t.y,
    });
  if (!Array.isArray(t.header) || t.header.length !== t.x.cols)
    throw new XaiError('SHAPE_MISMATCH', `header must name the ${t.x.cols} columns, got ${describeValue(t.header)}`, {
      fn,
      arg: 'table.header',
      value: t.header,
    });
  let maxLabel = 0;
  const check = (y: Int32Array, arg: string): void => {
    for (let i = 0; i < y.length; i++) {
      if (y[i]! < 0) throw new XaiError('BAD_INPUT', `label ${y[i]} at row ${i} is negative`, { fn, arg, value: y[i], row: i });
      maxLabel = Math.max(maxLabel, y[i]!);
    }
  };
  check(t.y, 'table.y');
  if (t.test !== undefined) {
    assertMatrix(t.test.x, fn, 'table.test.x', { cols: t.x.cols });
    if (!(t.test.y instanceof Int32Array) || t.test.y.length !== t.test.x.rows)
      throw new XaiError('SHAPE_MISMATCH', `test.y must be an Int32Array of ${t.test.x.rows} labels`, {
        fn,
        arg: 'table.test.y',
        value: t.test.y,
      });
    check(t.test.y, 'table.test.y');
  }
  const classes = t.classes ?? Array.from({ length: maxLabel + 1 }, (_, c) => String(c));
  if (classes.length <= maxLabel)
    throw new XaiError('BAD_INPUT', `label ${maxLabel} has no class name (classes: ${classes.length})`, {
      fn,
      arg: 'table.classes',
      value: classes.length,
    });
  if (classes.length < 2)
    throw new XaiError('BAD_INPUT', 'a table needs at least 2 classes', { fn, arg: 'table.classes', value: classes.length });
  return classes;
}
