// xai explain's attributions file: the scores plus what they are scores of — the model and the
// instances file by content hash, the row ids, the feature names, the method, preset and the
// explained class. JSON carries it all; a CSV carries names, ids and classes in its columns and
// the rest in a `<file>.meta.json` beside it. One reader takes both (BOM or not).
import { createHash } from 'node:crypto';
import type { FeatureKindsRecord } from '../inputs/featureKinds.js';
import type { Matrix } from '@xai/core';
import { XaiError, describeValue, fromRows, toRows } from '@xai/core';
import { parseJsonText, readInputBytes, readInputText, writeFileAtomicSync } from '@xai/core/node';
import { readFeatureCsvSync } from '@xai/data/node';
import { inlineExternalData } from '@xai/onnx/externalData';

/** The format tag of a file written by `xai explain`. */
export const ATTRIBUTIONS_FORMAT = 'xai-attributions@1';

/** A file by path and content. */
export interface FileRef {
  readonly file: string;
  readonly sha256: string;
}

/** `xai explain`'s JSON output. */
export interface AttributionsJson {
  readonly format?: string;
  readonly method: string;
  readonly preset: string;
  readonly seed?: number;
  /** The arithmetic the model computed in ('float32' under `--preset openxai`). */
  readonly precision?: string;
  /** The model file that made the attributions. */
  readonly model?: FileRef;
  readonly features?: readonly string[];
  /** ONNX models: whether input gradients are exact (MLP imported) or finite differences. */
  readonly gradients?: string;
  /** Rows outside the training range (a model that carries its preprocessing). */
  readonly outOfRangeRows?: number;
  /** What was off about the input (out-of-range rows, unscaled-looking input, a model below chance). */
  readonly warnings?: readonly string[];
  /** The file the explained rows came from, and its content hash. */
  readonly source?: string;
  readonly sourceSha256?: string;
  /** With `--data` and `--test`: the `--data` file (its train split is the background). */
  readonly data?: FileRef;
  /** Per explained row: its 0-based data row in `source` (the header is not a row). */
  readonly rows?: readonly number[];
  /** Per explained row of a split file (`--data` without `--test`): its 1-based line in `source`. */
  readonly lines?: readonly number[];
  /** Per explained row: the class index whose output was explained (CSV column `explained_class`). */
  readonly explainedClass?: readonly number[];
  /** The class index every row explains (`--class`, or a binary classifier's class 1 under the default preset); absent: each row's predicted class. */
  readonly fixedClass?: number;
  /** How the class was chosen, in the words xai explain printed (see classRule.ts). */
  readonly classRule?: string;
  /** The label's class names in output order, when the model or data name them. */
  readonly classNames?: readonly string[];
  /** With `--data`: the input space the model was given (`raw`, `scaled`, `own`). */
  readonly inputSpace?: string;
  /** With labels: the model's accuracy on the explained rows and the majority-class rate. */
  readonly accuracy?: { readonly accuracy: number; readonly baseRate: number; readonly rows: number };
  /**
   * Per row, the model's output for the explained class that the attributions start from: over
   * the explainer's background or at its baseline when they add up against it (Σ attributions =
   * output − baseValue), else the mean over the training rows (`baseValueFrom` says which).
   */
  readonly baseValue?: readonly number[];
  readonly baseValueFrom?: string;
  /** TreeSHAP: per row, the expected raw score (Σ attributions + expectedValue = the row's raw score). JSON only. */
  readonly expectedValue?: readonly number[];
  /** TreeSHAP: the algorithm, where the covers came from, the background size, what is explained. */
  readonly treeShap?: object;
  /** TreeSHAP with `--interactions`: per row a features × features matrix of SHAP interaction values. JSON only. */
  readonly interactions?: readonly (readonly (readonly number[])[])[];
  /** IG: the quadrature and how far its attributions' sums miss f(x) − f(baseline) (see igCompleteness.ts). */
  readonly igCompleteness?: object;
  /** The feature kinds `xai evaluate` perturbs these rows with (source, discrete columns and their two values, one-hot groups). */
  readonly featureKinds?: FeatureKindsRecord;
  /** A CSV's sidecar: the CSV it describes. */
  readonly csv?: FileRef;
  /** sha256 of the scores, features, row ids and classes as written: an edited file no longer matches. */
  readonly contentSha256?: string;
  readonly attributions: number[][];
}

const KEYS: readonly string[] = [
  'format',
  'method',
  'preset',
  'seed',
  'precision',
  'model',
  'features',
  'gradients',
  'outOfRangeRows',
  'warnings',
  'source',
  'sourceSha256',
  'data',
  'rows',
  'lines',
  'explainedClass',
  'fixedClass',
  'classRule',
  'classNames',
  'inputSpace',
  'accuracy',
  'baseValue',
  'baseValueFrom',
  'expectedValue',
  'treeShap',
  'interactions',
  'igCompleteness',
  'featureKinds',
  'csv',
  'contentSha256',
  'attributions',
];

/** The hash of what a JSON file says about each score: an edit after writing shows. */
function contentSha256(j: { readonly [k: string]: unknown }): string {
  const content = [j.features, j.rows, j.lines, j.explainedClass, j.attributions].map((v) => JSON.stringify(v ?? null));
  return createHash('sha256').update(content.join('\n')).digest('hex');
}

/** The leading CSV columns `writeAttributions` adds before the features. */
export const ROW_COLUMNS = ['row', 'explained_class'] as const;
/** The same with the source line in place of the row (a split file). */
export const LINE_COLUMNS = ['line', 'explained_class'] as const;

/** The sidecar holding a CSV's provenance. */
export const metaPathOf = (csv: string): string => `${csv}.meta.json`;

/** A file by path and the sha256 of its bytes. */
export function fileRef(path: string, what: string): FileRef {
  return {
    file: path,
    sha256: createHash('sha256')
      .update(readInputBytes(path, { fn: 'xai explain', arg: what }))
      .digest('hex'),
  };
}

/**
 * A model file by path and the sha256 of what it computes with: an .onnx file's weights saved
 * beside it (ONNX external data) are read into the bytes hashed, so another data file is another model.
 */
export function modelFileRef(path: string): FileRef {
  const bytes = readInputBytes(path, { fn: 'xai explain', arg: '--model' });
  const full = /\.onnx$/i.test(path) ? inlineExternalData(bytes, path, 'xai explain') : bytes;
  return { file: path, sha256: createHash('sha256').update(full).digest('hex') };
}

const isCsv = (path: string): boolean => path.toLowerCase().endsWith('.csv');
const csvCell = (s: string): string => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * Writes attributions atomically as JSON, or when the path ends in `.csv` as a CSV (`row` or
 * `line`, `explained_class`, then the features by name) with the provenance in
 * `<path>.meta.json` (which records the CSV's hash). Returns the files written.
 * @since 0.1.0
 */
export function writeAttributions(path: string, a: Omit<AttributionsJson, 'attributions'> & { readonly attributions: Matrix }): string[] {
  const fn = 'xai explain';
  const json = { format: ATTRIBUTIONS_FORMAT, ...a };
  if (!isCsv(path)) {
    const full = { ...json, attributions: toRows(a.attributions) };
    const { attributions, ...head } = full;
    writeFileAtomicSync(path, `${JSON.stringify({ ...head, contentSha256: contentSha256(full), attributions })}\n`, fn);
    return [path];
  }
  const names = a.features ?? Array.from({ length: a.attributions.cols }, (_, j) => `x${j}`);
  const where = a.rows ?? a.lines;
  const ids = where !== undefined && a.explainedClass !== undefined;
  const lines = [
    [...(ids ? (a.rows !== undefined ? ROW_COLUMNS : LINE_COLUMNS) : []), ...names].map(csvCell).join(','),
    ...toRows(a.attributions).map((r, i) => [...(ids ? [where[i]!, a.explainedClass![i]!] : []), ...r].join(',')),
  ];
  const text = `${lines.join('\n')}\n`;
  const { rows: _r, lines: _l, explainedClass: _c, features: _f, attributions: _a, ...meta } = json;
  const sha256 = createHash('sha256').update(text).digest('hex');
  writeFileAtomicSync(metaPathOf(path), `${JSON.stringify({ ...meta, csv: { file: path, sha256 } }, null, 2)}\n`, fn);
  writeFileAtomicSync(path, text, fn);
  return [path, metaPathOf(path)];
}

/** An attributions file as read: the scores in file order and everything that says what they belong to. */
export interface AttributionsFile {
  readonly path: string;
  readonly attributions: Matrix;
  /** Feature names (JSON `features`, the CSV header), or null when the file names none. */
  readonly features: readonly string[] | null;
  /** Row ids: 0-based data rows of the source (`rows`, CSV `row`) or 1-based lines (`lines`, CSV `line`). */
  readonly ids: { readonly kind: 'row' | 'line'; readonly values: Int32Array } | null;
  readonly explainedClass: Int32Array | null;
  /** What xai explain recorded (JSON, or a CSV's sidecar whose hash matches); null for a file made elsewhere. */
  readonly provenance: Omit<AttributionsJson, 'attributions'> | null;
  /** Why a file has no provenance, for messages. */
  readonly noProvenance?: string;
}

function bad(path: string, arg: string, message: string, value?: unknown): XaiError {
  return new XaiError('BAD_INPUT', `${path}: ${message}`, { fn: 'xai evaluate', arg: '--attributions', value, file: path, field: arg });
}

/** A list of `n` distinct non-negative integers (row ids, lines) or of integers in [0, ∞) (classes). */
function intList(path: string, key: string, v: unknown, n: number, unique: boolean): Int32Array {
  if (!Array.isArray(v)) throw bad(path, key, `"${key}" is ${describeValue(v)}, not an array`, v);
  if (v.length !== n) throw bad(path, key, `"${key}" has ${v.length} entries for ${n} rows of attributions`, v.length);
  const out = new Int32Array(n);
  const seen = new Map<number, number>();
  v.forEach((x: unknown, i: number) => {
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 2 ** 31 - 1)
      throw bad(path, `${key}[${i}]`, `${key}[${i}] is ${describeValue(x)}, not a non-negative integer`, x);
    const first = seen.get(x);
    if (unique && first !== undefined)
      throw bad(path, `${key}[${i}]`, `${key}[${i}] repeats ${x} (also ${key}[${first}]): each explained row appears once`, x);
    seen.set(x, i);
    out[i] = x;
  });
  return out;
}

function nameList(path: string, key: string, v: unknown, n: number): string[] {
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw bad(path, key, `"${key}" is not an array of names`, v);
  if (v.length !== n) throw bad(path, key, `"${key}" names ${v.length} features for ${n} attribution columns`, v.length);
  const dup = v.find((s, i) => v.indexOf(s) !== i);
  if (dup !== undefined) throw bad(path, key, `"${key}" names ${JSON.stringify(dup)} twice`, dup);
  return v as string[];
}

function matrixOf(path: string, rows: unknown): Matrix {
  if (!Array.isArray(rows) || rows.length === 0) throw bad(path, 'attributions', 'no "attributions" array of number arrays', rows);
  const width = Array.isArray(rows[0]) ? rows[0].length : -1;
  rows.forEach((r: unknown, i: number) => {
    if (!Array.isArray(r) || r.length !== width)
      throw bad(
        path,
        `attributions[${i}]`,
        `attributions[${i}] is ${Array.isArray(r) ? `a row of ${r.length} values, not ${width}` : describeValue(r)}`,
        r,
      );
    r.forEach((v: unknown, j: number) => {
      if (typeof v !== 'number' || !Number.isFinite(v))
        throw bad(
          path,
          `attributions[${i}][${j}]`,
          `attributions[${i}][${j}] (row ${i}, feature ${j}) is ${describeValue(v)}, not a finite number`,
          v,
        );
    });
  });
  return fromRows(rows as number[][]);
}

/** Checks the recorded fields' shapes (a hand-edited file names the field). */
function provenanceOf(path: string, j: Record<string, unknown>): Omit<AttributionsJson, 'attributions'> {
  const unknown = Object.keys(j).filter((k) => !KEYS.includes(k));
  if (unknown.length > 0)
    throw bad(path, unknown[0]!, `unknown field ${unknown.map((k) => JSON.stringify(k)).join(', ')} (known: ${KEYS.join(', ')})`, unknown);
  for (const k of ['method', 'preset', 'source', 'sourceSha256', 'precision', 'contentSha256'] as const)
    if (j[k] !== undefined && typeof j[k] !== 'string') throw bad(path, k, `"${k}" is ${describeValue(j[k])}, not a string`, j[k]);
  if (j.fixedClass !== undefined && !(typeof j.fixedClass === 'number' && Number.isInteger(j.fixedClass) && j.fixedClass >= 0))
    throw bad(path, 'fixedClass', `"fixedClass" is ${describeValue(j.fixedClass)}, not a class index`, j.fixedClass);
  for (const k of ['model', 'data', 'csv'] as const) {
    const r = j[k] as Partial<FileRef> | undefined;
    if (r !== undefined && (typeof r !== 'object' || r === null || typeof r.file !== 'string' || !/^[0-9a-f]{64}$/.test(String(r.sha256))))
      throw bad(path, k, `"${k}" is not {"file": <path>, "sha256": <64 hex digits>}`, r);
  }
  const { attributions: _a, ...rest } = j;
  return rest as unknown as Omit<AttributionsJson, 'attributions'>;
}

function readJson(path: string): AttributionsFile {
  const j = parseJsonText(readInputText(path, { fn: 'xai evaluate', arg: '--attributions' }), {
    file: path,
    fn: 'xai evaluate',
    arg: '--attributions',
  });
  if (j === null || typeof j !== 'object' || Array.isArray(j))
    throw bad(path, 'attributions', `expected a JSON object, got ${describeValue(j)}`, j);
  const o = j as Record<string, unknown>;
  const attributions = matrixOf(path, o.attributions);
  const meta = provenanceOf(path, o);
  const n = attributions.rows;
  if (o.rows !== undefined && o.lines !== undefined) throw bad(path, 'rows', 'has both "rows" and "lines": one kind of row id', null);
  const idKey = o.rows !== undefined ? 'rows' : o.lines !== undefined ? 'lines' : null;
  return {
    path,
    attributions,
    features: o.features === undefined ? null : nameList(path, 'features', o.features, attributions.cols),
    ids: idKey === null ? null : { kind: idKey === 'rows' ? 'row' : 'line', values: intList(path, idKey, o[idKey], n, true) },
    explainedClass: o.explainedClass === undefined ? null : intList(path, 'explainedClass', o.explainedClass, n, false),
    ...jsonProvenance(meta, o),
  };
}

/** A JSON file's record of how it was made, when it has one and was not edited since. */
function jsonProvenance(
  meta: Omit<AttributionsJson, 'attributions'>,
  o: Record<string, unknown>,
): Pick<AttributionsFile, 'provenance' | 'noProvenance'> {
  if (meta.format !== ATTRIBUTIONS_FORMAT || !meta.model)
    return { provenance: null, noProvenance: 'it records no model and instances hashes (not written by xai explain)' };
  const sha = contentSha256(o);
  if (meta.contentSha256 !== sha)
    return {
      provenance: null,
      noProvenance: `it was changed after xai explain wrote it (its scores, names, rows or classes no longer hash to the recorded contentSha256 ${meta.contentSha256?.slice(0, 12) ?? '(none)'}…)`,
    };
  return { provenance: meta };
}

/** A CSV's columns: the id and class columns (unless they are model features) and the features. */
function readCsv(path: string, featureNames: readonly string[]): AttributionsFile {
  const t = readFeatureCsvSync(path, { drop: [] });
  const special = (name: string): boolean => ['row', 'line', 'explained_class'].includes(name) && !featureNames.includes(name);
  const idName = t.names.find((n) => (n === 'row' || n === 'line') && special(n));
  if (t.names.includes('row') && t.names.includes('line') && special('row') && special('line'))
    throw bad(path, 'row', 'has both a "row" and a "line" column: one kind of row id', null);
  const col = (name: string): number[] => Array.from({ length: t.x.rows }, (_, i) => t.x.data[i * t.x.cols + t.names.indexOf(name)]!);
  const keep = t.names.map((n, j) => (special(n) ? -1 : j)).filter((j) => j >= 0);
  const x = fromRows(Array.from({ length: t.x.rows }, (_, i) => keep.map((j) => t.x.data[i * t.x.cols + j]!)));
  const sidecar = csvProvenance(path);
  return {
    path,
    attributions: x,
    features: keep.map((j) => t.names[j]!),
    ids: idName ? { kind: idName as 'row' | 'line', values: intList(path, idName, col(idName), t.x.rows, true) } : null,
    explainedClass:
      special('explained_class') && t.names.includes('explained_class')
        ? intList(path, 'explained_class', col('explained_class'), t.x.rows, false)
        : null,
    ...sidecar,
  };
}

/** A CSV's sidecar provenance, when present and describing these very bytes. */
function csvProvenance(path: string): Pick<AttributionsFile, 'provenance' | 'noProvenance'> {
  const meta = metaPathOf(path);
  let text: string;
  try {
    text = readInputText(meta, { fn: 'xai evaluate', arg: '--attributions' });
  } catch {
    return { provenance: null, noProvenance: `no ${meta} beside it records its model, instances and method` };
  }
  const j = parseJsonText(text, { file: meta, fn: 'xai evaluate', arg: '--attributions' });
  if (j === null || typeof j !== 'object' || Array.isArray(j)) throw bad(meta, 'csv', `expected a JSON object, got ${describeValue(j)}`, j);
  const p = provenanceOf(meta, j as Record<string, unknown>);
  const sha256 = createHash('sha256')
    .update(readInputBytes(path, { fn: 'xai evaluate', arg: '--attributions' }))
    .digest('hex');
  if (p.csv?.sha256 !== sha256)
    return {
      provenance: null,
      noProvenance: `it was changed after xai explain wrote it (${meta} records sha256 ${p.csv?.sha256?.slice(0, 12) ?? '?'}…, the file is ${sha256.slice(0, 12)}…)`,
    };
  return { provenance: p };
}

/**
 * Reads an attributions file, JSON or CSV (BOM or not), checking each field: a duplicate key,
 * an unknown field, a repeated row id, a name given twice or a non-finite score is an error
 * naming the file and the field. `featureNames` (the model's inputs) keeps a feature called
 * `row`, `line` or `explained_class` a feature.
 * @since 0.1.0
 */
export function readAttributions(path: string, featureNames: readonly string[] = []): AttributionsFile {
  return isCsv(path) ? readCsv(path, featureNames) : readJson(path);
}
