import { substream } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { csvSource } from '../adapters/csvSource.js';
import { runAuditSource } from '../adapters/runAuditSource.js';

/** A CSV with an id column, a legitimate feature and a binary label; `cue(y, rng)` makes the id. */
function csv(rows: number, seed: number, id: (y: number, i: number, rng: ReturnType<typeof substream>) => string): string {
  const rng = substream(seed, 'id-table');
  const lines = ['record_id,x,y'];
  for (let i = 0; i < rows; i++) {
    const z = rng.normal();
    const y = z + rng.normal() > 0 ? 1 : 0;
    lines.push(`${id(y, i, rng)},${(z + rng.normal()).toFixed(3)},${y}`);
  }
  return `${lines.join('\n')}\n`;
}
const hex = (rng: ReturnType<typeof substream>, k: number): string =>
  Array.from({ length: k }, () => '0123456789abcdef'[rng.int(16)]).join('');
const probes = (content: string, test?: string) =>
  runAuditSource(csvSource({ name: 't.csv', content }, test ? { test: { name: 'u.csv', content: test } } : {}), { permutations: 60 })
    .probes;

describe('id-content on text id columns of a table', () => {
  it('hex 12 vs 8 by class fires id-content naming the column; one generator for both classes does not', () => {
    const leak = probes(csv(500, 1, (y, _i, rng) => hex(rng, y === 1 ? 12 : 8)));
    const p = leak.find((q) => q.name === 'id-content')!;
    expect(p.fires).toBe(true);
    expect(p.fields).toEqual(['record_id']);
    expect(p.evidence!.some((e) => e.feature === 'length=12' && e.label === '1')).toBe(true);
    const clean = probes(csv(500, 2, (_y, _i, rng) => hex(rng, 8)));
    expect(clean.find((q) => q.name === 'id-content')!.fires).toBe(false);
    expect(clean.some((q) => q.fires)).toBe(false);
  });

  it('decimal ids with some hex ones are a text id column (no parse error); unseen test ids are accepted', () => {
    const mixed = (y: number, i: number, rng: ReturnType<typeof substream>): string =>
      y === 1 && rng.bernoulli(0.3) ? `${hex(rng, 3)}f` : String(1000 + i);
    const train = csv(400, 3, mixed);
    const test = csv(100, 4, (y, i, rng) => mixed(y, i + 5000, rng));
    const ps = probes(train, test);
    expect(ps.map((q) => q.name)).toContain('id-content');
    expect(ps.find((q) => q.name === 'id-content')!.fires).toBe(true);
  });

  it('a table without text columns keeps the eight probes', () => {
    expect(probes('a,y\n1,0\n2,1\n3,0\n4,1\n').map((q) => q.name)).not.toContain('id-content');
  });
});
