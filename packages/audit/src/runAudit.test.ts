import { describe, expect, it } from 'vitest';
import { hashString, isXaiError, substream } from '@xai/core';
import { mcItem } from '../test/helpers.js';
import type { CueName } from './demo/generateDemoCorpus.js';
import { CUE_NAMES, generateDemoCorpus } from './demo/generateDemoCorpus.js';
import type { Item } from './item.js';
import type { Probe } from './probe.js';
import { PROBE_NAMES } from './probes/defaultProbes.js';
import { runAudit } from './runAudit.js';
import { calibrationRun } from '../test/calibrationRun.js';

const firing = (items: readonly Item[], opts = {}): string[] =>
  runAudit(items, opts)
    .probes.filter((p) => p.fires)
    .map((p) => p.name);

/** Items whose answers are drawn uniformly at random, independently of the content. */
function randomLabels(items: readonly Item[], key: number): Item[] {
  const rng = substream(12345, 'random-labels', key);
  return items.map((it) => ({ ...it, answer: rng.int(it.candidates.length) }));
}

describe('runAudit on the demo corpus (both directions)', () => {
  it('clean corpus: 0 of 8 probes fire', () => {
    const report = runAudit(generateDemoCorpus().items);
    expect(report.probes.map((p) => p.name)).toEqual([...PROBE_NAMES]);
    expect(report.probes.filter((p) => p.fires)).toEqual([]);
    expect(report.summary).toMatch(/0 of 8 probes fire/);
    expect(report.summary).toMatch(/null/);
  });

  it('position cue: 100.0 % against a within-item null near 1/k, the other seven quiet', () => {
    const report = runAudit(generateDemoCorpus({ cues: { position: 1 } }).items);
    const pos = report.probes.find((p) => p.name === 'position')!;
    expect(pos.accuracy).toBe(1);
    expect(pos.coverage).toBe(1);
    expect(pos.sign).toBe('index 0');
    // k = 4: chance 0.25; the null also contains the choice among 5 signs, so slightly above.
    expect(pos.nullMean).toBeGreaterThan(0.25);
    expect(pos.nullMean).toBeLessThan(0.32);
    expect(pos.nullUpper).toBeLessThan(0.4);
    // Answers all sit at index 0, so permuting positions across items keeps them there.
    expect(pos.marginalNullMean).toBe(1);
    expect(firing(generateDemoCorpus({ cues: { position: 1 } }).items)).toEqual(['position']);
  });

  it('a single fixed-index rule scores 1/k under the within-item null (closed form)', () => {
    const only0: Probe = { name: 'index0', signs: ['index 0'], choose: () => 0 };
    const report = runAudit(generateDemoCorpus({ items: 400, cues: { position: 1 } }).items, { probes: [only0], permutations: 200 });
    const p = report.probes[0]!;
    // Mean of 200 draws of a Binomial(400, 1/4)/400: sd of the mean = sqrt(.25*.75/400/200) ≈ 0.0015.
    expect(Math.abs(p.nullMean - 0.25)).toBeLessThan(0.01);
    expect(p.fires).toBe(true);
  });

  const expected: Record<CueName, string[]> = {
    position: ['position'],
    case: ['case'],
    length: ['length'],
    // echo-case is "echo, then case": it commits wherever echo has a unique winner.
    echo: ['echo', 'echo-case'],
    'query-overlap': ['query-overlap'],
    'stray-field': ['stray-field'],
    'id-shape': ['id-shape'],
    'echo-case': ['echo-case'],
  };
  for (const cue of CUE_NAMES) {
    it(`cue ${cue}: exactly ${expected[cue].join(' + ')} fire(s)`, () => {
      // Same seed as the clean corpus above: the same traces with the cue injected.
      const items = generateDemoCorpus({ cues: { [cue]: 1 } }).items;
      expect(firing(items)).toEqual(expected[cue]);
    });
  }

  it('length cue favouring the shortest fires with sign "shortest"', () => {
    const report = runAudit(generateDemoCorpus({ cues: { length: { strength: 0.8, sign: 'shortest' } } }).items);
    const len = report.probes.find((p) => p.name === 'length')!;
    expect(len.fires).toBe(true);
    expect(len.sign).toBe('shortest');
    const longest = runAudit(generateDemoCorpus({ cues: { length: { strength: 0.8, sign: 'longest' } } }).items).probes.find(
      (p) => p.name === 'length',
    )!;
    expect(longest.sign).toBe('longest');
  });

  it('calibration, quick form: over 20 random-label corpora at most 3 have any probe firing (family-wise)', () => {
    // The full check (100 corpora, at most 5 %) is in runAudit.calibration.slow.test.ts (pnpm test:slow).
    // Under a 5 % family-wise rate, 4 or more of 20 happens with probability 1.6 % (binomial tail).
    const { anyFire, fires, looser } = calibrationRun(20);
    for (const name of PROBE_NAMES) expect(fires.get(name), name).toBeLessThanOrEqual(3);
    expect(anyFire).toBeLessThanOrEqual(3);
    expect(looser).toBe(0);
  });
});

describe('family-wise rule (max-T over the battery)', () => {
  it('clean demo corpora, seeds 0–23: 0 of 8 probes fire on every one', () => {
    const fired: string[] = [];
    for (let seed = 0; seed < 24; seed++) {
      for (const name of firing(generateDemoCorpus({ seed }).items)) fired.push(`seed ${seed}: ${name}`);
    }
    expect(fired).toEqual([]);
  });

  it('seed 1, where the per-probe rule lets case fire, is quiet under max-T', () => {
    const items = generateDemoCorpus({ seed: 1 }).items;
    const perProbe = runAudit(items, { familyWise: 'none' });
    expect(perProbe.probes.filter((p) => p.fires).map((p) => p.name)).toEqual(['case']);
    const family = runAudit(items);
    expect(family.probes.filter((p) => p.fires)).toEqual([]);
    // Same null draws, stricter bound: the family bound sits above every probe's own upper
    // quantile when several probes compete for the maximum.
    const c = family.probes.find((p) => p.name === 'case')!;
    expect(c.threshold).toBeGreaterThan(c.nullUpper);
    expect(c.threshold).toBeCloseTo(c.nullMean + family.familyCritical * c.nullSd, 12);
  });

  it("familyWise 'none' is the per-probe rule: the bound is the probe's own upper quantile", () => {
    const r = runAudit(generateDemoCorpus({ items: 120 }).items, { familyWise: 'none', permutations: 40 });
    expect(Number.isNaN(r.familyCritical)).toBe(true);
    for (const p of r.probes) expect(p.threshold).toBe(p.nullUpper);
    expect(r.receipt.familyWise).toBe('none');
  });

  it('a battery of one: the max-T bound equals the per-probe upper quantile (identity)', () => {
    const only0: Probe = { name: 'index0', signs: ['index 0'], choose: () => 0 };
    const p = runAudit(generateDemoCorpus({ items: 200 }).items, { probes: [only0], permutations: 60 }).probes[0]!;
    // max over one probe of (a − mean)/sd, mapped back by mean + c·sd, is the quantile of a.
    expect(p.threshold).toBeCloseTo(p.nullUpper, 12);
  });
});

describe('the nulls', () => {
  it('avoids the id-shuffling trap: a random-picking probe scores ≈ 1/k under its null and does not fire', () => {
    // Bets on a candidate chosen by a hash of the item id: no information about the answer.
    const randomPick: Probe = { name: 'random-pick', signs: ['hash'], choose: (item) => hashString(item.id) % item.candidates.length };
    const items = randomLabels(generateDemoCorpus({ items: 300 }).items, 99);
    const p = runAudit(items, { probes: [randomPick] }).probes[0]!;
    expect(Math.abs(p.nullMean - 0.25)).toBeLessThan(0.02);
    expect(p.fires).toBe(false);
    // The trap, computed independently: shuffle answer *ids* across items; a candidate id of
    // one item never equals the answer id of another, so that "null" is ~0 and the same
    // chance-level probe would look like a shortcut.
    const ids = items.map((it) => it.candidates[it.answer]!.id);
    const rng = substream(1, 'trap');
    let trapHits = 0;
    for (let r = 0; r < 50; r++) {
      const shuffled = rng.shuffle([...ids]);
      items.forEach((it, i) => {
        if (it.candidates[randomPick.choose(it, 'hash')]!.id === shuffled[i] && shuffled[i] !== ids[i]) trapHits++;
      });
    }
    const trapNull = trapHits / (50 * items.length);
    expect(trapNull).toBeLessThan(0.05);
    expect(p.accuracy).toBeGreaterThan(trapNull + 0.1);
  });

  it('includes sign selection: a probe with 30 random signs does not fire on random labels', () => {
    // Each sign bets on a different hash-chosen candidate: picking the best of 30 on the data
    // inflates accuracy above 1/k; a null that re-picks in every draw is inflated alike.
    const signs = Array.from({ length: 30 }, (_, s) => `s${s}`);
    const manySigns: Probe = { name: 'many', signs, choose: (item, sign) => hashString(`${item.id}/${sign}`) % item.candidates.length };
    let observedAboveChance = 0;
    for (let s = 0; s < 10; s++) {
      const items = randomLabels(generateDemoCorpus({ items: 150, seed: 900 + s }).items, s);
      const p = runAudit(items, { probes: [manySigns], permutations: 100 }).probes[0]!;
      expect(p.fires).toBe(false);
      expect(p.nullMean).toBeGreaterThan(0.26); // max of 30 correlated-by-nothing binomials
      if (p.accuracy > 0.27) observedAboveChance++;
    }
    expect(observedAboveChance).toBeGreaterThan(5); // selection really inflates the raw score
  });

  it('does not depend on item order (draws keyed by item content)', () => {
    const items = generateDemoCorpus({ items: 120, cues: { length: 0.4 } }).items;
    const reversed = [...items].reverse();
    const a = runAudit(items, { permutations: 40 }).probes;
    const b = runAudit(reversed, { permutations: 40 }).probes;
    expect(b.map((p) => [p.accuracy, p.nullMean, p.nullUpper, p.marginalNullMean])).toEqual(
      a.map((p) => [p.accuracy, p.nullMean, p.nullUpper, p.marginalNullMean]),
    );
  });

  it('across-items null permutes answer positions only among items with the same k', () => {
    // k = 2 items always answer index 1, k = 3 items always index 0: any within-stratum
    // permutation keeps every answer, so the marginal null of an index rule equals its accuracy.
    const items: Item[] = [];
    for (let i = 0; i < 40; i++) items.push(mcItem(`a${i}`, ['x', 'y'], 1), mcItem(`b${i}`, ['x', 'y', 'z'], 0));
    const p = runAudit(items, { probes: [{ name: 'idx0', choose: () => 0 }], permutations: 30 }).probes[0]!;
    expect(p.accuracy).toBe(0.5);
    expect(p.marginalNullMean).toBe(0.5);
    expect(p.marginalNullUpper).toBe(0.5);
    // within-item: (40 * 1/2 + 40 * 1/3) / 80 = 0.4167 expected
    expect(Math.abs(p.nullMean - 0.4167)).toBeLessThan(0.03);
  });

  it('needs enough covered items to fire', () => {
    const items = generateDemoCorpus({ items: 200, cues: { 'stray-field': 0.05 } }).items;
    const p = runAudit(items, { minCovered: 20 }).probes.find((q) => q.name === 'stray-field')!;
    expect(p.covered).toBeGreaterThan(0);
    // the only-present sign is perfect on ~10 items, but 10 < 20: it cannot fire
    expect(p.fires).toBe(false);
  });
});

describe('runAudit input checks', () => {
  const ok = [mcItem('a', ['x', 'y'], 0), mcItem('b', ['x', 'y'], 1)];
  const code = (f: () => unknown): string | undefined => {
    try {
      f();
    } catch (e) {
      return isXaiError(e) ? e.code : 'not-xai';
    }
    return undefined;
  };
  it('rejects bad items', () => {
    expect(code(() => runAudit([]))).toBe('EMPTY');
    expect(code(() => runAudit([mcItem('a', ['x', 'y'], 0), mcItem('a', ['x', 'y'], 0)]))).toBe('BAD_INPUT');
    expect(code(() => runAudit([mcItem('a', ['x', 'y'], 2)]))).toBe('BAD_INPUT');
    expect(code(() => runAudit([mcItem('a', ['x'], 0)]))).toBe('BAD_INPUT');
    expect(
      code(() =>
        runAudit([
          {
            id: 'a',
            answer: 0,
            candidates: [
              { id: 'c', text: 'x' },
              { id: 'c', text: 'y' },
            ],
          },
        ]),
      ),
    ).toBe('BAD_INPUT');
    expect(code(() => runAudit('nope' as never))).toBe('BAD_INPUT');
  });
  it('rejects bad options and bad probes', () => {
    expect(code(() => runAudit(ok, { quantile: 1.5 }))).toBe('BAD_OPTION');
    expect(code(() => runAudit(ok, { permutations: 0 }))).toBe('BAD_OPTION');
    expect(code(() => runAudit(ok, { margin: -1 }))).toBe('BAD_OPTION');
    expect(code(() => runAudit(ok, { minCovered: 0 }))).toBe('BAD_OPTION');
    expect(code(() => runAudit(ok, { seed: 1.5 }))).toBe('BAD_OPTION');
    expect(code(() => runAudit(ok, { decisionNull: 'ids' as never }))).toBe('BAD_OPTION');
    expect(code(() => runAudit(ok, { familyWise: 'bonferroni' as never }))).toBe('BAD_OPTION');
    expect(code(() => runAudit(ok, { probes: [{ name: 'bad', choose: () => 5 }] }))).toBe('BAD_INPUT');
    expect(
      code(() =>
        runAudit(ok, {
          probes: [
            { name: 'x', choose: () => 0 },
            { name: 'x', choose: () => 1 },
          ],
        }),
      ),
    ).toBe('BAD_INPUT');
    expect(code(() => runAudit(ok, { probes: [{ name: 'nosigns', signs: [], choose: () => 0 }] }))).toBe('BAD_INPUT');
  });
  it('a probe never sees the answer', () => {
    const seen: unknown[] = [];
    runAudit(ok, {
      probes: [
        {
          name: 'spy',
          choose: (item) => {
            seen.push(item.answer);
            return 0;
          },
        },
      ],
      permutations: 2,
    });
    expect(seen.every((v) => v === undefined)).toBe(true);
  });
});
