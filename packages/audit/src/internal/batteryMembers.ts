import type { FeatureEvidence, FittedProbe } from '../fittedProbe.js';
import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import type { ChoiceTable } from './choiceTable.js';
import { buildChoiceTable, countHits } from './choiceTable.js';
import { WithinItemDraws, scoreFitted } from './fittedDraws.js';
import { acrossItemsHits, signOffsets, withinItemHits } from './nullDraws.js';
import { selectSign } from './selectSign.js';

/** What every battery member is scored on: the blind items, their answers and the null's settings. */
export interface BatteryData {
  readonly blinds: readonly BlindItem[];
  readonly k: Int32Array;
  readonly answers: Int32Array;
  readonly ids: readonly string[];
  /** Strata of the across-items null (answer positions move between items of equal k). */
  readonly strata: readonly Int32Array[];
  readonly seed: number;
  readonly R: number;
  readonly minCovered: number;
  /**
   * The null that decides firing. Fitted probes (a refit per draw) skip the within-item null
   * when it is not the decision null: for classes as candidates it only says how a uniformly
   * random class would score, and it would double the cost.
   */
  readonly decisionNull: 'within-item' | 'across-items';
}

/** One battery member's observed score and its accuracy in every draw of both nulls, rule or fitted. */
export interface Member {
  readonly probe: Probe | FittedProbe;
  readonly sign: string;
  readonly signs: readonly string[];
  readonly covered: number;
  readonly hits: number;
  readonly accuracy: number;
  readonly minAccuracy: number;
  readonly within: Float64Array;
  readonly across: Float64Array;
  readonly evidence?: readonly FeatureEvidence[];
}

/**
 * Rule probes: each runs once per item and sign; a null draw only re-places answers and
 * recounts hits, re-selecting the sign (the selection is inside the null).
 */
export function ruleMembers(rules: readonly Probe[], d: BatteryData, fn: string): Member[] {
  const tables = rules.map((p) => buildChoiceTable(p, d.blinds, d.k, fn));
  const offsets = signOffsets(tables);
  const V = offsets[tables.length]!;
  const observed = new Int32Array(V);
  tables.forEach((t, ti) => countHits(t, d.answers, observed, offsets[ti]!));
  const within = withinItemHits(tables, d.k, d.ids, d.seed, d.R);
  const across = acrossItemsHits(tables, d.answers, d.strata, d.seed, d.R);
  return tables.map((table, ti) => {
    const off = offsets[ti]!;
    const s = selectSign(table, observed, off, d.minCovered);
    const covered = s >= 0 ? table.covered[s]!.length : 0;
    const hits = s >= 0 ? observed[off + s]! : 0;
    return {
      probe: rules[ti]!,
      sign: s >= 0 ? table.signs[s]! : '–',
      signs: table.signs,
      covered,
      hits,
      accuracy: covered > 0 ? hits / covered : Number.NaN,
      minAccuracy: table.minAccuracy,
      within: drawAccuracies(table, within, V, off, d.R, d.minCovered),
      across: drawAccuracies(table, across, V, off, d.R, d.minCovered),
    };
  });
}

/** Fitted probes: learned from the answers, so every draw refits them on that draw's answers. */
export function fittedProbeMembers(fitted: readonly FittedProbe[], d: BatteryData): Member[] {
  return fitted.map((p) => {
    const chooser = p.prepare(d.blinds, d.seed);
    const within = d.decisionNull === 'within-item' ? new WithinItemDraws(d.k, d.ids, d.seed) : undefined;
    const sc = scoreFitted(chooser, d.answers, within, d.strata, d.seed, d.R);
    const evidence = chooser.evidence?.(d.answers);
    return {
      probe: p,
      sign: sc.sign ?? 'learned',
      signs: p.signs ?? ['learned'],
      covered: sc.covered,
      hits: sc.hits,
      accuracy: sc.accuracy,
      minAccuracy: p.minAccuracy ?? 0,
      within: sc.within,
      across: sc.across,
      ...(evidence !== undefined ? { evidence } : {}),
    };
  });
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
