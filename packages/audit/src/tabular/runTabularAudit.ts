import type { Matrix } from '@xai/core';
import { Sha256, XaiError, checkOptions, numberOption } from '@xai/core';
import type { AuditReport, ProbeResult } from '../auditReport.js';
import type { AuditOptions, ResolvedAuditOptions } from '../auditOptions.js';
import { resolveAuditOptions } from '../auditOptions.js';
import { assembleReport } from '../internal/assembleReport.js';
import { rowKey } from '../internal/duplicateRows.js';
import { canonicalOrder, permuteWithinStrata } from '../internal/nullDraws.js';
import { probeResult } from '../internal/probeResult.js';
import { scoreFamily } from '../internal/scoreFamily.js';
import type { TabularSettings } from '../internal/tabularContext.js';
import { tabularContext } from '../internal/tabularContext.js';
import { TABULAR_PROBES } from '../internal/tabularProbes.js';
import type { Scorer } from './scorer.js';
import type { TabularAuditInput } from './tabularAuditInput.js';
import { assertTabularInput } from './tabularAuditInput.js';

/**
 * The tabular probes, in report order (the first four are the 0.1 battery; new probes are
 * appended so report indices stay put).
 */
export const TABULAR_PROBE_NAMES = [
  'row-order',
  'id-column',
  'leaked-column',
  'duplicates',
  'label-sorted',
  'target-encoded',
  'missing-pattern',
  'near-duplicates',
] as const;
export type TabularProbeName = (typeof TABULAR_PROBE_NAMES)[number];

export interface TabularAuditOptions extends AuditOptions {
  /** Which tabular probes to run. @defaultValue all eight, plus `id-content` when the table has text id columns */
  readonly probes?: readonly (TabularProbeName | 'id-content')[];
  /** An integer column is id-like when this fraction of its values is distinct. @defaultValue 0.99 */
  readonly idUniqueness?: number;
  /**
   * Leak rule: the suspect's held-out error must be at most this fraction of the error of
   * the model on all the other columns. @defaultValue 0.5
   */
  readonly leakErrorRatio?: number;
  /** Leak rule: paired (McNemar) z the suspect must reach over the others. @defaultValue 3.09 (one-sided p = 0.001) */
  readonly leakZ?: number;
  /** Near-duplicates: rounding grid, in train standard deviations per column. @defaultValue 0.1 */
  readonly nearTolerance?: number;
}

export const TABULAR_DEFAULTS = { idUniqueness: 0.99, leakErrorRatio: 0.5, leakZ: 3.09, nearTolerance: 0.1 } as const;

/** The option keys runTabularAudit accepts (runAuditSource adds its own to these). @since 0.2.0 */
export const TABULAR_OPTION_KEYS = [
  'permutations',
  'seed',
  'quantile',
  'margin',
  'minCovered',
  'familyWise',
  'receipt',
  'probes',
  'idUniqueness',
  'leakErrorRatio',
  'leakZ',
  'nearTolerance',
] as const;

/**
 * Audits a labelled table with partial-input rules that should never predict a label. Each
 * rule is fitted on the labels, so its null refits it on labels permuted across rows, R times
 * (the fitting is inside the null); the battery is corrected family-wise (max-T).
 *
 * Two kinds of rule:
 * - **permuted-null** (row order, label runs, an id-like column): should carry no
 *   information at all; fires when it beats its null.
 * - **beats-others** (a single column, a target-encoded column, the missing-value pattern,
 *   train → test copies and near-copies): may legitimately carry information, so beating the
 *   null is not enough — it is a *leak* only when it also predicts held-out labels clearly
 *   better than a model on all the other columns (naive Bayes on binned columns, two-fold
 *   cross-validated on train, or train → test): its held-out error at most `leakErrorRatio`
 *   × the others' error and a paired z ≥ `leakZ`. The report gives both accuracies (`versus`).
 *
 * Every probe names the columns it used (`fields`) and a one-line `fix`.
 * @example
 *   const report = runTabularAudit({ x, y, header: ['age', 'income', 'churn_flag'] });
 *   report.probes.filter((p) => p.fires).map((p) => `${p.name}: ${p.fix}`);
 * @since 0.1.0
 */
export function runTabularAudit(table: TabularAuditInput, options: TabularAuditOptions = {}): AuditReport {
  const fn = 'runTabularAudit';
  // 1. Options and input.
  checkOptions(options, TABULAR_OPTION_KEYS, fn);
  const classes = assertTabularInput(table, fn);
  const opts = resolveAuditOptions(options, fn);
  const settings = tabularSettings(options, opts, fn);
  // 2. The table by column, then one scorer per wanted probe.
  const ctx = tabularContext(table, classes, settings);
  const wanted = options.probes ?? [...TABULAR_PROBE_NAMES, ...(ctx.textIds.length > 0 ? (['id-content'] as const) : [])];
  const scorers = wanted.map((name) => TABULAR_PROBES[name](ctx));
  // 3. Null draws, the observed scores, and the family-wise decision.
  const nullAcc = tabularNullDraws(table, scorers, opts);
  const observed = scorers.map((s) => {
    const labels = s.set === 'train' ? table.y : table.test!.y;
    const obs = s.score(labels, true);
    return { ...obs, items: labels.length, accuracy: obs.covered > 0 ? obs.hits / obs.covered : Number.NaN };
  });
  // One draw permutes train and test labels for every scorer at once: the family is shared.
  const family = scoreFamily(
    scorers.map((_, si) => ({ covered: observed[si]!.covered, accuracy: observed[si]!.accuracy, minAccuracy: 0, draws: nullAcc[si]! })),
    opts.familyWise,
    opts.quantile,
    opts.minCovered,
    opts.margin,
  );
  // 4. One result per probe, then the report.
  const results = scorers.map((s, si) => tabularResult(s, observed[si]!, family, si));
  return assembleReport(
    {
      kind: 'tabular',
      items: table.x.rows,
      probes: results,
      familyCritical: family.critical,
      itemsHash: tableHash(table),
      nullKind: 'across-rows',
      probeNames: scorers.map((s) => s.name),
      learned: new Set(['id-content']),
    },
    options.receipt,
    opts,
  );
}

/** The tabular options after defaults, each checked (BAD_OPTION naming it), and the probe names. */
function tabularSettings(options: TabularAuditOptions, opts: ResolvedAuditOptions, fn: string): TabularSettings {
  const d = TABULAR_DEFAULTS;
  const known: readonly string[] = Object.keys(TABULAR_PROBES);
  for (const p of options.probes ?? [])
    if (!known.includes(p))
      throw new XaiError('BAD_OPTION', `unknown tabular probe "${p}" (known: ${known.join(', ')})`, { fn, arg: 'probes', value: p });
  return {
    idUniqueness: numberOption(options.idUniqueness, fn, 'idUniqueness', { above: 0, max: 1, fallback: d.idUniqueness }),
    leakErrorRatio: numberOption(options.leakErrorRatio, fn, 'leakErrorRatio', { above: 0, max: 1, fallback: d.leakErrorRatio }),
    leakZ: numberOption(options.leakZ, fn, 'leakZ', { min: 0, fallback: d.leakZ }),
    nearTolerance: numberOption(options.nearTolerance, fn, 'nearTolerance', { above: 0, fallback: d.nearTolerance }),
    minCovered: opts.minCovered,
    seed: opts.seed,
  };
}

/** Null accuracy of every scorer in each of R draws: labels permuted across rows (per split), in a content order. */
function tabularNullDraws(table: TabularAuditInput, scorers: readonly Scorer[], opts: ResolvedAuditOptions): Float64Array[] {
  const { x, y, test } = table;
  const R = opts.permutations;
  const trainStrata = [canonicalOrder(rowKeys(x, y))];
  const testStrata = test ? [canonicalOrder(rowKeys(test.x, test.y))] : [];
  const nullAcc = scorers.map(() => new Float64Array(R));
  const permTrain = new Int32Array(x.rows);
  const scratch = new Int32Array(Math.max(x.rows, test?.x.rows ?? 0));
  const permTest = new Int32Array(test?.x.rows ?? 0);
  for (let r = 0; r < R; r++) {
    permuteWithinStrata(y, trainStrata, opts.seed, 'across-rows', r, permTrain, scratch);
    if (test) permuteWithinStrata(test.y, testStrata, opts.seed, 'across-rows-test', r, permTest, scratch);
    scorers.forEach((s, si) => {
      const res = s.score(s.set === 'train' ? permTrain : permTest, false);
      nullAcc[si]![r] = res.covered > 0 ? res.hits / res.covered : Number.NaN;
    });
  }
  return nullAcc;
}

interface Observed {
  readonly hits: number;
  readonly covered: number;
  readonly sign: string;
  readonly items: number;
  readonly accuracy: number;
}

/** One probe's result: it fires when it beats the family bound and, under the beats-others rule, the other columns too. */
function tabularResult(s: Scorer, obs: Observed, family: ReturnType<typeof scoreFamily>, si: number): ProbeResult {
  // The leak comparison is computed for every probe that covers rows (both numbers are
  // reported), and required for firing under the beats-others rule.
  const ex = s.explain && obs.covered > 0 ? s.explain() : undefined;
  const fires = family.fires[si]! && (s.rule === 'permuted-null' || ex?.versus?.clear === true);
  return probeResult({
    name: s.name,
    fires,
    sign: obs.sign,
    signs: s.signs,
    items: obs.items,
    covered: obs.covered,
    hits: obs.hits,
    accuracy: obs.accuracy,
    nullKind: 'across-rows',
    decide: family.stats[si]!,
    threshold: family.thresholds[si]!,
    minAccuracy: 0,
    ...(s.note !== undefined ? { note: s.note } : {}),
    rule: s.rule,
    ...(ex?.versus !== undefined ? { versus: ex.versus } : {}),
    ...(ex !== undefined ? { fields: ex.fields, fix: ex.fix } : {}),
    ...(ex?.evidence !== undefined ? { evidence: ex.evidence } : {}),
  });
}

function rowKeys(x: Matrix, y: Int32Array): string[] {
  const keys: string[] = [];
  for (let i = 0; i < x.rows; i++) keys.push(`${rowKey(x, i)}|${y[i]}`);
  return keys;
}

function tableHash(t: TabularAuditInput): string {
  // Header, then per split the row-major float64 bytes of the features and the int32 labels.
  const h = new Sha256();
  const add = (m: Matrix, y: Int32Array): void => {
    const buf = new Float64Array(m.cols);
    for (let i = 0; i < m.rows; i++) {
      const base = (m.offset ?? 0) + i * (m.stride ?? m.cols);
      for (let j = 0; j < m.cols; j++) {
        const v = m.data[base + j]!;
        buf[j] = v === 0 ? 0 : v;
      }
      h.update(new Uint8Array(buf.buffer));
    }
    h.update(new Uint8Array(y.buffer, y.byteOffset, y.byteLength));
  };
  h.update(`${t.header.join(',')}\n`);
  add(t.x, t.y);
  if (t.test) {
    h.update('--test--\n');
    add(t.test.x, t.test.y);
  }
  return h.hex();
}
