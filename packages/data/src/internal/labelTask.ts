// Classification or regression, and which classes: decided from the label's values alone
// (never from how many rows the file has), and said in one line of the provenance.
import { XaiError } from '@xai/core';
import { classifyCell, numericCell } from './cellClass.js';
import { quoteNames as quote } from './csvTable.js';
import { labelKey } from './labelColumn.js';

/** What was decided about the label, and the sentence that says why. */
export interface LabelTask {
  readonly task: 'classification' | 'regression';
  /** Classification: class names in output order. */
  readonly classes: readonly string[];
  readonly reason: string;
  /** Set when the decision deserves a warning (an integer label read as a regression target). */
  readonly warning?: string;
}

export interface LabelTaskInput {
  readonly label: string;
  readonly file: string;
  readonly fn: string;
  /** Label cells of the data rows (blank cells and markers are left out of the decision). */
  readonly cells: readonly string[];
  readonly task?: 'classification' | 'regression' | undefined;
  /** Where an explicit task comes from, for the reason: `the task option`, `s.json: task`. */
  readonly taskFrom?: string;
  readonly classes?: readonly string[] | undefined;
  readonly classesFrom?: string;
  readonly maxClasses: number;
}

const sortText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function distinctClasses(cells: readonly string[], numeric: boolean): string[] {
  const seen = [...new Set(cells.map(labelKey))];
  return numeric ? seen.sort((a, b) => Number(a) - Number(b)) : seen.sort(sortText);
}

/**
 * The documented rule: a task given by the option or the schema wins; else a label with a
 * non-integer number is a regression target; integers are classes when there are at most
 * `maxClasses` distinct values, else a regression target (warned); text is classes, and more
 * than `maxClasses` distinct text values is BAD_INPUT (an id or free text?).
 */
export function labelTask(input: LabelTaskInput): LabelTask {
  const { label, file, maxClasses } = input;
  // Missing labels are reported by the label reader, naming their cell; they never decide the task.
  const cells = input.cells.filter((c) => {
    const k = classifyCell(c);
    return k !== 'blank' && k !== 'marker';
  });
  const name = JSON.stringify(label);
  const numbers = cells.map((c) => numericCell(c));
  const numeric = numbers.every((v) => v !== undefined);
  if (input.task !== undefined) {
    const from = input.taskFrom ?? 'the task option';
    if (input.task === 'regression') return { task: 'regression', classes: [], reason: `label ${name}: regression (${from})` };
    const classes = input.classes ? [...input.classes] : distinctClasses(cells, numeric);
    return { task: 'classification', classes, reason: `label ${name}: ${classes.length} classes (${from})` };
  }
  if (input.classes)
    return { task: 'classification', classes: [...input.classes], reason: `label ${name}: classes from ${input.classesFrom}` };
  if (numeric && numbers.some((v) => !Number.isInteger(v)))
    return { task: 'regression', classes: [], reason: `label ${name}: regression (a non-integer value)` };
  const classes = distinctClasses(cells, numeric);
  const rule = `at most maxClasses = ${maxClasses} distinct values are read as classes`;
  if (numeric && classes.length > maxClasses) {
    const reason = `label ${name}: regression (${classes.length} distinct integer values; ${rule})`;
    const fix = `set task 'classification' (option, or "task" in the schema) to read them as classes`;
    return { task: 'regression', classes: [], reason, warning: `${file}: ${reason}; ${fix}` };
  }
  if (!numeric && classes.length > maxClasses) {
    throw new XaiError(
      'BAD_INPUT',
      `${file}: label ${name} holds ${classes.length} distinct text values (${quote(classes.slice(0, 5))}, ...), more than maxClasses = ${maxClasses}: an id or free text? Raise maxClasses, or list the classes in the schema's "classes"`,
      { fn: input.fn, arg: 'label', file, column: label, value: classes.length },
    );
  }
  return {
    task: 'classification',
    classes,
    reason: `label ${name}: ${classes.length} classes (${numeric ? 'integer' : 'text'} values; ${rule})`,
  };
}

/**
 * A classification label's class counts: one class is BAD_INPUT (a classifier needs two);
 * classes (of the schema) that never occur are a warning.
 */
export function classCountWarnings(input: {
  readonly fn: string;
  readonly file: string;
  readonly label: string;
  readonly y: Int32Array;
  readonly classes: readonly string[];
}): string[] {
  const { file, classes, y } = input;
  if (classes.length < 2)
    throw new XaiError(
      'BAD_INPUT',
      `${file}: the label ${JSON.stringify(input.label)} has a single class ${quote(classes)}; a classifier needs two`,
      {
        fn: input.fn,
        arg: 'file',
        file,
        value: classes,
      },
    );
  const counts = new Int32Array(classes.length);
  for (let i = 0; i < y.length; i++) counts[y[i]!]!++;
  const empty = classes.filter((_, k) => counts[k] === 0);
  return empty.length > 0 ? [`classes ${quote(empty)} of the schema do not occur in ${file}`] : [];
}
