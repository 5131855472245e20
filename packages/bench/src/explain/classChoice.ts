import { XaiError } from '@xai/core';

/** The classes a `--class` value may name: indices 0..classes−1 and, when known, their names. */
export interface ModelClasses {
  readonly classes: number;
  readonly classNames?: readonly string[] | undefined;
}

/** "0 (no), 1 (yes)": every class a `--class` value may name. */
export function classList(m: ModelClasses): string {
  return Array.from({ length: m.classes }, (_, i) =>
    m.classNames?.[i] !== undefined && m.classNames[i] !== String(i) ? `${i} (${m.classNames[i]})` : `${i}`,
  ).join(', ');
}

/**
 * A `--class` value as a class index: a class name (the model file's or the label column's
 * values) first, else a non-negative integer index below the class count. Anything else, or any
 * value on a model with one output, is BAD_OPTION naming `--class` and listing the classes.
 * @example classIndex('yes', { classes: 2, classNames: ['no', 'yes'] }, 'xai explain') // 1
 * @since 0.3.0
 */
export function classIndex(value: string, m: ModelClasses, fn: string): number {
  if (m.classes < 2)
    throw new XaiError('BAD_OPTION', `the model has one output (no classes to choose): drop --class`, { fn, arg: '--class', value });
  const named = m.classNames?.indexOf(value) ?? -1;
  if (named >= 0 && named < m.classes) return named;
  const index = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (Number.isInteger(index) && index < m.classes) return index;
  throw new XaiError('BAD_OPTION', `${JSON.stringify(value)} is not a class of the model (classes: ${classList(m)})`, {
    fn,
    arg: '--class',
    value,
  });
}

/** How the output names the explained class: "class 1 (yes)". */
export function className(index: number, m: ModelClasses): string {
  const name = m.classNames?.[index];
  return name !== undefined && name !== String(index) ? `class ${index} (${name})` : `class ${index}`;
}
