import { XaiError, checkOptions } from '@xai/core';
import type { AuditReport, ProbeResult } from './auditReport.js';
import type { AuditOptions } from './auditOptions.js';
import { resolveAuditOptions } from './auditOptions.js';
import type { Item } from './item.js';
import { assertItems, blindView } from './item.js';
import type { Probe } from './probe.js';
import { defaultProbes } from './probes/defaultProbes.js';
import { buildChoiceTable, countHits } from './internal/choiceTable.js';
import type { ChoiceTable } from './internal/choiceTable.js';
import { assembleReport } from './internal/assembleReport.js';
import { itemsHash } from './internal/itemsHash.js';
import { nullStats } from './internal/nullStats.js';
import { probeResult } from './internal/probeResult.js';
import { scoreFamily } from './internal/scoreFamily.js';
import { acrossItemsHits, canonicalOrder, signOffsets, strataByK, withinItemHits } from './internal/nullDraws.js';
import { selectSign } from './internal/selectSign.js';

/** Options of a multiple-choice audit. */
export interface RunAuditOptions extends AuditOptions {
  /** The battery. @defaultValue defaultProbes (the eight built-ins) */
  readonly probes?: readonly Probe[];
  /**
   * Which null decides firing: 'within-item' (answer re-placed uniformly among the item's
   * own candidates: the probe's chance level) or 'across-items' (answer positions permuted
   * across items, keeping the label marginal; use it for tabular rows as items).
   * @defaultValue 'within-item'
   */
  readonly decisionNull?: 'within-item' | 'across-items';
}

/**
 * Audits labelled multiple-choice items: runs every probe once per item and sign, scores
 * coverage and accuracy, and scores the same probes (sign re-selected each time) under R
 * permuted-label draws of two nulls: within-item (decides firing by default) and
 * across-items (the label-marginal column). Firing is corrected across the battery
 * (`familyWise: 'max-t'`, default): a probe fires only when its standardised excess beats
 * the null quantile of the maximum over all probes.
 * @example
 *   const report = runAudit(generateDemoCorpus({ cues: { position: 1 } }).items);
 *   report.probes.find((p) => p.name === 'position')?.fires  // true
 * @since 0.1.0
 */
export function runAudit(items: readonly Item[], options: RunAuditOptions = {}): AuditReport {
  const fn = 'runAudit';
  checkOptions(
    options,
    ['permutations', 'seed', 'quantile', 'margin', 'minCovered', 'familyWise', 'receipt', 'probes', 'decisionNull'],
    fn,
  );
  assertItems(items, fn);
  const opts = resolveAuditOptions(options, fn);
  const probes = options.probes ?? defaultProbes;
  const decisionNull = options.decisionNull ?? 'within-item';
  if (decisionNull !== 'within-item' && decisionNull !== 'across-items') {
    throw new XaiError('BAD_OPTION', `decisionNull must be 'within-item' or 'across-items', got ${String(decisionNull)}`, {
      fn,
      arg: 'decisionNull',
      value: decisionNull,
    });
  }
  const names = new Set<string>();
  for (const p of probes) {
    if (p === null || typeof p !== 'object' || typeof p.name !== 'string' || typeof p.choose !== 'function') {
      throw new XaiError('BAD_INPUT', 'every probe needs a string name and a choose(item, sign) function', { fn, arg: 'probes', value: p });
    }
    if (names.has(p.name)) throw new XaiError('BAD_INPUT', `duplicate probe name "${p.name}"`, { fn, arg: 'probes', value: p.name });
    names.add(p.name);
  }

  const n = items.length;
  const k = new Int32Array(n);
  const answers = new Int32Array(n);
  const ids: string[] = [];
  const blinds = items.map((item, i) => {
    k[i] = item.candidates.length;
    answers[i] = item.answer;
    ids.push(item.id);
    return blindView(item);
  });

  // Each probe runs once per item and sign; nulls only re-place answers.
  const tables = probes.map((p) => buildChoiceTable(p, blinds, k, fn));
  const offsets = signOffsets(tables);
  const V = offsets[tables.length]!;
  const observed = new Int32Array(V);
  tables.forEach((t, ti) => countHits(t, answers, observed, offsets[ti]!));

  const R = opts.permutations;
  const within = withinItemHits(tables, k, ids, opts.seed, R);
  const strata = strataByK(canonicalOrder(ids), k);
  const across = acrossItemsHits(tables, answers, strata, opts.seed, R);

  // Observed selection, then both nulls' draws (each draw re-selects the sign).
  const observedSel = tables.map((table, ti) => {
    const off = offsets[ti]!;
    const s = selectSign(table, observed, off, opts.minCovered);
    const covered = s >= 0 ? table.covered[s]!.length : 0;
    const hits = s >= 0 ? observed[off + s]! : 0;
    return { s, covered, hits, accuracy: covered > 0 ? hits / covered : Number.NaN };
  });
  const withinDraws = tables.map((table, ti) => drawAccuracies(table, within, V, offsets[ti]!, R, opts.minCovered));
  const acrossDraws = tables.map((table, ti) => drawAccuracies(table, across, V, offsets[ti]!, R, opts.minCovered));
  const decideDraws = decisionNull === 'within-item' ? withinDraws : acrossDraws;
  const secondDraws = decisionNull === 'within-item' ? acrossDraws : withinDraws;
  // The family rule runs on the decision null: its draws are shared by every probe.
  const family = scoreFamily(
    tables.map((t, ti) => ({
      covered: observedSel[ti]!.covered,
      accuracy: observedSel[ti]!.accuracy,
      minAccuracy: t.minAccuracy,
      draws: decideDraws[ti]!,
    })),
    opts.familyWise,
    opts.quantile,
    opts.minCovered,
    opts.margin,
  );

  const results: ProbeResult[] = tables.map((table, ti) => {
    const { s, covered, hits, accuracy } = observedSel[ti]!;
    return probeResult({
      name: table.name,
      fires: family.fires[ti]!,
      sign: s >= 0 ? table.signs[s]! : '–',
      signs: table.signs,
      items: n,
      covered,
      hits,
      accuracy,
      nullKind: decisionNull,
      decide: family.stats[ti]!,
      threshold: family.thresholds[ti]!,
      marginal: nullStats(secondDraws[ti]!, opts.quantile),
      minAccuracy: table.minAccuracy,
      ...(covered === 0 ? { note: 'abstains on every item' } : {}),
      rule: 'permuted-null',
      ...(probes[ti]!.fields !== undefined ? { fields: probes[ti]!.fields! } : {}),
      ...(probes[ti]!.fix !== undefined ? { fix: probes[ti]!.fix! } : {}),
    });
  });

  return assembleReport(
    {
      kind: 'items',
      items: n,
      probes: results,
      familyCritical: family.critical,
      itemsHash: itemsHash(items),
      corpus: options.receipt?.corpus,
      nullKind: decisionNull,
      probeNames: tables.map((t) => t.name),
    },
    options.receipt,
    opts,
  );
}

/** Accuracy of the re-selected sign in each draw (NaN when the probe covers nothing). */
function drawAccuracies(table: ChoiceTable, hits: Int32Array, V: number, off: number, R: number, minCovered: number): Float64Array {
  const out = new Float64Array(R);
  for (let r = 0; r < R; r++) {
    const s = selectSign(table, hits, r * V + off, minCovered);
    out[r] = s < 0 ? Number.NaN : hits[r * V + off + s]! / table.covered[s]!.length;
  }
  return out;
}
