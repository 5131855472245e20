import { XaiError, checkOptions, enumOption } from '@xai/core';
import type { AuditReport, ProbeResult } from './auditReport.js';
import type { AuditOptions, ResolvedAuditOptions } from './auditOptions.js';
import { resolveAuditOptions } from './auditOptions.js';
import type { Item } from './item.js';
import { assertItems, blindView } from './item.js';
import type { FittedProbe } from './fittedProbe.js';
import { isFittedProbe } from './fittedProbe.js';
import type { BatteryData, Member } from './internal/batteryMembers.js';
import { fittedProbeMembers, ruleMembers } from './internal/batteryMembers.js';
import { canonicalOrder, strataByK } from './internal/nullDraws.js';
import type { Probe } from './probe.js';
import { defaultProbes } from './probes/defaultProbes.js';
import { assembleReport } from './internal/assembleReport.js';
import { itemsHash } from './internal/itemsHash.js';
import { nullStats } from './internal/nullStats.js';
import { probeResult } from './internal/probeResult.js';
import { scoreFamily } from './internal/scoreFamily.js';

/** Options of a multiple-choice audit. */
export interface RunAuditOptions extends AuditOptions {
  /**
   * The battery: rule probes and fitted probes (which learn from the labels and are refitted
   * in every null draw, e.g. `bagOfWordsProbe`, `idContentProbe`).
   * @defaultValue defaultProbes (the eight built-ins)
   */
  readonly probes?: readonly (Probe | FittedProbe)[];
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
  // 1. Options, items and probes checked.
  checkOptions(
    options,
    ['permutations', 'seed', 'quantile', 'margin', 'minCovered', 'familyWise', 'receipt', 'probes', 'decisionNull'],
    fn,
  );
  assertItems(items, fn);
  const opts = resolveAuditOptions(options, fn);
  const probes = options.probes ?? defaultProbes;
  const decisionNull = enumOption(options.decisionNull, fn, 'decisionNull', {
    values: ['within-item', 'across-items'],
    fallback: 'within-item',
  });
  checkProbes(probes, fn);
  // 2. Every probe scored with its null draws (rule probes and fitted probes), in the caller's order.
  const data = batteryData(items, opts, decisionNull);
  const rules = probes.filter((p): p is Probe => !isFittedProbe(p));
  const fitted = probes.filter(isFittedProbe);
  const members = ruleMembers(rules, data, fn);
  const fittedMembers = fitted.length > 0 ? fittedProbeMembers(fitted, data) : [];
  const ordered = probes.map((p) => (isFittedProbe(p) ? fittedMembers[fitted.indexOf(p)]! : members[rules.indexOf(p)]!));
  const decide = (m: Member): Float64Array => (decisionNull === 'within-item' ? m.within : m.across);
  const second = (m: Member): Float64Array => (decisionNull === 'within-item' ? m.across : m.within);
  // 3. The family rule runs on the decision null: its draws are shared by every probe.
  const family = scoreFamily(
    ordered.map((m) => ({ covered: m.covered, accuracy: m.accuracy, minAccuracy: m.minAccuracy, draws: decide(m) })),
    opts.familyWise,
    opts.quantile,
    opts.minCovered,
    opts.margin,
  );
  const results: ProbeResult[] = ordered.map((m, ti) => {
    const p = m.probe;
    return probeResult({
      name: p.name,
      fires: family.fires[ti]!,
      sign: m.sign,
      signs: m.signs,
      items: items.length,
      covered: m.covered,
      hits: m.hits,
      accuracy: m.accuracy,
      nullKind: decisionNull,
      decide: family.stats[ti]!,
      threshold: family.thresholds[ti]!,
      marginal: nullStats(second(m), opts.quantile),
      minAccuracy: m.minAccuracy,
      ...(m.covered === 0 ? { note: 'abstains on every item' } : {}),
      rule: 'permuted-null',
      ...(p.fields !== undefined ? { fields: p.fields } : {}),
      ...(p.fix !== undefined ? { fix: p.fix } : {}),
      ...(m.evidence !== undefined ? { evidence: m.evidence } : {}),
    });
  });
  return assembleReport(
    {
      kind: 'items',
      items: items.length,
      probes: results,
      familyCritical: family.critical,
      itemsHash: itemsHash(items),
      corpus: options.receipt?.corpus,
      nullKind: decisionNull,
      probeNames: probes.map((p) => p.name),
      learned: new Set(fitted.map((p) => p.name)),
    },
    options.receipt,
    opts,
  );
}

/** Every probe needs a unique string name and a choose or prepare function. */
function checkProbes(probes: readonly (Probe | FittedProbe)[], fn: string): void {
  const names = new Set<string>();
  for (const p of probes) {
    if (p === null || typeof p !== 'object' || typeof p.name !== 'string' || !(isFittedProbe(p) || typeof p.choose === 'function')) {
      throw new XaiError('BAD_INPUT', 'every probe needs a string name and a choose(item, sign) or prepare(items, seed) function', {
        fn,
        arg: 'probes',
        value: p,
      });
    }
    if (names.has(p.name)) throw new XaiError('BAD_INPUT', `duplicate probe name "${p.name}"`, { fn, arg: 'probes', value: p.name });
    names.add(p.name);
  }
}

/** What every probe is scored on: the blind items, candidate counts, answers, ids and the strata of the null. */
function batteryData(items: readonly Item[], opts: ResolvedAuditOptions, decisionNull: BatteryData['decisionNull']): BatteryData {
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
  const strata = strataByK(canonicalOrder(ids), k);
  return { blinds, k, answers, ids, strata, seed: opts.seed, R: opts.permutations, minCovered: opts.minCovered, decisionNull };
}
