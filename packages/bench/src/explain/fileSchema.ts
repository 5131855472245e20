import { observedValues } from '@xai/data';
import { readJsonFile } from '@xai/core/node';
import type { FeatureKind, FeatureSchema, Matrix, Preprocessing } from '@xai/core';
import { XaiError, isXaiError, withDiscreteLevels } from '@xai/core';
import { inferFeatureKinds, parseUserSchema } from '@xai/data/node';
import { openxaiFeatureSchema } from '@xai/metrics';
import type { OpenxaiFeatureMetadata } from '@xai/metrics';
import { featureKindsRecord } from '../inputs/featureKinds.js';
import type { FeatureKindsRecord } from '../inputs/featureKinds.js';

/** A schema for model-input columns read from files, and what to tell the user about it. */
export interface FileSchema {
  /** Kinds, one-hot groups and each lone discrete column's two values (`levels`, from the rows). */
  readonly schema: FeatureSchema;
  /** Where the kinds and groups came from, in words. */
  readonly source: string;
  /** What the outputs print and record. */
  readonly record: FeatureKindsRecord;
  readonly warnings: readonly string[];
}

/**
 * What the model itself says about its input columns, for {@link fileSchema}: columns it cannot
 * differentiate (an ONNX graph's integer casts, Gather indices, comparisons, trees) are discrete.
 * `--schema` still decides when given.
 * @since 0.3.0
 */
export interface FeatureKindHints {
  /** Model columns, by name, that are discrete whatever their values. */
  readonly discrete?: readonly string[];
  /** Where the hint came from, in words (printed with the kinds). */
  readonly source?: string;
}

/** `status_1` → `status`, `city=Oslo` → `city`; null for a name with no separator. */
function prefixOf(name: string): string | null {
  const k = Math.max(name.lastIndexOf('='), name.lastIndexOf('_'));
  return k > 0 && k < name.length - 1 ? name.slice(0, k) : null;
}

/** True when every row of `rows` has values in {0, 1} on `cols` summing to exactly 1. */
function isOneHot(rows: Matrix, cols: readonly number[]): boolean {
  const stride = rows.stride ?? rows.cols;
  const offset = rows.offset ?? 0;
  for (let i = 0; i < rows.rows; i++) {
    let ones = 0;
    for (const j of cols) {
      const v = rows.data[offset + i * stride + j]!;
      if (v === 1) ones++;
      else if (v !== 0) return false;
    }
    if (ones !== 1) return false;
  }
  return rows.rows > 0;
}

/**
 * One-hot groups read from column names and values: two or more columns whose names share a
 * prefix before their last `_` or `=` (`status_1`, `status_2`; `city=Oslo`, `city=Rome`) and
 * whose values are 0/1 with exactly one 1 per row in every given row. Names alone never make a
 * group (`loan_amount`, `loan_term` are not one-hot), and neither do values alone.
 * @example oneHotGroupsByName(['a', 's_1', 's_2'], rows) // [[1, 2]] when s_1 + s_2 = 1 on every row
 * @since 0.3.0
 */
export function oneHotGroupsByName(names: readonly string[], rows: Matrix): number[][] {
  const byPrefix = new Map<string, number[]>();
  names.forEach((n, j) => {
    const p = prefixOf(n);
    if (p === null) return;
    const list = byPrefix.get(p) ?? [];
    list.push(j);
    byPrefix.set(p, list);
  });
  return [...byPrefix.values()].filter((cols) => cols.length >= 2 && isOneHot(rows, cols));
}

function isOpenxaiMetadata(v: unknown): v is OpenxaiFeatureMetadata {
  if (Array.isArray(v)) return v.every((t) => t === 'c' || t === 'd');
  return v !== null && typeof v === 'object' && Array.isArray((v as { feature_types?: unknown }).feature_types);
}

/** Columns holding only 0 and 1 that the schema gives continuous noise. */
function binaryContinuous(names: readonly string[], kinds: readonly FeatureKind[], rows: Matrix): string[] {
  const stride = rows.stride ?? rows.cols;
  const offset = rows.offset ?? 0;
  return names.filter((_, j) => {
    if (kinds[j] !== 'continuous' || rows.rows === 0) return false;
    for (let i = 0; i < rows.rows; i++) {
      const v = rows.data[offset + i * stride + j]!;
      if (v !== 0 && v !== 1) return false;
    }
    return true;
  });
}

/** parseUserSchema's verdict, its errors naming the flag they came through. */
function schemaOfFlag(json: unknown, path: string): ReturnType<typeof parseUserSchema> {
  try {
    return parseUserSchema(json, path);
  } catch (e) {
    if (!isXaiError(e)) throw e;
    throw new XaiError(e.code, `${path}: ${e.message.replace(/^\[\w+\] /, '')}`, { ...e.details, fn: 'xai', arg: '--schema', file: path });
  }
}

/** A `--schema` file for model-input columns: OpenXAI feature metadata, or an xai-data-schema@1 naming them. */
function readSchemaFile(path: string, names: readonly string[]): { schema: FeatureSchema; source: string } {
  // The one strict JSON reader: a duplicate key or a syntax error named by line and column.
  const json = readJsonFile(path, { fn: 'xai', arg: '--schema' });
  if (isOpenxaiMetadata(json)) {
    const meta = Array.isArray(json) ? json : (json as { feature_types: readonly string[]; feature_n_cols: readonly number[] });
    return { schema: openxaiFeatureSchema(meta, names.length, names), source: `${path} (OpenXAI feature metadata)` };
  }
  const listsFeatures = typeof json === 'object' && json !== null && 'features' in json;
  const user = listsFeatures ? schemaOfFlag(json, path) : { features: undefined };
  if (user.features === undefined)
    throw new XaiError(
      'BAD_INPUT',
      `--schema ${path}: name every model column under "features" (with kinds) for rows that are model inputs`,
      {
        fn: 'xai',
        arg: '--schema',
        value: path,
        file: path,
      },
    );
  const listed = user.features.map((f) => f.name);
  const missing = names.filter((n) => !listed.includes(n));
  const extra = listed.filter((n) => !names.includes(n));
  if (missing.length > 0 || extra.length > 0)
    throw new XaiError(
      'BAD_INPUT',
      `--schema ${path}: features must be the file's columns${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}${extra.length > 0 ? `; not in the file ${extra.join(', ')}` : ''}`,
      { fn: 'xai', arg: '--schema', value: { missing, extra }, file: path },
    );
  const kinds = names.map((n): FeatureKind => {
    const k = user.features!.find((f) => f.name === n)!.kind;
    if (k === 'categorical')
      throw new XaiError(
        'BAD_INPUT',
        `--schema ${path}: ${n} is categorical, but these rows are model inputs (already one-hot); list its columns under "groups"`,
        {
          fn: 'xai',
          arg: '--schema',
          value: n,
          file: path,
        },
      );
    return k;
  });
  const groups = (user.groups ?? []).map((g) => g.map((n) => names.indexOf(n)));
  return { schema: { names, kinds, groups }, source: `${path} (xai-data-schema@1)` };
}

/**
 * The kinds and one-hot groups of model-input columns read from files (`xai explain/evaluate
 * --instances --train`), and the two values of each lone discrete column. From `--schema`
 * when given (OpenXAI feature metadata, or an xai-data-schema@1 listing the columns); else by
 * this rule, on `rows` (the training rows, else the instances):
 * 1. columns sharing a prefix before their last `_` or `=` whose values are 0/1 with exactly
 *    one 1 per row form a one-hot group ({@link oneHotGroupsByName});
 * 2. columns the model declares not differentiable (`hints.discrete`) are discrete;
 * 3. any other column whose values are integers with at most two distinct values is discrete
 *    (a binary indicator: it flips); everything else is continuous.
 * On OpenXAI's datasets this gives the released `feature_metadata` except german's
 * `people-liable` and `foreign-worker` (binary codes the released metadata calls continuous;
 * pass the metadata file as `--schema` to match it). A discrete column's flip swaps its two
 * values, read from `rows` (core's `withDiscreteLevels`). A warning names 0/1 columns that
 * would get continuous noise.
 * @example const { schema, record, warnings } = fileSchema(names, train, undefined)
 * @since 0.3.0
 */
export function fileSchema(
  names: readonly string[],
  rows: Matrix,
  schemaPath: string | undefined,
  hints: FeatureKindHints = {},
): FileSchema {
  rows = observedValues(rows);
  const picked = schemaPath !== undefined ? readSchemaFile(schemaPath, names) : inferredSchema(names, rows, hints);
  const schema = withDiscreteLevels(picked.schema, rows);
  const loose = binaryContinuous(names, schema.kinds, rows);
  const warnings =
    loose.length > 0
      ? [
          `columns ${loose.slice(0, 8).join(', ')}${loose.length > 8 ? ` (+${loose.length - 8})` : ''} hold only 0/1 but get continuous noise under this schema (${picked.source}); declare them discrete or grouped in --schema if they are indicators`,
        ]
      : [];
  return { schema, source: picked.source, record: featureKindsRecord(schema, picked.source), warnings };
}

/** Rule 1–3 of {@link fileSchema}. */
function inferredSchema(names: readonly string[], rows: Matrix, hints: FeatureKindHints): { schema: FeatureSchema; source: string } {
  const groups = oneHotGroupsByName(names, rows);
  const kinds = inferFeatureKinds(rows);
  for (const g of groups) for (const j of g) kinds[j] = 'discrete';
  const declared = (hints.discrete ?? []).filter((n) => names.includes(n));
  for (const n of declared) kinds[names.indexOf(n)] = 'discrete';
  const shown = groups.map((g) => `${prefixOf(names[g[0]!]!)}(${g.length})`).join(', ');
  const parts = ['inferred from the values'];
  if (groups.length > 0) parts.push(`one-hot groups from the column names: ${shown}`);
  if (declared.length > 0) parts.push(`${declared.length} discrete by ${hints.source ?? 'the model'}`);
  return { schema: { names, kinds, groups }, source: parts.join('; ') };
}

/** The rows of `xai explain` / `xai evaluate` as {@link commandSchema} needs them. */
export interface SchemaRows {
  readonly names: readonly string[];
  readonly x: Matrix;
  readonly train: Matrix | undefined;
  /** The `--data` schema, when the rows come from a user CSV. */
  readonly schema?: FeatureSchema;
  /** The model's preprocessing block (kinds and one-hot groups of its input columns), if it carries one. */
  readonly preprocessing?: Preprocessing | undefined;
}

/**
 * The feature kinds a model command perturbs with: the `--data` schema, else the model's
 * preprocessing block, else {@link fileSchema} on the training rows (else the instances) with
 * `--schema`. Every lone discrete column gets its two values from the rows in the model's input
 * space. `--schema` beside a model that carries its preprocessing is BAD_OPTION.
 * @since 0.3.0
 */
export function commandSchema(
  fn: string,
  model: string,
  rows: SchemaRows,
  schemaPath: string | undefined,
  hints: FeatureKindHints = {},
): { schema: FeatureSchema; inferred: FileSchema | null; record: FeatureKindsRecord } {
  const p = rows.preprocessing;
  if (p !== undefined && schemaPath !== undefined)
    throw new XaiError('BAD_OPTION', `${model} carries its preprocessing (kinds and one-hot groups); drop --schema`, {
      fn,
      arg: '--schema',
      value: schemaPath,
    });
  const from = rows.train ?? rows.x;
  const inferred = (rows.schema ?? p) !== undefined ? null : fileSchema(rows.names, from, schemaPath, hints);
  const given: FeatureSchema = rows.schema ?? (p ? { names: p.features, kinds: p.kinds, groups: p.groups ?? [] } : inferred!.schema);
  const schema = withDiscreteLevels(given, from);
  const source = inferred?.source ?? (rows.schema ? 'the --data schema' : "the model's preprocessing block");
  return { schema, inferred, record: featureKindsRecord(schema, source) };
}
