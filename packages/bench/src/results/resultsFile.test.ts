import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendUnitRows, loadResults, writeCanonicalResults } from './resultsFile.js';
import type { ResultRow } from './resultRow.js';

function unitRows(unit: string, explainer: string, instances: number[]): ResultRow[] {
  const lines = instances.length * 2;
  return instances.flatMap((i) =>
    (['explainer', 'null'] as const).map((kind) => ({
      unit,
      lines,
      dataset: 'synthetic',
      model: 'lr',
      explainer,
      kind,
      instance: i,
      metrics: { FA: i / 10 },
    })),
  );
}

describe('results file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xai-results-'));

  it('keeps complete units, drops a torn last line and the unit it belonged to', () => {
    const path = join(dir, 'a.jsonl');
    const a = unitRows('synthetic/lr/grad/0', 'grad', [0, 1]);
    const b = unitRows('synthetic/lr/lime/0', 'lime', [0, 1]);
    appendUnitRows(path, a);
    appendUnitRows(path, b);
    // Tear the file in the middle of b's last line.
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.slice(0, text.length - 20));
    const loaded = loadResults(path);
    expect([...loaded.completeUnits]).toEqual(['synthetic/lr/grad/0']);
    expect(loaded.rows).toHaveLength(4);
    expect(loaded.discardedLines).toBe(4); // 3 intact lines of b + the torn one
  });

  it('accepts a unit rewritten after a partial write, once', () => {
    const path = join(dir, 'b.jsonl');
    const a = unitRows('synthetic/lr/grad/0', 'grad', [0, 1]);
    appendUnitRows(path, a.slice(0, 3));
    appendFileSync(path, '{"unit":"synth'); // torn
    appendFileSync(path, '\n');
    appendUnitRows(path, a);
    const loaded = loadResults(path);
    expect(loaded.rows).toHaveLength(4);
    expect(loaded.completeUnits.has('synthetic/lr/grad/0')).toBe(true);
  });

  it('writes canonical files that do not depend on the order rows arrived in', () => {
    const a = unitRows('synthetic/lr/grad/0', 'grad', [0, 1]);
    const b = unitRows('synthetic/lr/control/0', 'control', [0, 1]);
    const p1 = join(dir, 'c1.jsonl');
    const p2 = join(dir, 'c2.jsonl');
    writeCanonicalResults(p1, [...a, ...b]);
    writeCanonicalResults(p2, [...b].reverse().concat([...a].reverse()));
    expect(readFileSync(p1, 'utf8')).toBe(readFileSync(p2, 'utf8'));
    // control precedes grad (OpenXAI order); an explainer's rows precede its null rows.
    const order = loadResults(p1).rows.map((r) => `${r.explainer}:${r.kind}:${r.instance}`);
    expect(order.slice(0, 5)).toEqual([
      'control:explainer:0',
      'control:explainer:1',
      'control:null:0',
      'control:null:1',
      'grad:explainer:0',
    ]);
  });

  it('reads a missing file as empty', () => {
    expect(loadResults(join(dir, 'none.jsonl')).rows).toEqual([]);
  });
});
