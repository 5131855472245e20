import type { Unit } from './planUnits.js';
import { unitCost } from './planUnits.js';

/** Remaining-time estimate of a run from what its units actually cost so far. */
export interface EtaEstimator {
  /** A unit finished after `seconds` of compute (one worker). */
  done(unit: Unit, seconds: number): void;
  /** Estimated wall seconds left (NaN before any unit finished). */
  eta(): number;
}

const keyOf = (u: Unit): string => `${u.model}/${u.explainer}`;

/**
 * ETA from measured per-instance cost by model x explainer: each remaining unit is costed at
 * its own explainer's measured seconds per instance; an explainer not measured yet borrows the
 * measured seconds per unit of static cost (`unitCost`) of the others. Work is spread over
 * `workers`. Only for display: it never changes results.
 * @example const eta = createEtaEstimator(units, 2); eta.done(units[0], 1.5); eta.eta()
 * @since 0.2.0
 */
export function createEtaEstimator(units: readonly Unit[], workers: number): EtaEstimator {
  const remaining = new Map(units.map((u) => [u.id, u]));
  const measured = new Map<string, { seconds: number; instances: number }>();
  let seconds = 0;
  let staticCost = 0;
  return {
    done(unit, s) {
      if (!remaining.delete(unit.id)) return;
      const m = measured.get(keyOf(unit)) ?? { seconds: 0, instances: 0 };
      m.seconds += s;
      m.instances += unit.end - unit.start;
      measured.set(keyOf(unit), m);
      seconds += s;
      staticCost += unitCost(unit);
    },
    eta() {
      if (staticCost === 0) return remaining.size === 0 ? 0 : Number.NaN;
      const perCost = seconds / staticCost;
      let total = 0;
      for (const u of remaining.values()) {
        const m = measured.get(keyOf(u));
        total += m !== undefined && m.instances > 0 ? (m.seconds / m.instances) * (u.end - u.start) : perCost * unitCost(u);
      }
      return total / Math.max(1, Math.min(workers, remaining.size));
    },
  };
}
