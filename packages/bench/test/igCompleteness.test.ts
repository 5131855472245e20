// xai explain --method ig records how far the quadrature misses f(x) − f(baseline), and warns when
// a steep model makes its 50 nodes miss the path integral: references in closed form from
// @xai/onnx's fixtures/quadrature/generate.py (p1 = sigmoid(w·x + c), IG's integral exact).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { explainInstances } from '../src/explain/explainInstances.js';

const FIXTURES = fileURLToPath(new URL('../../onnx/fixtures/quadrature/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'xai-ig-completeness-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Reference {
  x: number[][];
  train: number[][];
  delta: number[];
  gap: number[];
  ig_exact: number[][];
}

async function explain(name: string) {
  const ref = JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Reference;
  const csv = (file: string, rows: number[][]): string => {
    const path = join(dir, `${name}-${file}.csv`);
    writeFileSync(path, `a,b\n${rows.map((r) => r.join(',')).join('\n')}\n`);
    return path;
  };
  const r = await explainInstances({
    model: join(FIXTURES, `${name}.onnx`),
    instances: csv('x', ref.x),
    train: csv('train', ref.train),
    method: 'ig',
    preset: 'default',
    seed: 0,
  });
  return { r, ref };
}

const maxAbs = (v: number[]): number => Math.max(...v.map(Math.abs));

describe('xai explain --method ig: the quadrature gap', () => {
  it('a steep model: the gap equals the closed form, the worst row is named, and the attributions are not called exact IG', async () => {
    const { r, ref } = await explain('ig_steep');
    expect([...r.explainedClass]).toEqual(ref.x.map(() => 1));
    const c = r.igCompleteness!;
    expect(c.rule).toBe('gausslegendre');
    expect(c.nodes).toBe(50);
    expect(Math.abs(c.maxGap - maxAbs(ref.gap))).toBeLessThanOrEqual(1e-9);
    expect(c.maxGap).toBeGreaterThan(0.5);
    const over = ref.gap.filter((g) => Math.abs(g) > 1e-6 * maxAbs(ref.delta)).length;
    expect(c.rowsOverTolerance).toBe(over);
    const worst = ref.gap.map(Math.abs).indexOf(maxAbs(ref.gap));
    const warning = r.warnings.find((w) => w.startsWith('ig: '));
    expect(warning).toContain(`on ${over} of ${ref.x.length} rows`);
    expect(warning).toContain(`worst row ${worst}`);
    expect(warning).toContain("these attributions are the quadrature's, not exact IG");
    // Where the quadrature holds (no transition on the path), the attributions are exact IG.
    ref.gap.forEach((g, i) => {
      if (Math.abs(g) > 1e-12) return;
      for (let j = 0; j < 2; j++) expect(Math.abs(r.attributions.data[i * 2 + j]! - ref.ig_exact[i]![j]!)).toBeLessThanOrEqual(1e-9);
    });
  });

  it('a gentle model: no warning, the attributions equal exact IG (1e-12) and the recorded gap is below 1e-12', async () => {
    const { r, ref } = await explain('ig_gentle');
    expect(r.warnings.some((w) => w.startsWith('ig: '))).toBe(false);
    expect(r.igCompleteness!.rowsOverTolerance).toBe(0);
    expect(r.igCompleteness!.maxGap).toBeLessThan(1e-12);
    ref.ig_exact.forEach((row, i) => {
      for (let j = 0; j < 2; j++) expect(Math.abs(r.attributions.data[i * 2 + j]! - row[j]!)).toBeLessThanOrEqual(1e-12);
    });
  });
});
