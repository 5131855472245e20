import { XaiError, checkOptions, describeValue, substream } from '@xai/core';
import type { StreamKey } from '@xai/core';

export interface StratifiedSplitOptions {
  /** Seed of the split. @defaultValue 0 */
  readonly seed?: number;
  /** Extra stream keys (e.g. the dataset name) so different splits draw independently. */
  readonly keys?: readonly StreamKey[];
}

/** Row indices of the two parts, each in ascending (file) order. */
export interface StratifiedSplitResult {
  readonly kept: Int32Array;
  readonly heldOut: Int32Array;
}

/**
 * Holds out `round(fraction * n_c)` rows of every class c, chosen uniformly at random
 * from a seeded stream, so both parts keep the class balance. Deterministic for a seed.
 * @example const { kept, heldOut } = stratifiedSplit(y, 0.2, { seed: 0 })
 * @since 0.1.0
 */
export function stratifiedSplit(y: Int32Array, fraction: number, options: StratifiedSplitOptions = {}): StratifiedSplitResult {
  checkOptions(options, ['seed', 'keys'], 'stratifiedSplit');
  const fn = 'stratifiedSplit';
  if (!(y instanceof Int32Array))
    throw new XaiError('BAD_INPUT', `expected an Int32Array of labels, got ${describeValue(y)}`, { fn, arg: 'y', value: y });
  if (!(fraction >= 0 && fraction < 1))
    throw new XaiError('BAD_OPTION', `fraction must be in [0, 1), got ${describeValue(fraction)}`, {
      fn,
      arg: 'fraction',
      value: fraction,
    });
  const { seed = 0, keys = [] } = options;
  const rng = substream(seed, 'stratifiedSplit', ...keys);
  // Rows of each class, in file order.
  const byClass = new Map<number, number[]>();
  for (let i = 0; i < y.length; i++) {
    const c = y[i]!;
    let list = byClass.get(c);
    if (!list) {
      list = [];
      byClass.set(c, list);
    }
    list.push(i);
  }
  const held = new Uint8Array(y.length);
  let heldCount = 0;
  for (const c of [...byClass.keys()].sort((a, b) => a - b)) {
    const rows = byClass.get(c)!;
    const k = Math.round(fraction * rows.length);
    const pick = rng.choice(rows.length, k);
    for (let t = 0; t < k; t++) held[rows[pick[t]!]!] = 1;
    heldCount += k;
  }
  const kept = new Int32Array(y.length - heldCount);
  const heldOut = new Int32Array(heldCount);
  for (let i = 0, a = 0, b = 0; i < y.length; i++) {
    if (held[i]) heldOut[b++] = i;
    else kept[a++] = i;
  }
  return { kept, heldOut };
}
