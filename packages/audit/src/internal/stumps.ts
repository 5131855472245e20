import { argsortStable } from './argsort.js';

// Single-column rules for tabular probes: the best threshold ("x <= t -> class a, else b")
// and, for low-cardinality columns, the best value -> class lookup. Sort orders and level
// codes are computed once; each null draw only rescans them with permuted labels.

export interface StumpFeatures {
  readonly names: readonly string[];
  readonly n: number;
  readonly orders: readonly Int32Array[];
  /** breaks[f][p] = 1 when the values at sorted positions p and p + 1 differ (a cut is possible). */
  readonly breaks: readonly Uint8Array[];
  readonly sorted: readonly Float64Array[];
  /** Level code per row for columns with few distinct values, else null. */
  readonly levels: readonly (Int32Array | null)[];
  readonly levelCount: readonly number[];
}

export function buildStumpFeatures(columns: readonly Float64Array[], names: readonly string[], maxLevels = 32): StumpFeatures {
  const orders: Int32Array[] = [];
  const breaks: Uint8Array[] = [];
  const sorted: Float64Array[] = [];
  const levels: (Int32Array | null)[] = [];
  const levelCount: number[] = [];
  const n = columns.length > 0 ? columns[0]!.length : 0;
  for (const col of columns) {
    const order = argsortStable(col);
    const sv = new Float64Array(n);
    for (let p = 0; p < n; p++) sv[p] = col[order[p]!]!;
    const br = new Uint8Array(Math.max(0, n - 1));
    let distinct = n > 0 ? 1 : 0;
    for (let p = 0; p + 1 < n; p++)
      if (sv[p] !== sv[p + 1]) {
        br[p] = 1;
        distinct++;
      }
    orders.push(order);
    breaks.push(br);
    sorted.push(sv);
    if (distinct <= maxLevels && distinct > 2) {
      const code = new Int32Array(n);
      let c = 0;
      for (let p = 0; p < n; p++) {
        code[order[p]!] = c;
        if (p + 1 < n && br[p]) c++;
      }
      levels.push(code);
      levelCount.push(distinct);
    } else {
      levels.push(null); // binary columns: the threshold rule is the lookup
      levelCount.push(distinct);
    }
  }
  return { names, n, orders, breaks, sorted, levels, levelCount };
}

export interface StumpResult {
  readonly hits: number;
  readonly feature: number;
  readonly sign: string;
}

/**
 * Hits of the best single-column rule over `features` (all rows covered). `describe`
 * builds the sign text (only needed for the observed labels, not for null draws).
 */
export function bestStump(
  f: StumpFeatures,
  labels: Int32Array,
  C: number,
  classes: readonly string[],
  describe: boolean,
  scratch?: Int32Array,
): StumpResult {
  const n = f.n;
  const total = new Int32Array(C);
  for (let i = 0; i < n; i++) total[labels[i]!]!++;
  let bestHits = -1;
  let bestF = -1;
  let bestKind: 'cut' | 'lookup' = 'cut';
  let bestP = -1;
  const left = new Int32Array(C);
  for (let fi = 0; fi < f.orders.length; fi++) {
    const order = f.orders[fi]!;
    const br = f.breaks[fi]!;
    left.fill(0);
    if (C === 2) {
      // Binary labels (the common case, and the hot loop of every null draw): count class 1 only.
      const t1 = total[1]!;
      const t0 = n - t1;
      let l1 = 0;
      for (let p = 0; p + 1 < n; p++) {
        l1 += labels[order[p]!]!;
        if (!br[p]) continue;
        const l0 = p + 1 - l1;
        const r1 = t1 - l1;
        const r0 = t0 - l0;
        const h = Math.max(l1, l0) + Math.max(r1, r0);
        if (h > bestHits) {
          bestHits = h;
          bestF = fi;
          bestKind = 'cut';
          bestP = p;
        }
      }
    } else
      for (let p = 0; p + 1 < n; p++) {
        left[labels[order[p]!]!]!++;
        if (!br[p]) continue;
        let ml = 0;
        let mr = 0;
        for (let c = 0; c < C; c++) {
          if (left[c]! > ml) ml = left[c]!;
          const r = total[c]! - left[c]!;
          if (r > mr) mr = r;
        }
        if (ml + mr > bestHits) {
          bestHits = ml + mr;
          bestF = fi;
          bestKind = 'cut';
          bestP = p;
        }
      }
    const lv = f.levels[fi];
    if (lv) {
      const L = f.levelCount[fi]!;
      const counts = scratch && scratch.length >= L * C ? scratch.fill(0, 0, L * C) : new Int32Array(L * C);
      for (let i = 0; i < n; i++) counts[lv[i]! * C + labels[i]!]!++;
      let hits = 0;
      for (let l = 0; l < L; l++) {
        let m = 0;
        for (let c = 0; c < C; c++) if (counts[l * C + c]! > m) m = counts[l * C + c]!;
        hits += m;
      }
      if (hits > bestHits) {
        bestHits = hits;
        bestF = fi;
        bestKind = 'lookup';
        bestP = -1;
      }
    }
  }
  // No usable cut anywhere (constant columns): the majority class is the rule.
  let majority = 0;
  for (let c = 1; c < C; c++) if (total[c]! > total[majority]!) majority = c;
  if (bestHits < total[majority]!) return { hits: total[majority]!, feature: -1, sign: describe ? `always ${classes[majority]}` : '' };
  if (!describe) return { hits: bestHits, feature: bestF, sign: '' };
  if (bestKind === 'lookup')
    return { hits: bestHits, feature: bestF, sign: `${f.names[bestF]} value→class lookup (${f.levelCount[bestF]} values)` };
  // Recover the two sides' classes for the printed rule.
  const order = f.orders[bestF]!;
  left.fill(0);
  for (let p = 0; p <= bestP; p++) left[labels[order[p]!]!]!++;
  let cl = 0;
  let cr = 0;
  for (let c = 1; c < C; c++) {
    if (left[c]! > left[cl]!) cl = c;
    if (total[c]! - left[c]! > total[cr]! - left[cr]!) cr = c;
  }
  if (cl === cr) return { hits: bestHits, feature: bestF, sign: `always ${classes[cl]}` };
  const sv = f.sorted[bestF]!;
  const t = (sv[bestP]! + sv[bestP + 1]!) / 2;
  return { hits: bestHits, feature: bestF, sign: `${f.names[bestF]} ≤ ${formatNumber(t)} → ${classes[cl]}, else ${classes[cr]}` };
}

function formatNumber(v: number): string {
  return Number.isInteger(v) ? String(v) : Number(v.toPrecision(4)).toString();
}
