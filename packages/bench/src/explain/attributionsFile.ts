import type { FeatureKindsRecord } from '../inputs/featureKinds.js';
import { readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '@xai/core/node';
import type { Matrix } from '@xai/core';
import { XaiError, describeValue, fromRows, toRows } from '@xai/core';
import { readFeatureCsvSync } from '@xai/data/node';

/** `xai explain`'s JSON output. */
export interface AttributionsJson {
  readonly method: string;
  readonly preset: string;
  readonly seed?: number;
  /** The arithmetic the model computed in ('float32' under `--preset openxai`). */
  readonly precision?: string;
  readonly features?: readonly string[];
  /** ONNX models: whether input gradients are exact (reverse-mode autodiff) or finite differences. */
  readonly gradients?: string;
  /** Rows outside the training range (a model that carries its preprocessing). */
  readonly outOfRangeRows?: number;
  /** What was off about the input (out-of-range rows, unscaled-looking input). */
  readonly warnings?: readonly string[];
  /** The file the explained rows came from. */
  readonly source?: string;
  /** Per explained row: its 0-based data row in `source` (the header is not a row). */
  readonly rows?: readonly number[];
  /** Per explained row of a split file (`--data` without `--test`): its 1-based line in `source`. */
  readonly lines?: readonly number[];
  /** Per explained row: the class index whose output was explained (the predicted class; CSV column `explained_class`). */
  readonly explainedClass?: readonly number[];
  /** The label's class names in output order, when the model or data name them. */
  readonly classNames?: readonly string[];
  /** With `--data`: the input space the model was given (`raw`, `scaled`, `own`). */
  readonly inputSpace?: string;
  /** TreeSHAP: per row, the expected raw score (Σ attributions + expectedValue = the row's raw score). JSON only. */
  readonly expectedValue?: readonly number[];
  /** TreeSHAP: the algorithm, where the covers came from, the background size, what is explained. */
  readonly treeShap?: object;
  /** TreeSHAP with `--interactions`: per row a features × features matrix of SHAP interaction values. JSON only. */
  readonly interactions?: readonly (readonly (readonly number[])[])[];
  /** The feature kinds `xai evaluate` perturbs these rows with (source, discrete columns and their two values, one-hot groups). */
  readonly featureKinds?: FeatureKindsRecord;
  readonly attributions: number[][];
}

/** The leading CSV columns `writeAttributions` adds before the features (read back and dropped). */
export const ROW_COLUMNS = ['row', 'explained_class'] as const;
/** The same with the source line in place of the row (a split file). */
export const LINE_COLUMNS = ['line', 'explained_class'] as const;

/**
 * Writes attributions as JSON (`{"method","preset","attributions":[[…]]}`) or, when the path
 * ends in `.csv`, as a CSV with the feature names as header.
 * @since 0.1.0
 */
export function writeAttributions(path: string, a: Omit<AttributionsJson, 'attributions'> & { readonly attributions: Matrix }): void {
  const write = (text: string): void => writeFileAtomicSync(path, text, 'xai explain');
  if (path.toLowerCase().endsWith('.csv')) {
    const names = a.features ?? Array.from({ length: a.attributions.cols }, (_, j) => `x${j}`);
    const where = a.rows ?? a.lines;
    const ids = where !== undefined && a.explainedClass !== undefined;
    const lines = [
      [...(ids ? (a.rows !== undefined ? ROW_COLUMNS : LINE_COLUMNS) : []), ...names].map(csvCell).join(','),
      ...toRows(a.attributions).map((r, i) => [...(ids ? [where[i]!, a.explainedClass![i]!] : []), ...r].join(',')),
    ];
    write(`${lines.join('\n')}\n`);
    return;
  }
  const json: AttributionsJson = { ...a, attributions: toRows(a.attributions) };
  write(`${JSON.stringify(json)}\n`);
}

const csvCell = (s: string): string => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * Reads attributions written by `writeAttributions` (JSON or CSV). PARSE_ERROR / BAD_INPUT
 * name the file.
 * @since 0.1.0
 */
export function readAttributions(path: string): { attributions: Matrix; method: string | null } {
  const fn = 'readAttributions';
  if (path.toLowerCase().endsWith('.csv')) {
    const header = readFeatureCsvSync(path, { drop: [] }).names;
    // The row id and class columns writeAttributions puts first are not attributions.
    const lead = [ROW_COLUMNS, LINE_COLUMNS].find((c) => header[0] === c[0] && header[1] === c[1]);
    return { attributions: readFeatureCsvSync(path, lead ? { drop: [...lead] } : {}).x, method: null };
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new XaiError('NOT_FOUND', `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, {
      fn,
      arg: 'path',
      value: path,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new XaiError('PARSE_ERROR', `${path} is not valid JSON (${(e as Error).message})`, { fn, arg: 'path', value: path });
  }
  const rows = (json as { attributions?: unknown } | null)?.attributions;
  if (!Array.isArray(rows) || rows.length === 0)
    throw new XaiError('BAD_INPUT', `${path} has no "attributions" array of number arrays`, { fn, arg: 'path', value: path, file: path });
  const width = Array.isArray(rows[0]) ? rows[0].length : -1;
  rows.forEach((r: unknown, i: number) => {
    if (!Array.isArray(r) || r.length !== width)
      throw new XaiError(
        'BAD_INPUT',
        `${path}: attributions[${i}] is ${Array.isArray(r) ? `a row of ${r.length} values, not ${width}` : describeValue(r)}`,
        { fn, arg: `attributions[${i}]`, value: r, file: path },
      );
    r.forEach((v: unknown, j: number) => {
      if (typeof v !== 'number' || !Number.isFinite(v))
        throw new XaiError(
          'BAD_INPUT',
          `${path}: attributions[${i}][${j}] (row ${i}, feature ${j}) is ${describeValue(v)}, not a finite number`,
          {
            fn,
            arg: `attributions[${i}][${j}]`,
            value: v,
            file: path,
          },
        );
    });
  });
  const method = (json as { method?: unknown }).method;
  return { attributions: fromRows(rows as number[][]), method: typeof method === 'string' ? method : null };
}
