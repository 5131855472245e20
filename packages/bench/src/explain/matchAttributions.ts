// Attributions meet the rows xai evaluate scores them on: by the model and instances they were
// made from (content hashes), by feature name and by row id — never by position alone. A file
// made elsewhere (no provenance) is scored only when the user says so, and then by names.
import { XaiError } from '@xai/core';
import type { Matrix } from '@xai/core';
import type { AttributionsFile, FileRef } from './attributionsFile.js';

/** What xai evaluate itself was given. */
export interface EvaluateSide {
  readonly model: FileRef;
  /** The file the rows come from (`--instances`, `--test`, or `--data`). */
  readonly source: FileRef;
  /** With `--data` and `--test`: the `--data` file. */
  readonly data?: FileRef;
  /** Model input names, in the model's order. */
  readonly names: readonly string[];
  readonly ids: { readonly kind: 'row' | 'line'; readonly values: Int32Array } | null;
  /** The model's predicted class per row, and its number of classes. */
  readonly predicted: Int32Array;
  /** Given: every row explains this class (`--class`, the file's fixedClass or the class rule), and `predicted` is it on every row. */
  readonly fixedClass?: number;
  readonly classes: number;
  /** `--method`, when given. */
  readonly method?: string;
  /** `--allow-foreign-attributions`. */
  readonly allowForeign: boolean;
}

const FLAG = '--allow-foreign-attributions';
const short = (r: FileRef): string => `${r.file} (sha256 ${r.sha256.slice(0, 12)}…)`;
const list = (xs: readonly (string | number)[]): string =>
  `${xs
    .slice(0, 5)
    .map((x) => (typeof x === 'string' ? JSON.stringify(x) : x))
    .join(', ')}${xs.length > 5 ? `, … (${xs.length} in all)` : ''}`;

function refuse(file: AttributionsFile, message: string, value?: unknown): XaiError {
  return new XaiError('BAD_INPUT', `${file.path} ${message}`, { fn: 'xai evaluate', arg: '--attributions', value, file: file.path });
}

/** Refuses (or, with the flag, warns about) a file made from another model, instances file or method. */
function checkProvenance(file: AttributionsFile, side: EvaluateSide, warnings: string[]): void {
  const p = file.provenance;
  if (p === null) {
    if (!side.allowForeign)
      throw refuse(
        file,
        `cannot be matched to --model and the instances: ${file.noProvenance}. A file made elsewhere is scored with ${FLAG}: its features are then matched by name and its rows by id (a "rows" field or "row" column) or position`,
      );
    if (file.features === null)
      throw refuse(file, `names no features: with ${FLAG} the attributions are matched by name, so give "features" (JSON) or a CSV header`);
    warnings.push(
      `${file.path}: not checked against the model and instances: ${file.noProvenance}; matched by feature names${file.ids ? ' and row ids' : ' and row position'} (${FLAG})`,
    );
    return;
  }
  const clashes: string[] = [];
  if (p.model && p.model.sha256 !== side.model.sha256) clashes.push(`the model ${short(p.model)}, not --model ${short(side.model)}`);
  if (p.sourceSha256 !== undefined && p.sourceSha256 !== side.source.sha256)
    clashes.push(`the instances ${short({ file: p.source ?? '?', sha256: p.sourceSha256 })}, not ${short(side.source)}`);
  if (p.data && side.data && p.data.sha256 !== side.data.sha256) clashes.push(`the data ${short(p.data)}, not --data ${short(side.data)}`);
  if (side.method !== undefined && p.method !== side.method) clashes.push(`--method ${p.method}, not --method ${side.method}`);
  if (clashes.length === 0) return;
  const what = `was made from ${clashes.join('; from ')}`;
  if (!side.allowForeign) throw refuse(file, `${what}: evaluate it with what made it, or pass ${FLAG} to score it anyway`, clashes);
  warnings.push(`${file.path} ${what} (${FLAG})`);
}

/** Column j of the result = the file's column named names[j]. */
function featureOrder(file: AttributionsFile, names: readonly string[]): Int32Array {
  const given = file.features ?? names;
  const unknown = given.filter((n) => !names.includes(n));
  const missing = names.filter((n) => !given.includes(n));
  if (unknown.length > 0 || missing.length > 0)
    throw refuse(
      file,
      `does not score the model's features: ${[
        ...(unknown.length > 0 ? [`unknown ${list(unknown)}`] : []),
        ...(missing.length > 0 ? [`missing ${list(missing)}`] : []),
      ].join('; ')} (the model takes ${list(names)})`,
      { unknown, missing },
    );
  return Int32Array.from(names, (n) => given.indexOf(n));
}

/** Row i of the result = the file's row with the id of the instances' row i. */
function rowOrder(file: AttributionsFile, side: EvaluateSide, n: number): Int32Array {
  const rows = file.attributions.rows;
  if (file.ids === null) {
    if (rows !== n)
      throw refuse(
        file,
        `is ${rows}x${file.attributions.cols}, the instances are ${n}x${side.names.length} (and it names no row ids to match)`,
        rows,
      );
    return Int32Array.from({ length: n }, (_, i) => i);
  }
  const ids = file.ids;
  const noun = ids.kind === 'row' ? 'row' : 'line';
  if (side.ids === null || side.ids.kind !== ids.kind)
    throw refuse(
      file,
      `names its rows by ${noun === 'row' ? 'data row (rows)' : 'file line (lines)'}, but these instances are ${side.ids?.kind === 'line' ? 'lines of a split --data file' : 'rows of a file'}: were they explained from another input?`,
    );
  const at = new Map<number, number>();
  ids.values.forEach((id, k) => at.set(id, k));
  const order = new Int32Array(n);
  const missing: number[] = [];
  side.ids.values.forEach((id, i) => {
    const k = at.get(id);
    if (k === undefined) missing.push(id);
    else order[i] = k;
  });
  const known = new Set(side.ids.values);
  const extra = [...ids.values].filter((id) => !known.has(id));
  if (missing.length > 0 || extra.length > 0)
    throw refuse(
      file,
      `does not cover the same ${noun}s as the instances: ${[
        ...(missing.length > 0 ? [`${noun}s ${list(missing)} have no attributions`] : []),
        ...(extra.length > 0 ? [`${noun}s ${list(extra)} are not in ${side.source.file}`] : []),
      ].join('; ')}`,
      { missing, extra },
    );
  return order;
}

/** When every row explains one class (a file fixing a class, its record lost), the flag that says so. */
function oneClassHint(c: Int32Array, rowAt: Int32Array): string {
  const first = c[rowAt[0]!]!;
  for (const k of rowAt) if (c[k] !== first) return '';
  return `, or they explain class ${first} on every row: then pass --class ${first}`;
}

/** Every row must explain a class the model has, and the class the metrics score: its prediction. */
function checkClasses(file: AttributionsFile, side: EvaluateSide, rowAt: Int32Array): void {
  const c = file.explainedClass;
  if (c === null) return;
  const field = file.path.toLowerCase().endsWith('.csv') ? 'explained_class' : 'explainedClass';
  for (let i = 0; i < rowAt.length; i++) {
    const k = rowAt[i]!;
    const id = file.ids ? `${file.ids.kind} ${file.ids.values[k]}` : `row ${k}`;
    if (c[k]! >= Math.max(side.classes, 1))
      throw refuse(
        file,
        `${field}[${k}] (${id}) is ${c[k]}, but the model has ${side.classes} class${side.classes === 1 ? '' : 'es'}`,
        c[k],
      );
    if (c[k] !== side.predicted[i] && side.fixedClass !== undefined)
      throw refuse(
        file,
        `${field}[${k}] (${id}) explains class ${c[k]}, but every row explains class ${side.fixedClass} here (--class, the file's fixedClass, or a binary classifier's class 1 under the default preset): give --class predicted for attributions of each row's predicted class`,
        c[k],
      );
    if (c[k] !== side.predicted[i])
      throw refuse(
        file,
        `${field}[${k}] (${id}) explains class ${c[k]}, but the model predicts ${side.predicted[i]} for that row: the metrics score the predicted class, so these attributions belong to another model or other rows${oneClassHint(c, rowAt)}`,
        c[k],
      );
  }
}

/**
 * The attributions in the instances' row order and the model's feature order, after checking
 * that they were made from this model, these instances and this method (a file without that
 * record only with `--allow-foreign-attributions`, then matched by names), and that every row
 * explains the class the model predicts.
 * @since 0.3.0
 */
export function matchAttributions(file: AttributionsFile, side: EvaluateSide): { attributions: Matrix; warnings: string[] } {
  const warnings: string[] = [];
  checkProvenance(file, side, warnings);
  const n = side.predicted.length;
  const cols = featureOrder(file, side.names);
  const rowAt = rowOrder(file, side, n);
  checkClasses(file, side, rowAt);
  const a = file.attributions;
  const d = side.names.length;
  const data = new Float64Array(n * d);
  for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) data[i * d + j] = a.data[rowAt[i]! * a.cols + cols[j]!]!;
  return { attributions: { rows: n, cols: d, data }, warnings };
}
