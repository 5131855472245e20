import { XaiError, describeValue } from '@xai/core';
import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import { probeSigns } from '../probe.js';

/**
 * A probe's choices, computed once per (sign, item): a null draw only re-places answers and
 * counts hits; it never calls the probe again.
 */
export interface ChoiceTable {
  readonly name: string;
  readonly signs: readonly string[];
  readonly n: number;
  /** signs.length x n, row-major by sign; -1 = abstain. */
  readonly choices: Int32Array;
  /** Per sign, the indices of the items it commits on. */
  readonly covered: readonly Int32Array[];
  /** Per sign, the chance hits Σ 1/k and their variance Σ (1/k)(1 - 1/k) over covered items. */
  readonly expected: Float64Array;
  readonly variance: Float64Array;
  readonly minAccuracy: number;
}

/** Runs the probe over every item and sign; validates what it returns. */
export function buildChoiceTable(probe: Probe, blinds: readonly BlindItem[], k: Int32Array, fn: string): ChoiceTable {
  const signs = probeSigns(probe, blinds);
  if (!Array.isArray(signs) || signs.length === 0 || signs.some((s) => typeof s !== 'string')) {
    throw new XaiError('BAD_INPUT', `probe ${describeValue(probe.name)} must have a non-empty list of string signs`, {
      fn,
      arg: 'probes',
      value: probe.name,
    });
  }
  const n = blinds.length;
  const S = signs.length;
  const choices = new Int32Array(S * n);
  const out = new Int32Array(S);
  for (let i = 0; i < n; i++) {
    const item = blinds[i]!;
    if (probe.chooseAll) probe.chooseAll(item, signs, out);
    else for (let s = 0; s < S; s++) out[s] = probe.choose(item, signs[s]!);
    for (let s = 0; s < S; s++) {
      const c = out[s]!;
      if (!Number.isInteger(c) || c < -1 || c >= k[i]!) {
        throw new XaiError(
          'BAD_INPUT',
          `probe ${describeValue(probe.name)} returned ${describeValue(c)} for item ${describeValue(item.id)} (sign ${describeValue(signs[s])}); expected -1 or an index in [0, ${k[i]})`,
          { fn, arg: 'probes', value: c, probe: probe.name, item: item.id },
        );
      }
      choices[s * n + i] = c;
    }
  }
  const covered: Int32Array[] = [];
  const expected = new Float64Array(S);
  const variance = new Float64Array(S);
  for (let s = 0; s < S; s++) {
    let count = 0;
    for (let i = 0; i < n; i++) if (choices[s * n + i]! >= 0) count++;
    const idx = new Int32Array(count);
    let e = 0;
    let v = 0;
    for (let i = 0, t = 0; i < n; i++) {
      if (choices[s * n + i]! < 0) continue;
      idx[t++] = i;
      const p = 1 / k[i]!;
      e += p;
      v += p * (1 - p);
    }
    covered.push(idx);
    expected[s] = e;
    variance[s] = v;
  }
  return { name: probe.name, signs, n, choices, covered, expected, variance, minAccuracy: probe.minAccuracy ?? 0 };
}

/** Hits of every sign of `table` against `answers`, written at out[offset + s]. */
export function countHits(table: ChoiceTable, answers: Int32Array, out: Int32Array | Float64Array, offset: number): void {
  const { n, choices, covered } = table;
  for (let s = 0; s < covered.length; s++) {
    const idx = covered[s]!;
    const base = s * n;
    let hits = 0;
    for (let t = 0; t < idx.length; t++) {
      const i = idx[t]!;
      if (choices[base + i] === answers[i]) hits++;
    }
    out[offset + s] = hits;
  }
}
