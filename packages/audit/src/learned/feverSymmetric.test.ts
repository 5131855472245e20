import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classificationSource } from '../adapters/classificationSource.js';
import { runAuditSource } from '../adapters/runAuditSource.js';

// A released debiased benchmark: the FEVER-Symmetric v0.2 test set (fixtures/fever-symmetric, CC BY-SA 3.0).
// Schuster et al. (EMNLP 2019) built it so that the claim alone cannot tell SUPPORTS from REFUTES: each
// original pair gets three generated siblings (ids: the original id + 0000002/3/4), two of each label.
// The ids give it away inside the group: the original keeps its own label (62 % REFUTES), siblings 2 and 3
// have the opposite one, sibling 4 the same.
const content = readFileSync(new URL('../../fixtures/fever-symmetric/fever_symmetric_test.jsonl', import.meta.url), 'utf8');
const rows = content
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { id: string; claim: string; evidence: string; label: string });
const suffix = (id: string): string => (id.length > 7 && /^0{6}[234]$/.test(id.slice(-7)) ? id.slice(-7) : 'original');

describe('FEVER-Symmetric v0.2 test: ids grouped by prefix', () => {
  const src = classificationSource({ name: 'fever_symmetric_test.jsonl', content }, { text: ['claim', 'evidence'], label: 'label' });
  const report = runAuditSource(src, { permutations: 100 });
  const probe = (name: string) => report.probes.find((p) => p.name === name)!;

  it('recount of the construction: the majority label of each id suffix, left out one at a time, is right on 62.4 %', () => {
    let hits = 0;
    for (const r of rows) {
      const same = rows.filter((o) => o !== r && suffix(o.id) === suffix(r.id));
      const refutes = same.filter((o) => o.label === 'REFUTES').length;
      if ((refutes * 2 > same.length ? 'REFUTES' : 'SUPPORTS') === r.label) hits++;
    }
    expect(hits / rows.length).toBeCloseTo(0.624, 3);
  });

  it('id-content fires reading the part of the id after its group, at most the suffix rule and near it', () => {
    const p = probe('id-content');
    expect(p.fires).toBe(true);
    expect(p.sign).toBe('group');
    expect(p.accuracy).toBeLessThanOrEqual(0.6243);
    expect(p.accuracy).toBeGreaterThan(0.6);
  });

  it('the claim alone and the evidence alone stay quiet (the set is built for that), with the lift they could have shown', () => {
    for (const name of ['bag-of-words:claim', 'bag-of-words:evidence']) {
      const p = probe(name);
      expect(p.fires, name).toBe(false);
      expect(p.belowChance, name).toBeUndefined();
      expect(p.power!.minimumDetectableLift, name).toBeGreaterThan(0.05);
      expect(p.power!.minimumDetectableLift, name).toBeLessThan(0.15);
    }
  });

  it('the released file holds the label twice: gold_label is found by the exact-match check', () => {
    const copy = probe('label-copy');
    expect([copy.fires, copy.sign, copy.covered]).toEqual([true, 'gold_label', rows.length]);
  });
});
