// Which columns of a user's CSV are features, and where each one's kind comes from: the
// schema's `features` (every other column then an error), its `categorical` list, or inference.
import { XaiError } from '@xai/core';
import type { UserSchema } from '../userSchema.js';
import type { CsvTable } from './csvTable.js';
import { quoteNames as quote, tableError } from './csvTable.js';
import type { DeclaredColumn } from './planColumns.js';

/** Schema-named columns the file lacks: BAD_INPUT naming the schema file, each field and the file's columns. */
function checkNamed(table: CsvTable, schemaFile: string, fields: readonly [string, string][]): void {
  const missing = fields.filter(([name]) => !table.header.includes(name));
  if (missing.length === 0) return;
  throw new XaiError(
    'BAD_INPUT',
    `${schemaFile}: ${missing.map(([name, field]) => `${field} ${JSON.stringify(name)}`).join(', ')}: not a column of ${table.file}; its columns are ${quote(table.header)}`,
    { fn: table.fn, arg: 'schema', file: schemaFile, field: missing[0]![1], csv: table.file, value: missing.map(([n]) => n) },
  );
}

/** The feature columns of `table` (the label and ignored columns aside), in schema or file order. */
export function declareColumns(table: CsvTable, label: string, schema: UserSchema | undefined, schemaFile: string): DeclaredColumn[] {
  const { header } = table;
  const ignore = schema?.ignore ?? [];
  checkNamed(
    table,
    schemaFile,
    ignore.map((n, k) => [n, `ignore[${k}]`]),
  );
  const categorical = schema?.categorical ?? [];
  let declared: DeclaredColumn[];
  if (schema?.features) {
    checkNamed(
      table,
      schemaFile,
      schema.features.map((f, k) => [f.name, `features[${k}].name`]),
    );
    const extra = header.filter((h) => h !== label && !ignore.includes(h) && !schema.features!.some((f) => f.name === h));
    if (extra.length > 0)
      throw tableError(
        table,
        'BAD_INPUT',
        { record: 0, column: header.indexOf(extra[0]!) },
        `column(s) ${quote(extra)} are not in the features of ${schemaFile} (add them, or list them in "ignore")`,
        extra,
      );
    declared = schema.features.map((f, k) => ({
      name: f.name,
      kind: f.kind,
      note: `declared ${f.kind} by ${schemaFile}: features[${k}].kind`,
    }));
  } else {
    declared = header
      .filter((h) => h !== label && !ignore.includes(h))
      .map((h) => {
        const k = categorical.indexOf(h);
        return k < 0
          ? { name: h, kind: undefined }
          : { name: h, kind: 'categorical' as const, note: `declared categorical by ${schemaFile}: categorical[${k}]` };
      });
  }
  const unknown = categorical.filter((n) => !declared.some((c) => c.name === n));
  if (unknown.length > 0)
    throw new XaiError('BAD_INPUT', `${schemaFile}: categorical: ${quote(unknown)} is not a feature column of ${table.file}`, {
      fn: table.fn,
      arg: 'schema.categorical',
      value: unknown,
      file: schemaFile,
      field: `categorical[${categorical.indexOf(unknown[0]!)}]`,
    });
  if (declared.length === 0)
    throw new XaiError('EMPTY', `${table.file}: no feature columns: the only column is the label ${JSON.stringify(label)}`, {
      fn: table.fn,
      arg: 'file',
      file: table.file,
      value: header,
    });
  return declared;
}
