import { XaiError, checkOptions } from '@xai/core';
import { decodeText } from '../internal/decodeText.js';
import { sha256Hex } from '@xai/core';
import type { TabularAuditInput } from '../tabular/tabularAuditInput.js';
import type { AuditSource } from './auditSource.js';
import type { CsvTable } from './parseCsvTable.js';
import { parseCsvTable } from './parseCsvTable.js';

/** One CSV input as text or bytes, with the name used in errors and receipts. */
export interface CsvInput {
  readonly name: string;
  readonly content: string | Uint8Array;
  /** Encoding of the bytes; without it they must be UTF-8 (an invalid byte is an error naming file, line and offset). */
  readonly encoding?: string;
}

export interface CsvSourceOptions {
  /** Optional test CSV with the same columns (enables the train -> test probes). */
  readonly test?: CsvInput;
  /** Label column. @defaultValue the last column */
  readonly label?: string;
  /** Cell values read as missing (NaN) in numeric columns, e.g. `['', 'NA', '?']`. @defaultValue none (a missing cell is an error) */
  readonly missing?: readonly string[];
}

const CSV_SOURCE_KEYS = ['test', 'label', 'missing'] as const;
const baseName = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

/**
 * A tabular `AuditSource` from CSV *contents* (browser-safe: no file access; the file-reading
 * `csvAdapter` of `@xai/audit/node` calls this). Labels become classes in sorted order
 * (numerically when the label column is numeric). Each input is hashed (sha256 of its bytes)
 * for the receipt.
 * @example
 *   const src = csvSource({ name: 'train.csv', content: 'a,b,y\n1,2,0\n3,1,1\n' });
 *   runAuditSource(src).probes.map((p) => p.name);
 * @since 0.2.0
 */
export function csvSource(train: CsvInput, options: CsvSourceOptions = {}): AuditSource {
  const fn = 'csvSource';
  checkOptions(options, CSV_SOURCE_KEYS, fn);
  const bytes = (c: CsvInput): Uint8Array => (typeof c.content === 'string' ? new TextEncoder().encode(c.content) : c.content);
  const missing = options.missing !== undefined ? { missing: options.missing } : {};
  const parse = (c: CsvInput, label: string | undefined, text: readonly string[]): CsvTable =>
    parseCsvTable(decodeText(c.content, c.name, fn, c.encoding), {
      ...(label !== undefined ? { label } : {}),
      name: c.name,
      ...missing,
      ...(text.length > 0 ? { text } : {}),
    });
  let tr = parse(train, options.label, []);
  const trBytes = bytes(train);
  const inputs = [{ name: train.name, sha256: sha256Hex(trBytes), bytes: trBytes.length }];
  let te: CsvTable | undefined;
  const testIn = options.test;
  if (testIn !== undefined) {
    // A column that is text in either file is text in both; codes come from the union of values.
    te = parse(testIn, tr.labelName, Object.keys(tr.categorical));
    const onlyTest = Object.keys(te.categorical).filter((c) => !(c in tr.categorical));
    if (onlyTest.length > 0) tr = parse(train, options.label, Object.keys(te.categorical));
    const teBytes = bytes(testIn);
    inputs.push({ name: testIn.name, sha256: sha256Hex(teBytes), bytes: teBytes.length });
    if (te.header.join(',') !== tr.header.join(','))
      throw new XaiError('SHAPE_MISMATCH', `${testIn.name}: columns differ from ${train.name}`, { fn, arg: 'test', value: testIn.name });
    [tr, te] = unionCodes(tr, te);
  }
  // Numeric labels arrive in canonical form ('1.0' -> '1'), so equal numbers are one class.
  const all = [...tr.labels, ...(te?.labels ?? [])];
  const distinct = [...new Set(all)];
  const numeric = tr.numericLabels && (te?.numericLabels ?? true);
  const classes = distinct.sort(numeric ? (a, b) => Number(a) - Number(b) : undefined);
  if (classes.length < 2)
    throw new XaiError(
      'BAD_INPUT',
      `${[train.name, ...(testIn ? [testIn.name] : [])].join(', ')}: the label column ${JSON.stringify(tr.labelName)} holds a single class ${JSON.stringify(classes[0])}; an audit needs at least 2 (is --label the right column?)`,
      { fn, arg: 'label', value: tr.labelName, file: train.name },
    );
  const code = new Map(classes.map((c, i) => [c, i]));
  const toY = (labels: string[]): Int32Array => Int32Array.from(labels, (v) => code.get(v) ?? 0);
  const table: TabularAuditInput = {
    name: baseName(train.name),
    x: { rows: tr.rows, cols: tr.header.length, data: tr.data },
    y: toY(tr.labels),
    header: tr.header,
    classes,
    text: Object.fromEntries(
      Object.entries(tr.categorical).map(([col, levels]) => {
        const j = tr.header.indexOf(col);
        return [col, Array.from({ length: tr.rows }, (_, i) => levels[tr.data[i * tr.header.length + j]!]!)];
      }),
    ),
    ...(te ? { test: { x: { rows: te.rows, cols: te.header.length, data: te.data }, y: toY(te.labels) } } : {}),
  };
  return {
    kind: 'tabular',
    name: `csv ${baseName(train.name)}${te && testIn ? ` + ${baseName(testIn.name)}` : ''} (label ${tr.labelName})`,
    table,
    inputs,
  };
}

/** Re-codes the text columns of both files by the sorted union of their values (unseen test values included). */
function unionCodes(tr: CsvTable, te: CsvTable): [CsvTable, CsvTable] {
  const d = tr.header.length;
  const categorical: Record<string, string[]> = {};
  const trData = tr.data.slice();
  const teData = te.data.slice();
  for (const col of Object.keys(tr.categorical)) {
    const a = tr.categorical[col]!;
    const b = te.categorical[col] ?? [];
    const levels = [...new Set([...a, ...b])].sort();
    const code = new Map(levels.map((v, c) => [v, c]));
    const j = tr.header.indexOf(col);
    for (let i = 0; i < tr.rows; i++) trData[i * d + j] = code.get(a[tr.data[i * d + j]!]!)!;
    for (let i = 0; i < te.rows; i++) teData[i * d + j] = code.get(b[te.data[i * d + j]!]!)!;
    categorical[col] = levels;
  }
  return [
    { ...tr, data: trData, categorical },
    { ...te, data: teData, categorical },
  ];
}
