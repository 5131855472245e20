import { describe, expect, it } from 'vitest';
import { hoverTitles, summaryPoints, waterfallBars } from './explanationPlots.js';

describe('waterfall', () => {
  it('climbs from the base by the smallest attribution first, and a grey bar closes the gap to f(x)', () => {
    // base 0.5, φ = (0.2, −0.1, 0.05), f(x) = 0.7: Σφ = 0.15, so 0.05 is not attributed.
    const bars = waterfallBars({
      title: '',
      features: ['a', 'b', 'c'],
      x: [1, 2, 3],
      a: [0.2, -0.1, 0.05],
      f: 0.7,
      base: 0.5,
      baseWords: '',
      outputWords: '',
    });
    expect(bars.map((b) => [b.label, +b.start.toFixed(12), +b.end.toFixed(12), b.kind])).toEqual([
      ['c = 3.00', 0.5, 0.55, 'feature'],
      ['b = 2.00', 0.55, 0.45, 'feature'],
      ['a = 1.00', 0.45, 0.65, 'feature'],
      ['not attributed', 0.65, 0.7, 'gap'],
    ]);
    // The largest attribution is drawn on top (order 1 = top row).
    expect(bars.find((b) => b.label === 'a = 1.00')!.order).toBe(2);
  });

  it('sums the features beyond the ten largest into one bar, and has no gap bar when the attributions add up', () => {
    const a = Array.from({ length: 13 }, (_, j) => (j + 1) / 100); // 0.01 … 0.13
    const bars = waterfallBars({
      title: '',
      features: a.map((_, j) => `f${j}`),
      x: a,
      a,
      f: 0.2 + a.reduce((s, v) => s + v, 0),
      base: 0.2,
      baseWords: '',
      outputWords: '',
    });
    expect(bars).toHaveLength(11);
    expect(bars[0]).toMatchObject({ label: '3 other features', start: 0.2 });
    expect(bars[0]!.value).toBeCloseTo(0.01 + 0.02 + 0.03, 12);
    expect(bars.at(-1)!.label).toBe('f12 = 0.130');
  });
});

describe('summary (beeswarm)', () => {
  it('keeps the features with the largest mean |φ|, one dot per instance, coloured by the rank of its value within the feature', () => {
    const pts = summaryPoints({
      title: '',
      features: ['small', 'big'],
      instances: [4, 9],
      x: [
        [1, 10],
        [3, 20],
      ],
      a: [
        [0.01, -0.5],
        [0.02, 0.4],
      ],
      attributionWords: '',
    });
    expect(pts.map((p) => [p.feature, p.phi, p.shade])).toEqual([
      ['big', -0.5, 0],
      ['big', 0.4, 1],
      ['small', 0.01, 0],
      ['small', 0.02, 1],
    ]);
    expect(pts[1]!.hover).toBe('#9 big = 20.0: +0.400');
    for (const p of pts) expect(Math.abs(p.jitter)).toBeLessThanOrEqual(0.4);
    // Ranks, not min–max: one outlier does not paint the others one colour; ties share their mean rank.
    const skewed = summaryPoints({
      title: '',
      features: ['v'],
      instances: [0, 1, 2, 3],
      x: [[0], [1], [1], [100]],
      a: [[1], [1], [1], [1]],
      attributionWords: '',
    });
    expect(skewed.map((p) => p.shade)).toEqual([0, 0.5, 0.5, 1]);
  });
});

describe('hoverTitles', () => {
  it("moves each mark's aria-label into a <title> child and leaves other elements alone", () => {
    const svg =
      '<g aria-label="axis"><path aria-label="x = 1: +0.2" role="graphics-symbol" aria-roledescription="bar" d="M0,0h1"/><text>clip3</text></g>';
    expect(hoverTitles(svg)).toBe(
      '<g aria-label="axis"><path role="graphics-symbol" aria-roledescription="bar" d="M0,0h1"><title>x = 1: +0.2</title></path><text>clip3</text></g>',
    );
  });
});
