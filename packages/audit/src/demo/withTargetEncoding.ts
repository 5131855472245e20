import { checkOptions, enumOption, numberOption, substream } from '@xai/core';
import type { TabularAuditInput } from '../tabular/tabularAuditInput.js';

export interface TargetEncodingOptions {
  /** 'mean' (row included), 'm-estimate' (row included, smoothed), 'loo' (leave-one-out, smoothed when m > 0). */
  readonly kind: 'mean' | 'm-estimate' | 'loo';
  /** Smoothing weight toward the label mean. @defaultValue 10 for 'm-estimate', 0 otherwise */
  readonly m?: number;
  /** Categories of the new `segment` column. @defaultValue 40 */
  readonly levels?: number;
  readonly seed?: number;
}

/**
 * The table plus a random `segment` code and `segment_rate`, a target encoding of it computed
 * from the train labels (the planted leak of the encoding probes): the segment's label mean
 * with the row (`mean`), smoothed toward the label mean p as (sum + m·p) / (size + m)
 * (`m-estimate`), or without the row, (sum − y + m·p) / (size − 1 + m) (`loo`). Test rows get
 * the train segment's smoothed mean.
 * @example runTabularAudit(withTargetEncoding(generateDemoTable({ seed: 1 }), { kind: 'loo' }))
 * @since 0.3.0
 */
export function withTargetEncoding(table: TabularAuditInput, options: TargetEncodingOptions): TabularAuditInput {
  const fn = 'withTargetEncoding';
  checkOptions(options, ['kind', 'm', 'levels', 'seed'], fn);
  const { kind, levels = 40, seed = 0 } = options;
  const m = options.m ?? (kind === 'm-estimate' ? 10 : 0);
  enumOption(kind, fn, 'kind', { values: ['mean', 'm-estimate', 'loo'] });
  numberOption(m, fn, 'm', { min: 0 });
  const rng = substream(seed, 'target-encoding');
  const n = table.x.rows;
  const seg = Int32Array.from({ length: n }, () => rng.int(levels));
  const sum = new Float64Array(levels);
  const size = new Float64Array(levels);
  let total = 0;
  for (let i = 0; i < n; i++) {
    sum[seg[i]!]! += table.y[i]!;
    size[seg[i]!]!++;
    total += table.y[i]!;
  }
  const p = total / n;
  const rate = (i: number): number => {
    const s = seg[i]!;
    const own = kind === 'loo' ? table.y[i]! : 0;
    const drop = kind === 'loo' ? 1 : 0;
    const denom = size[s]! - drop + m;
    return denom > 0 ? (sum[s]! - own + m * p) / denom : p;
  };
  const extend = (x: TabularAuditInput['x'], value: (i: number) => [number, number]): TabularAuditInput['x'] => {
    const cols = x.cols + 2;
    const data = new Float64Array(x.rows * cols);
    for (let i = 0; i < x.rows; i++) {
      for (let j = 0; j < x.cols; j++) data[i * cols + j] = x.data[i * x.cols + j]!;
      [data[i * cols + x.cols], data[i * cols + x.cols + 1]] = value(i);
    }
    return { rows: x.rows, cols, data };
  };
  const testRng = substream(seed, 'target-encoding-test');
  const test = table.test;
  return {
    ...table,
    x: extend(table.x, (i) => [seg[i]!, rate(i)]),
    header: [...table.header, 'segment', 'segment_rate'],
    ...(test
      ? {
          test: {
            ...test,
            x: extend(test.x, () => {
              const s = testRng.int(levels);
              return [s, (sum[s]! + m * p) / (size[s]! + m || 1)];
            }),
          },
        }
      : {}),
  };
}
