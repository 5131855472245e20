import { readFileSync, writeFileSync } from 'node:fs';
import type { Matrix } from '@xai/core';
import { XaiError, fromRows, toRows } from '@xai/core';
import { readFeatureCsvSync } from '@xai/data/node';

/** `xai explain`'s JSON output. */
export interface AttributionsJson {
  readonly method: string;
  readonly preset: string;
  readonly seed?: number;
  /** The arithmetic the model computed in ('float32' under `--preset openxai`). */
  readonly precision?: string;
  readonly features?: readonly string[];
  /** ONNX models: whether input gradients are exact (MLP imported) or finite differences. */
  readonly gradients?: string;
  /** Rows outside the training range (a model that carries its preprocessing). */
  readonly outOfRangeRows?: number;
  /** What was off about the input (out-of-range rows, unscaled-looking input). */
  readonly warnings?: readonly string[];
  readonly attributions: number[][];
}

/**
 * Writes attributions as JSON (`{"method","preset","attributions":[[…]]}`) or, when the path
 * ends in `.csv`, as a CSV with the feature names as header.
 * @since 0.1.0
 */
export function writeAttributions(path: string, a: Omit<AttributionsJson, 'attributions'> & { readonly attributions: Matrix }): void {
  if (path.toLowerCase().endsWith('.csv')) {
    const names = a.features ?? Array.from({ length: a.attributions.cols }, (_, j) => `x${j}`);
    const lines = [names.join(','), ...toRows(a.attributions).map((r) => r.join(','))];
    writeFileSync(path, `${lines.join('\n')}\n`);
    return;
  }
  const json: AttributionsJson = { ...a, attributions: toRows(a.attributions) };
  writeFileSync(path, `${JSON.stringify(json)}\n`);
}

/**
 * Reads attributions written by `writeAttributions` (JSON or CSV). PARSE_ERROR / BAD_INPUT
 * name the file.
 * @since 0.1.0
 */
export function readAttributions(path: string): { attributions: Matrix; method: string | null } {
  const fn = 'readAttributions';
  if (path.toLowerCase().endsWith('.csv')) return { attributions: readFeatureCsvSync(path).x, method: null };
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
  if (!Array.isArray(rows) || rows.some((r) => !Array.isArray(r) || r.some((v) => typeof v !== 'number'))) {
    throw new XaiError('BAD_INPUT', `${path} has no "attributions" array of number arrays`, { fn, arg: 'path', value: path });
  }
  const method = (json as { method?: unknown }).method;
  return { attributions: fromRows(rows as number[][]), method: typeof method === 'string' ? method : null };
}
