import { readFileSync } from 'node:fs';
import type { Matrix, Model, Preprocessing } from '@xai/core';
import { XaiError, checkOptions, hasTrees, isXaiError, systemError } from '@xai/core';
import { applyPreprocessing, looksUnscaled, readCsvRecords, readFeatureCsvSync } from '@xai/data/node';

/** Raw CSV rows turned into a model's inputs, and what was off about them. */
export interface ModelRows {
  /** Model inputs (scaled, one-hot expanded when the model carries its preprocessing). */
  readonly x: Matrix;
  /** Model input column names. */
  readonly names: readonly string[];
  /** True when the model's preprocessing block was applied. */
  readonly preprocessed: boolean;
  /** Rows outside the training range by more than the margin (0 without a preprocessing block). */
  readonly outOfRangeRows: number;
  /** Lines for the output and the report: out-of-range rows, unknown categories, unscaled-looking input. */
  readonly warnings: readonly string[];
  /** Each row's class index, when the file holds the label column (`--label`, or the model's own label). */
  readonly y?: Int32Array;
}

export interface ReadModelRowsOptions {
  /** A column to drop (the label); with a preprocessing block, its own label column is always allowed. */
  readonly label?: string | undefined;
  /** More columns to drop (`--ignore`), beside those the model's preprocessing block ignores. */
  readonly ignore?: readonly string[] | undefined;
  /** The command, for messages (`explain`, `evaluate`). */
  readonly what: string;
  /** Out-of-range margin, as a fraction of each column's training range. @defaultValue 0.1 */
  readonly margin?: number;
  /**
   * A model without a preprocessing block: the column names another file of the same command
   * has (e.g. `--instances` for `--train`). Columns are matched by name (put in that order);
   * a missing or extra column is BAD_INPUT naming it.
   */
  readonly columns?: readonly string[];
  /** How the file's bytes are read (`--encoding`, `--decimal`), as for every CSV the command reads. @defaultValue strict UTF-8, decimal mark auto */
  readonly csv?: CsvReading | undefined;
}

/** How a CSV's text is read: its encoding and decimal mark (see `@xai/data`'s readers). */
export interface CsvReading {
  /** One of core's INPUT_ENCODINGS. @defaultValue strict UTF-8 */
  readonly encoding?: string;
  /** @defaultValue 'auto' */
  readonly decimal?: 'auto' | ',' | '.';
}

/**
 * Reads a CSV of instances for a model. A model that carries its preprocessing
 * (`model.preprocessing`, saved by `xai train`) gets raw rows: columns matched by name (a
 * missing or extra column is BAD_INPUT naming it), categories one-hot expanded, the fitted
 * scaler applied, out-of-range rows counted and warned about. A model without the block gets
 * the file's columns as they are (the width must match), and a warning when they look unscaled
 * (not for an ONNX graph that scales its own inputs, as a scikit-learn pipeline's Scaler does).
 * A tree ensemble reads missing cells (empty, `NA`, `NaN`, …) as NaN, following each split's
 * missing branch; any other model refuses them with an error naming the cell.
 * @example const { x, warnings } = readModelRows('raw.csv', model, { what: 'explain' })
 * @since 0.2.0
 */
export function readModelRows(
  path: string,
  model: Model & { readonly preprocessing?: Preprocessing | undefined },
  options: ReadModelRowsOptions,
): ModelRows {
  checkOptions(options, ['label', 'ignore', 'what', 'margin', 'columns', 'csv'], 'readModelRows');
  const { label, what, margin = 0.1, columns, ignore: dropped = [], csv = {} } = options;
  const p = model.preprocessing;
  if (p !== undefined) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path);
    } catch (e) {
      throw systemError(e, { fn: `xai ${what}`, path, action: 'read', arg: path });
    }
    const extraLabel = label !== undefined && label !== p.label?.name ? [label] : [];
    const apply = (ignore: readonly string[]) => applyPreprocessing(bytes, p, { file: path, margin, ignore, ...csv });
    let r: ReturnType<typeof apply>;
    try {
      r = apply([...extraLabel, ...dropped]);
    } catch (e) {
      // A --train file may lack the label the instances hold; the instances must have it.
      if (columns === undefined || !onlyLabelUnknown(e, label)) throw namedColumnError(e, path, { label, csv }, what);
      try {
        r = apply(dropped);
      } catch (e2) {
        throw namedColumnError(e2, path, { label, csv }, what);
      }
    }
    return {
      x: r.x,
      names: r.names,
      preprocessed: true,
      outOfRangeRows: r.outOfRange.rows,
      warnings: r.warnings,
      ...(r.y !== undefined ? { y: r.y } : {}),
    };
  }
  // A tree ensemble routes a missing value down each split's missing branch; other models refuse it, naming the cell.
  const t = readFeatureColumns(path, { label, ignore: dropped, columns, csv, missing: hasTrees(model) ? 'nan' : 'error' }, what);
  if (t.x.cols !== model.inputDim) {
    throw new XaiError(
      'SHAPE_MISMATCH',
      `${path} has ${t.x.cols} feature columns (${t.names.slice(0, 6).join(', ')}${t.names.length > 6 ? ', …' : ''}) but the model takes ${model.inputDim}${label ? '' : '; drop a label column with --label <name>'}`,
      { fn: `xai ${what}`, arg: path, value: t.x.cols, file: path },
    );
  }
  // an ONNX graph that scales its own inputs (a scikit-learn pipeline's Scaler) and a tree ensemble are meant to get raw values
  const scaling = (model as { readonly discovered?: { readonly inputScaling?: string | null } }).discovered?.inputScaling;
  const w = typeof scaling === 'string' || hasTrees(model) ? undefined : looksUnscaled(t.x, { featureNames: t.names });
  const y = labelColumn(path, label, model.classes, csv);
  return {
    x: t.x,
    names: t.names,
    preprocessed: false,
    outOfRangeRows: 0,
    warnings: w === undefined ? [] : [`${path}: ${w}`],
    ...(y !== undefined ? { y } : {}),
  };
}

/**
 * The `--label` column of a file for a model without a preprocessing block, as class indices:
 * only when every value is an integer class of the model (labels of another coding give no
 * accuracy rather than a wrong one).
 */
function labelColumn(path: string, label: string | undefined, classes: number, csv: CsvReading): Int32Array | undefined {
  if (label === undefined || classes < 2) return undefined;
  let t: { x: Matrix; names: readonly string[] };
  try {
    t = readFeatureCsvSync(path, csv);
  } catch {
    return undefined;
  }
  const j = t.names.indexOf(label);
  if (j < 0) return undefined;
  const y = new Int32Array(t.x.rows);
  for (let i = 0; i < t.x.rows; i++) {
    const v = t.x.data[i * t.x.cols + j]!;
    if (!Number.isInteger(v) || v < 0 || v >= classes) return undefined;
    y[i] = v;
  }
  return y;
}

/**
 * A feature CSV without the label column (dropped when the file has it: a --train file may
 * lack it), matched by name to `columns` when given; missing cells as NaN or refused.
 */
function readFeatureColumns(
  path: string,
  o: {
    label: string | undefined;
    ignore: readonly string[];
    columns: readonly string[] | undefined;
    csv: CsvReading;
    missing: 'nan' | 'error';
  },
  what: string,
): { x: Matrix; names: readonly string[] } {
  const { label, columns, missing: cells } = o;
  let t: { x: Matrix; names: readonly string[] };
  try {
    t = readFeatureCsvSync(path, { drop: [...(label ? [label] : []), ...o.ignore], missing: cells, ...o.csv });
  } catch (e) {
    // A --train file may lack the label the instances hold (nothing to drop but the ignored columns); the instances must have it.
    if (columns === undefined || !onlyLabelUnknown(e, label)) throw namedColumnError(e, path, { label, csv: o.csv }, what);
    try {
      t = readFeatureCsvSync(path, { drop: [...o.ignore], missing: cells, ...o.csv });
    } catch (e2) {
      throw namedColumnError(e2, path, { label, csv: o.csv }, what);
    }
  }
  if (columns === undefined || t.names.join('\u0000') === columns.join('\u0000')) return t;
  const missing = columns.filter((c) => !t.names.includes(c));
  const extra = t.names.filter((c) => !columns.includes(c));
  if (missing.length > 0 || extra.length > 0)
    throw new XaiError(
      'BAD_INPUT',
      `${path} does not have the columns of the instances: ${[
        ...(missing.length > 0 ? [`missing ${missing.map((c) => JSON.stringify(c)).join(', ')}`] : []),
        ...(extra.length > 0
          ? [`extra ${extra.map((c) => JSON.stringify(c)).join(', ')}${label ? '' : ' (a label? name it with --label)'}`]
          : []),
      ].join('; ')}`,
      { fn: `xai ${what}`, arg: path, value: { missing, extra }, file: path },
    );
  // Same columns in another order: matched by name, so every row means what the instances mean.
  return readFeatureCsvSync(path, { names: [...columns], missing: cells, ...o.csv });
}

/** True when `e` refuses a column list (`ignore`, `drop`) that names no column of the file but the label. */
function onlyLabelUnknown(e: unknown, label: string | undefined): boolean {
  if (label === undefined || !isXaiError(e, 'BAD_OPTION') || (e.details.arg !== 'ignore' && e.details.arg !== 'drop')) return false;
  const unknown = e.details.value;
  return Array.isArray(unknown) && unknown.length === 1 && unknown[0] === label;
}

/**
 * A readers' refusal of a column list (`ignore`/`drop` in @xai/data's terms) told as the flag
 * the user typed: `--label` when the label is not in the file, else `--ignore`, with the
 * columns the file has. Any other error is returned as it is.
 */
function namedColumnError(e: unknown, path: string, o: { label: string | undefined; csv: CsvReading }, what: string): unknown {
  if (!isXaiError(e, 'BAD_OPTION') || (e.details.arg !== 'ignore' && e.details.arg !== 'drop') || !Array.isArray(e.details.value)) return e;
  const unknown = e.details.value as string[];
  const flag = o.label !== undefined && unknown.includes(o.label) ? '--label' : '--ignore';
  const names = flag === '--label' ? [o.label!] : unknown;
  let header: readonly string[] | undefined;
  try {
    header = readCsvRecords(readFileSync(path), { file: path, ...o.csv }).header;
  } catch {
    header = undefined;
  }
  const quote = (xs: readonly string[]): string => xs.map((n) => JSON.stringify(n)).join(', ');
  return new XaiError(
    'BAD_OPTION',
    `${flag} ${quote(names)}: ${path} has no such column${names.length > 1 ? 's' : ''}${header ? `; its columns are ${quote(header)}` : ''}`,
    { fn: `xai ${what}`, arg: flag, value: names, file: path },
  );
}
