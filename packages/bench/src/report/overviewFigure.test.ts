import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../results/resultRow.js';
import { summarize } from '../results/summarize.js';
import { overviewCells, overviewPath, renderOverviews } from './overviewFigure.js';

// FA per instance (constant, so means are exact): grad 0.8 (its null 0.5), lime 0.55 (null 0.5),
// Random 0.5, floor 0.6. Lift over the better control = min(score − floor, score − null).
const FA: [string, ResultRow['kind'], number][] = [
  ['grad', 'explainer', 0.8],
  ['grad', 'null', 0.5],
  ['lime', 'explainer', 0.55],
  ['lime', 'null', 0.5],
  ['control', 'explainer', 0.5],
  ['floor-global', 'floor', 0.6],
];
const rows: ResultRow[] = FA.flatMap(([explainer, kind, v]) =>
  [0, 1].map((instance) => ({
    unit: `d/lr/${explainer}/0`,
    lines: 2,
    dataset: 'd',
    model: 'lr',
    explainer,
    kind,
    instance,
    metrics: { FA: v },
  })),
);
const summary = summarize(rows);

describe('overview picture', () => {
  it('colours each method by its lift over the better control; Random and the floor are reference rows', () => {
    const { cells, rows: order } = overviewCells(summary, 'd', 'lr');
    const by = Object.fromEntries(cells.map((c) => [c.row, c]));
    expect(by.Gradient!.lift).toBeCloseTo(0.8 - 0.6, 12); // floor is the better control
    expect(by.LIME!.lift).toBeCloseTo(0.55 - 0.6, 12);
    // Scaled by the largest |lift| of the metric: 0.2.
    expect(by.Gradient!.shade).toBeCloseTo(1, 12);
    expect(by.LIME!.shade).toBeCloseTo(-0.25, 12);
    expect([by.Gradient!.verdict, by.LIME!.verdict]).toEqual(['beats', 'fails']);
    // Every instance alike: the paired SE is 0, so the lift keeps three significant digits.
    expect(by.LIME!.text).toBe('✕ −0.0500');
    expect(by.Gradient!.text).toBe('✓ +0.200');
    expect(by['Random (control)']).toMatchObject({ role: 'control', shade: null, text: '0.500' });
    expect(by['floor (best shortcut)']).toMatchObject({ role: 'control', shade: null, text: '0.600' });
    expect(order).toEqual(['Gradient', 'LIME', 'Random (control)', 'floor (best shortcut)']);
  });
  it('greys a metric that cannot be tested (an LR against its own weights) and shows the score', () => {
    const lr = overviewCells(summary, 'd', 'lr', { linearModel: true, groundTruthIsModel: true });
    const grad = lr.cells.find((c) => c.row === 'Gradient')!;
    expect(grad).toMatchObject({ verdict: 'untestable', shade: null, text: '○ 0.800' });
  });
  it('renders the same bytes every time, with ids of its own', async () => {
    const a = (await renderOverviews(summary)).get('d\u0000lr')!;
    const b = (await renderOverviews(summary)).get('d\u0000lr')!;
    expect(a).toBe(b);
    expect(a).toMatch(/id="overview0-gradient0"/);
    expect(a).not.toMatch(/"gradient_\d+"/);
  });
  it('names its file with a slug of the ids', () => {
    expect(overviewPath('heloc', 'lr')).toBe('figures/overview-heloc-lr.svg');
    expect(overviewPath('"><img src=x>', 'lr')).toMatch(/^figures\/overview-img_src_x_[0-9a-f]{8}-lr\.svg$/);
  });
});
