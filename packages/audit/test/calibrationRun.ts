// The calibration experiment of the family-wise rule: random-label demo corpora, half clean and
// half with cues (probes then commit more often), labels random either way, so no probe should fire.
import { substream } from '@xai/core';
import { generateDemoCorpus } from '../src/demo/generateDemoCorpus.js';
import type { Item } from '../src/item.js';
import { runAudit } from '../src/runAudit.js';

const CUES = { case: 0.5, length: 0.5, echo: 0.5, 'query-overlap': 0.5, 'stray-field': 0.5, 'id-shape': 0.5 } as const;

export interface CalibrationCounts {
  /** Corpora where each probe fired. */
  readonly fires: Map<string, number>;
  /** Corpora where any probe fired. */
  readonly anyFire: number;
  /** Probe results whose family bound sat below their own upper null quantile (must be 0). */
  readonly looser: number;
}

/** Audits the first `corpora` corpora of the fixed sequence (the quick run's corpora are the full run's first ones). */
export function calibrationRun(corpora: number): CalibrationCounts {
  const fires = new Map<string, number>();
  let anyFire = 0;
  let looser = 0;
  for (let s = 0; s < corpora; s++) {
    const cues = s % 2 === 0 ? {} : CUES;
    const rng = substream(12345, 'random-labels', s);
    const items: Item[] = generateDemoCorpus({ items: 100, seed: 500 + s, cues }).items.map((it) => ({
      ...it,
      answer: rng.int(it.candidates.length),
    }));
    const report = runAudit(items, { permutations: 100, seed: s });
    for (const p of report.probes) fires.set(p.name, (fires.get(p.name) ?? 0) + (p.fires ? 1 : 0));
    if (report.probes.some((p) => p.fires)) anyFire++;
    // The maximum over probes is >= each probe's own standardised excess in every draw, so its
    // quantile maps back to a bound >= the probe's own upper quantile: never looser.
    for (const p of report.probes) if (p.covered >= 20 && p.threshold < p.nullUpper - 1e-12) looser++;
  }
  return { fires, anyFire, looser };
}
