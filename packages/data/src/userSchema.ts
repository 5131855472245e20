import { XaiError, checkOptions, decodeInputText, describeValue, parseJsonText } from '@xai/core';

/** How a raw column of a user's CSV is used. */
export type UserFeatureKind = 'continuous' | 'discrete' | 'categorical';

/** One raw feature column and its kind. */
export interface UserFeature {
  readonly name: string;
  readonly kind: UserFeatureKind;
}

/**
 * The schema of a user's CSV (`schema.json`, format `xai-data-schema@1`): every field but
 * `label` is optional and overrides what is inferred (and `label` may come from the caller's
 * label option instead: `parseUserSchema(text, file, { label })`).
 *
 * - `features`: the raw feature columns to use, in order, with their kinds. When given,
 *   every other column of the file (but the label and `ignore`) is an error, so a renamed
 *   or new column is never used silently. Kinds: `continuous` (min-max scaled), `discrete`
 *   (a 0/1-like indicator: flipped, not noised, by the metrics), `categorical` (expanded to
 *   one-hot model columns `${name}=${value}`, one group).
 * - `categorical`: shorthand, column names to treat as categorical (the rest inferred).
 * - `groups`: extra feature groups, lists of model column names switched on/off as one
 *   unit (one-hot groups of categorical columns are added automatically).
 * - `ignore`: columns to drop (ids, timestamps).
 * - `task`: `classification` (default for integer or text labels) or `regression`
 *   (default for a numeric label with a non-integer value).
 * - `classes`: the label's classes in model output order (class i = output i), as they
 *   are written in the file; default: numeric labels ascending, text labels sorted.
 * - `missing`: `error` (default: a blank cell, `NA`, `?`... in a numeric column or the label
 *   is an error naming the cell) or `drop-rows` (rows holding one are dropped and counted).
 * @example { "label": "y", "categorical": ["city"], "ignore": ["id"], "classes": ["no", "yes"] }
 * @since 0.2.0
 */
export interface UserSchema {
  readonly format?: 'xai-data-schema@1';
  readonly label: string;
  readonly features?: readonly UserFeature[];
  readonly categorical?: readonly string[];
  readonly groups?: readonly (readonly string[])[];
  readonly ignore?: readonly string[];
  readonly task?: 'classification' | 'regression';
  readonly classes?: readonly string[];
  readonly missing?: 'error' | 'drop-rows';
}

/** Format tag of {@link UserSchema}. */
export const USER_SCHEMA_FORMAT = 'xai-data-schema@1';

const SCHEMA_KEYS = ['format', 'label', 'features', 'categorical', 'groups', 'ignore', 'task', 'classes', 'missing'];
const KINDS: readonly UserFeatureKind[] = ['continuous', 'discrete', 'categorical'];

function names(value: unknown, field: string, bad: (field: string, why: string, value: unknown) => XaiError): string[] {
  if (!Array.isArray(value)) throw bad(field, 'expected an array of column names', value);
  const seen = new Set<string>();
  return value.map((v: unknown, k) => {
    if (typeof v !== 'string' || v.length === 0) throw bad(`${field}[${k}]`, 'expected a non-empty column name', v);
    if (seen.has(v)) throw bad(`${field}[${k}]`, `${JSON.stringify(v)} is listed twice`, v);
    seen.add(v);
    return v;
  });
}

/** Options of {@link parseUserSchema}. */
export interface ParseUserSchemaOptions {
  /**
   * The label column named elsewhere (a `label` option, `--label`): the schema may then leave
   * out its own `label`; when it has one, the caller checks that both agree.
   */
  readonly label?: string;
}

/**
 * Validates a parsed schema (JSON text is parsed too): unknown fields, wrong types, a
 * kind other than continuous/discrete/categorical, duplicate names, a label listed as a
 * feature... each a BAD_INPUT naming the file and the field (e.g. `features[2].kind`);
 * JSON that does not parse is a PARSE_ERROR naming the file. Without `label` in the schema
 * the label comes from `options.label`.
 * @example parseUserSchema('{"label":"y","categorical":["city"]}', 'schema.json')
 * @example parseUserSchema('{"categorical":["city"]}', 'schema.json', { label: 'y' })
 * @since 0.2.0
 */
export function parseUserSchema(input: unknown, file = '<schema>', options?: ParseUserSchemaOptions): UserSchema {
  const fn = 'parseUserSchema';
  const { label: labelOption } = checkOptions(options, ['label'], fn);
  const bad = (field: string, why: string, value: unknown): XaiError =>
    new XaiError('BAD_INPUT', `${file}: ${field}: ${why}, got ${describeValue(value)}`, { fn, arg: `schema.${field}`, value, file, field });
  let value = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const text = typeof input === 'string' ? input : decodeInputText(input, { file, fn });
    value = parseJsonText(text, { file, fn, arg: 'schema' });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad('(root)', 'expected a JSON object', value);
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!SCHEMA_KEYS.includes(key)) throw bad(key, `unknown field (known: ${SCHEMA_KEYS.join(', ')})`, key);
  if (o.format !== undefined && o.format !== USER_SCHEMA_FORMAT) throw bad('format', `expected '${USER_SCHEMA_FORMAT}'`, o.format);
  const given = o.label === undefined ? labelOption : o.label;
  if (typeof given !== 'string' || given.length === 0)
    throw bad('label', 'expected the label column name (or give it as the label option, --label on the CLI)', o.label);
  const label = given;
  const out: { -readonly [K in keyof UserSchema]: UserSchema[K] } = { label };
  if (o.features !== undefined) {
    if (!Array.isArray(o.features) || o.features.length === 0)
      throw bad('features', 'expected a non-empty array of { name, kind }', o.features);
    const seen = new Set<string>();
    out.features = o.features.map((f: unknown, k) => {
      if (f === null || typeof f !== 'object' || Array.isArray(f)) throw bad(`features[${k}]`, 'expected { name, kind }', f);
      const r = f as Record<string, unknown>;
      for (const key of Object.keys(r))
        if (key !== 'name' && key !== 'kind') throw bad(`features[${k}].${key}`, 'unknown field (known: name, kind)', key);
      if (typeof r.name !== 'string' || r.name.length === 0) throw bad(`features[${k}].name`, 'expected a column name', r.name);
      if (r.name === label) throw bad(`features[${k}].name`, 'the label cannot be a feature', r.name);
      if (seen.has(r.name)) throw bad(`features[${k}].name`, `${JSON.stringify(r.name)} is listed twice`, r.name);
      seen.add(r.name);
      if (!KINDS.includes(r.kind as UserFeatureKind)) throw bad(`features[${k}].kind`, `expected one of ${KINDS.join(', ')}`, r.kind);
      return { name: r.name, kind: r.kind as UserFeatureKind };
    });
  }
  if (o.categorical !== undefined) {
    out.categorical = names(o.categorical, 'categorical', bad);
    const clash = out.features?.find((f) => out.categorical!.includes(f.name) && f.kind !== 'categorical');
    if (clash)
      throw bad(
        'categorical',
        `${JSON.stringify(clash.name)} is listed as categorical but features gives it kind ${clash.kind}`,
        clash.name,
      );
    if (out.categorical.includes(label)) throw bad('categorical', 'the label cannot be a categorical feature', label);
  }
  if (o.ignore !== undefined) {
    out.ignore = names(o.ignore, 'ignore', bad);
    if (out.ignore.includes(label)) throw bad('ignore', 'the label cannot be ignored', label);
    const both = out.features?.find((f) => out.ignore!.includes(f.name));
    if (both) throw bad('ignore', `${JSON.stringify(both.name)} is both a feature and ignored`, both.name);
  }
  if (o.groups !== undefined) {
    if (!Array.isArray(o.groups)) throw bad('groups', 'expected an array of arrays of model column names', o.groups);
    out.groups = o.groups.map((g: unknown, k) => {
      const list = names(g, `groups[${k}]`, bad);
      if (list.length === 0) throw bad(`groups[${k}]`, 'a group needs at least one column', g);
      return list;
    });
  }
  if (o.task !== undefined) {
    if (o.task !== 'classification' && o.task !== 'regression') throw bad('task', "expected 'classification' or 'regression'", o.task);
    out.task = o.task;
  }
  if (o.classes !== undefined) {
    if (!Array.isArray(o.classes) || o.classes.length < 2) throw bad('classes', 'expected at least two class values', o.classes);
    const seen = new Set<string>();
    out.classes = o.classes.map((c: unknown, k) => {
      if (typeof c !== 'string' && typeof c !== 'number') throw bad(`classes[${k}]`, 'expected a class value (string or number)', c);
      const s = String(c);
      if (seen.has(s)) throw bad(`classes[${k}]`, `${JSON.stringify(s)} is listed twice`, c);
      seen.add(s);
      return s;
    });
    if (out.task === 'regression') throw bad('classes', 'a regression task has no classes', o.classes);
  }
  if (o.missing !== undefined) {
    if (o.missing !== 'error' && o.missing !== 'drop-rows') throw bad('missing', "expected 'error' or 'drop-rows'", o.missing);
    out.missing = o.missing;
  }
  if (o.format !== undefined) out.format = USER_SCHEMA_FORMAT;
  return out;
}
