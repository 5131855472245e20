import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import { summarize } from '../results/summarize.js';
import type { LeaderboardRow } from './leaderboard.js';
import { leaderboard, leaderboardMarkdown } from './leaderboard.js';
import { rankStabilityTable } from './rankStability.js';
import { rankText, rankWithUncertainty } from './rankWithUncertainty.js';

describe('rankWithUncertainty', () => {
  it('gives competition ranks, ties and intervals from pairwise z-tests', () => {
    // a 0.9 ± 0.01 is clear of b and c; b 0.5 and c 0.48 (SE 0.02 each): gap 0.02 < 1.96·√0.0008 = 0.0554.
    const r = rankWithUncertainty(
      [
        { id: 'c', score: 0.48, se: 0.02 },
        { id: 'a', score: 0.9, se: 0.01 },
        { id: 'b', score: 0.5, se: 0.02 },
        { id: 'd', score: 0.5, se: 0 },
      ],
      false,
    );
    const by = Object.fromEntries(r.map((x) => [x.id, x]));
    expect(by.a).toEqual({ id: 'a', rank: 1, tied: false, best: 1, worst: 1 });
    // b and d tie exactly: both rank 2, marked tied; neither is clear of the other or of c.
    expect(by.b).toMatchObject({ rank: 2, tied: true, best: 2, worst: 4 });
    expect(by.d).toMatchObject({ rank: 2, tied: true, best: 2, worst: 4 });
    // c vs d: gap 0.02 < 1.96·0.02 = 0.0392: not clear either.
    expect(by.c).toMatchObject({ rank: 4, tied: false, best: 2, worst: 4 });
    expect(rankText(by.b!, 4)).toBe('2= of 4 (2–4)');
    expect(rankText(by.a!, 4)).toBe('1 of 4');
  });
  it('ranks lower-is-better metrics from the lowest, and refuses a non-finite score', () => {
    const r = rankWithUncertainty(
      [
        { id: 'x', score: 3, se: 0 },
        { id: 'y', score: 1, se: 0 },
      ],
      true,
    );
    expect(r.map((m) => m.id)).toEqual(['y', 'x']);
    expect(() => rankWithUncertainty([{ id: 'z', score: Number.NEGATIVE_INFINITY, se: 0 }], true)).toThrow(/non-finite/);
  });
});

// RIS per instance: Random (control) and the floor explain with a constant vector, ratio 0
// (ln −∞); lime too on this toy; grad 2 and shap 4 on every instance.
const ris: Record<string, [string, number]> = {
  control: ['explainer', 0],
  lime: ['explainer', 0],
  grad: ['explainer', 2],
  shap: ['explainer', 4],
  'floor-global': ['floor', 0],
};
const rows: ResultRow[] = Object.entries(ris).flatMap(([explainer, [kind, v]]) =>
  [0, 1].map((instance) => ({
    unit: `synthetic/lr/${explainer}/0`,
    lines: 2,
    dataset: 'synthetic',
    model: 'lr',
    explainer,
    kind: kind as ResultRow['kind'],
    instance,
    metrics: { RIS: v },
  })),
);
const manifest = {
  identityHash: 'ab'.repeat(32),
  floors: ['floor-global'],
  git: null,
  versions: {},
  plan: { units: 5, sha256: 'cd'.repeat(32) },
  invocations: [],
  datasets: [{ id: 'synthetic', hash: 'ee'.repeat(32) }],
  models: [{ dataset: 'synthetic', model: 'lr', hash: 'ff'.repeat(32) }],
  config: { preset: 'default' },
} as unknown as RunManifest;

describe('leaderboard semantics', () => {
  it('never ranks Random or a floor, and lists a constant explanation (−∞) as not ranked', () => {
    const [row] = leaderboard(summarize(rows), manifest);
    expect(row!.ranked.map((r) => [r.explainer, r.rank])).toEqual([
      ['grad', 1],
      ['shap', 2],
    ]);
    expect(row!.unranked.map((u) => u.explainer)).toEqual(['lime']);
    expect(row!.unranked[0]!.reason).toMatch(/−∞: a constant explanation/);
    expect(row!.controls).toEqual([
      { explainer: 'control', role: 'random', display: '−∞' },
      { explainer: 'floor-global', role: 'floor', display: '−∞' },
    ]);
    // Stability has no control to beat: neither ✕ nor a claim that they beat it.
    expect(row!.ranked.map((r) => r.verdict.kind)).toEqual(['untestable', 'untestable']);
    const md = leaderboardMarkdown(summarize(rows), manifest);
    // One row per ranked method; the controls, the methods not ranked and the receipt folded under the pair.
    expect(md).toContain('| dataset · model | rank | method | score | verdict |');
    expect(md).toContain('| synthetic · LR | 1 of 2 | Gradient | 0.693 ± 0 | ○ not testable here¹ |');
    expect(md).toContain('|  | 2 of 2 | KernelSHAP | 1.39 ± 0 | ○ not testable here¹ |');
    expect(md).toMatch(
      /\| ↳ controls \(reference, never ranked\): Random \(control\) −∞; floor floor-global −∞ · not ranked: LIME −∞ \(score −∞: a constant/,
    );
    expect(md).toContain('¹ not testable here: stability has no control to beat');
  });
});

describe('rank stability', () => {
  const row = (dataset: string, order: string[]): LeaderboardRow => ({
    metric: 'FA',
    dataset,
    model: 'lr',
    ranked: order.map((explainer, k) => ({
      explainer,
      mean: 0,
      se: 0,
      display: '',
      rank: k + 1,
      tied: false,
      rankBest: k + 1,
      rankWorst: k + 1,
      verdict: { kind: 'beats', mark: '✓', words: 'beats both controls', detail: null },
    })),
    unranked: [],
    controls: [],
    receipt: { run: '', dataHash: '', modelHash: '' },
  });
  it('gives each method its median rank, spread and pair count; none with one pair', () => {
    const t = rankStabilityTable([
      row('a', ['grad', 'lime', 'shap']),
      row('b', ['lime', 'grad', 'shap']),
      row('c', ['lime', 'shap', 'grad']),
    ]);
    // Three pairs: each rank listed, in the pairs' order.
    expect(t!.rows).toEqual([
      ['Gradient', '1, 2, 3'],
      ['KernelSHAP', '3, 3, 2'],
      ['LIME', '2, 1, 1'],
    ]);
    // More pairs: the median (best–worst) over N. grad 1, 2, 3, 4 -> median 2.5.
    const four = rankStabilityTable([
      row('a', ['grad', 'lime']),
      row('b', ['lime', 'grad']),
      row('c', ['lime', 'grad']),
      row('d', ['lime', 'grad']),
    ]);
    expect(four!.rows[0]).toEqual(['Gradient', 'median 2 (1–2) over 4']);
    expect(rankStabilityTable([row('a', ['grad'])])).toBeNull();
  });
});
