// The "reasonable model on the other columns" of the leak rule: naive Bayes over binned
// columns (exact levels for columns with at most 32 distinct values, else 16 quantile bins of
// the fitting rows; Laplace smoothing; missing values contribute nothing). Cheap — O(rows ·
// columns) to fit and to predict — handles non-linear and categorical columns, and a column
// can be left out at prediction time by subtracting its term, so "all columns but j" costs
// one pass per excluded column. Held-out only: predictions for a row never use its own label.

const MAX_LEVELS = 32;
const QUANTILE_BINS = 16;

export interface BinnedColumns {
  /** Row-major bin codes (rows × cols), -1 = missing or unseen level. */
  readonly codes: Int16Array;
  readonly rows: number;
  readonly cols: number;
  /** Bins per column. */
  readonly bins: Int32Array;
}

/** Bin edges from `fit` values (columns), applied to `fit` and, when given, to `other`. */
export function binColumns(fit: readonly Float64Array[], other?: readonly Float64Array[]): { fit: BinnedColumns; other?: BinnedColumns } {
  const d = fit.length;
  const n = d > 0 ? fit[0]!.length : 0;
  const m = other && d > 0 ? other[0]!.length : 0;
  const bins = new Int32Array(d);
  const fitCodes = new Int16Array(n * d);
  const otherCodes = new Int16Array(m * d);
  for (let j = 0; j < d; j++) {
    const col = fit[j]!;
    let present = 0;
    for (let i = 0; i < n; i++) if (!Number.isNaN(col[i]!)) present++;
    const vals = new Float64Array(present);
    for (let i = 0, k = 0; i < n; i++) if (!Number.isNaN(col[i]!)) vals[k++] = col[i]!;
    vals.sort(); // typed-array sort is numeric
    const distinct: number[] = [];
    for (let p = 0; p < vals.length && distinct.length <= MAX_LEVELS; p++) if (p === 0 || vals[p] !== vals[p - 1]) distinct.push(vals[p]!);
    let code: (v: number) => number;
    if (distinct.length <= MAX_LEVELS) {
      const level = new Map(distinct.map((v, k) => [v, k]));
      bins[j] = Math.max(1, distinct.length);
      code = (v) => level.get(v) ?? -1;
    } else {
      const cuts: number[] = [];
      for (let q = 1; q < QUANTILE_BINS; q++) {
        const c = vals[Math.floor((q * vals.length) / QUANTILE_BINS)]!;
        if (cuts.length === 0 || c > cuts[cuts.length - 1]!) cuts.push(c);
      }
      bins[j] = cuts.length + 1;
      code = (v) => {
        let lo = 0;
        let hi = cuts.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (cuts[mid]! <= v) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      };
    }
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      fitCodes[i * d + j] = Number.isNaN(v) ? -1 : code(v);
    }
    if (other) {
      const oc = other[j]!;
      for (let i = 0; i < m; i++) {
        const v = oc[i]!;
        otherCodes[i * d + j] = Number.isNaN(v) ? -1 : code(v);
      }
    }
  }
  return { fit: { codes: fitCodes, rows: n, cols: d, bins }, ...(other ? { other: { codes: otherCodes, rows: m, cols: d, bins } } : {}) };
}

/** Log-probability tables of naive Bayes fitted on the rows `use` of `b` (offsets per column). */
interface NbTables {
  readonly prior: Float64Array;
  /** lp[off[j] + bin * C + c] */
  readonly lp: Float64Array;
  readonly off: Int32Array;
}

function fitTables(b: BinnedColumns, y: Int32Array, use: (i: number) => boolean, C: number): NbTables {
  const d = b.cols;
  const off = new Int32Array(d + 1);
  for (let j = 0; j < d; j++) off[j + 1] = off[j]! + b.bins[j]! * C;
  const counts = new Float64Array(off[d]!);
  const classCount = new Float64Array(C);
  const seen = new Float64Array(d * C); // non-missing rows per column and class
  for (let i = 0; i < b.rows; i++) {
    if (!use(i)) continue;
    const c = y[i]!;
    classCount[c]!++;
    for (let j = 0; j < d; j++) {
      const k = b.codes[i * d + j]!;
      if (k < 0) continue;
      counts[off[j]! + k * C + c]!++;
      seen[j * C + c]!++;
    }
  }
  let total = 0;
  for (let c = 0; c < C; c++) total += classCount[c]!;
  const prior = new Float64Array(C);
  for (let c = 0; c < C; c++) prior[c] = Math.log((classCount[c]! + 1) / (total + C));
  const lp = new Float64Array(off[d]!);
  for (let j = 0; j < d; j++) {
    const B = b.bins[j]!;
    for (let k = 0; k < B; k++)
      for (let c = 0; c < C; c++) lp[off[j]! + k * C + c] = Math.log((counts[off[j]! + k * C + c]! + 1) / (seen[j * C + c]! + B));
  }
  return { prior, lp, off };
}

/**
 * Held-out naive Bayes on one evaluation set: per evaluated row the total class scores, and
 * what is needed to drop a column's term. `cv` evaluates every fitting row with the tables
 * fitted on the other fold; `test` evaluates the test rows with tables fitted on all rows.
 */
export class HeldOutNb {
  readonly rows: number;
  private readonly score: Float64Array;
  private readonly tables: NbTables[];
  private readonly which: Uint8Array;
  private readonly codes: BinnedColumns;
  constructor(
    codes: BinnedColumns,
    tables: NbTables[],
    which: Uint8Array,
    readonly C: number,
  ) {
    this.codes = codes;
    this.tables = tables;
    this.which = which;
    this.rows = codes.rows;
    const d = codes.cols;
    this.score = new Float64Array(codes.rows * C);
    for (let i = 0; i < codes.rows; i++) {
      const t = tables[which[i]!]!;
      for (let c = 0; c < C; c++) {
        let s = t.prior[c]!;
        for (let j = 0; j < d; j++) {
          const k = codes.codes[i * d + j]!;
          if (k >= 0) s += t.lp[t.off[j]! + k * C + c]!;
        }
        this.score[i * C + c] = s;
      }
    }
  }

  /** Predicted class of evaluated row i from every column except those in `excluded`. */
  predictWithout(i: number, excluded: readonly number[]): number {
    const { C } = this;
    const d = this.codes.cols;
    const t = this.tables[this.which[i]!]!;
    let best = 0;
    let bestScore = -Infinity;
    for (let c = 0; c < C; c++) {
      let s = this.score[i * C + c]!;
      for (const j of excluded) {
        const k = this.codes.codes[i * d + j]!;
        if (k >= 0) s -= t.lp[t.off[j]! + k * C + c]!;
      }
      if (s > bestScore) {
        bestScore = s;
        best = c;
      }
    }
    return best;
  }

  /** Predicted class of evaluated row i from column j alone (its bins' class frequencies). */
  predictAlone(i: number, j: number): number {
    const { C } = this;
    const d = this.codes.cols;
    const t = this.tables[this.which[i]!]!;
    const k = this.codes.codes[i * d + j]!;
    let best = 0;
    let bestScore = -Infinity;
    for (let c = 0; c < C; c++) {
      const s = t.prior[c]! + (k >= 0 ? t.lp[t.off[j]! + k * C + c]! : 0);
      if (s > bestScore) {
        bestScore = s;
        best = c;
      }
    }
    return best;
  }
}

/** Two-fold cross-validated naive Bayes over the fitting rows (`fold[i]` ∈ {0, 1}). */
export function crossValidatedNb(b: BinnedColumns, y: Int32Array, fold: Uint8Array, C: number): HeldOutNb {
  // Rows of fold f are scored by tables fitted on the other fold.
  const tables = [fitTables(b, y, (i) => fold[i] === 1, C), fitTables(b, y, (i) => fold[i] === 0, C)];
  return new HeldOutNb(b, tables, fold, C);
}

/** Naive Bayes fitted on all `fit` rows, scoring the `test` rows. */
export function trainTestNb(fit: BinnedColumns, y: Int32Array, test: BinnedColumns, C: number): HeldOutNb {
  return new HeldOutNb(test, [fitTables(fit, y, () => true, C)], new Uint8Array(test.rows), C);
}
