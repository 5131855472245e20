// Files written before today (by formatModelJson at commit 874fe0b, 2026-11-30, before the
// preprocessing block and the identity head existed) still load, compute what their numbers
// say, and re-format to the very same bytes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatModelJson } from './formatModelJson.js';
import { loadModelSync } from './node.js';
import { parseModelJson } from './parseModelJson.js';

const fixture = (name: string): string => fileURLToPath(new URL(`./__fixtures__/fixtures/${name}`, import.meta.url));

interface FileLayer {
  weight: number[][];
  bias: number[];
  activation: string;
}

/** The network the file describes, evaluated straight from its parsed numbers. */
function forwardFromFile(layers: FileLayer[], xRow: number[]): number[] {
  let a = xRow;
  for (const l of layers) {
    a = l.weight.map((w, j) => {
      let z = 0;
      for (let k = 0; k < w.length; k++) z += a[k]! * w[k]!;
      z += l.bias[j]!;
      return l.activation === 'relu' ? Math.max(z, 0) : z;
    });
  }
  const m = Math.max(...a);
  const e = a.map((z) => Math.exp(z - m));
  const s = e.reduce((u, v) => u + v, 0);
  return e.map((v) => v / s);
}

describe('old-format model files (874fe0b)', () => {
  for (const name of ['old-ann-874fe0b.json', 'old-lr-874fe0b.json']) {
    it(`${name} loads, predicts as its numbers say, and re-formats byte for byte`, () => {
      const text = readFileSync(fixture(name), 'utf8');
      const raw = JSON.parse(text) as { kind: string; inputDim: number; layers: FileLayer[]; metadata?: unknown };
      const model = loadModelSync(fixture(name));
      expect(model.kind).toBe(raw.kind);
      expect(model.preprocessing).toBeUndefined();
      expect(model.metadata).toEqual(raw.metadata);
      // byte for byte, from the file and from the parsed text
      expect(formatModelJson(model)).toBe(text);
      expect(formatModelJson(parseModelJson(text))).toBe(text);
      // -0 weights keep their sign: the file says "-0" and the model holds −0
      const negZero = (text.match(/(?<![\d.e])-0(?![.\de])/g) ?? []).length;
      expect(negZero).toBeGreaterThan(0);
      expect(Array.from(model.parameters).filter((v) => Object.is(v, -0)).length).toBe(negZero);
      const d = raw.inputDim;
      const rows = [Array(d).fill(0.5), Array.from({ length: d }, (_, k) => k - 1), Array.from({ length: d }, (_, k) => 1e-3 * (k + 1))];
      const p = model.predictProba({ rows: rows.length, cols: d, data: Float64Array.from(rows.flat()) });
      rows.forEach((r, i) => {
        const ref = forwardFromFile(raw.layers, r);
        ref.forEach((v, j) => {
          expect(Math.abs(p.data[i * ref.length + j]! - v)).toBeLessThan(1e-12);
        });
      });
    });
  }
});
