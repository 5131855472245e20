import { substream } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { classificationSource } from './adapters/classificationSource.js';
import { csvSource } from './adapters/csvSource.js';
import { runAuditSource } from './adapters/runAuditSource.js';
import { findLabelCopies } from './labelCopies.js';

/** 300 rows: a text of random words, a label alpha/beta, and `extra(label, rng)` fields. */
function corpus(seed: number, extra: (y: string, rng: ReturnType<typeof substream>) => Record<string, unknown>): string {
  const rng = substream(seed, 'label-copy-test');
  const words = ['the', 'a', 'cat', 'dog', 'runs', 'sits', 'big', 'small'];
  return Array.from({ length: 300 }, (_, i) => {
    const y = rng.bernoulli(0.5) ? 'alpha' : 'beta';
    const text = Array.from({ length: 6 }, () => words[rng.int(words.length)]).join(' ');
    return JSON.stringify({ id: `q${i}`, text, y, ...extra(y, rng) });
  }).join('\n');
}
const audit = (content: string, text: string[]) =>
  runAuditSource(classificationSource({ name: 'c.jsonl', content }, { text, label: 'y' }), { permutations: 50 });

describe('label copies (exact match, before any learning)', () => {
  it('a one-word field equal to the label fires label-copy, named; its bag-of-words is no longer pushed below chance', () => {
    const report = audit(
      corpus(1, (y) => ({ w: y })),
      ['text', 'w'],
    );
    const copy = report.probes.find((p) => p.name === 'label-copy')!;
    expect([copy.fires, copy.sign, copy.rule, copy.covered, copy.accuracy]).toEqual([true, 'w', 'exact-match', 300, 1]);
    expect(copy.nullMean).toBeLessThan(0.6);
    // The 150-odd copies of `alpha` are a category, not twins: they are spread over the folds and teach each other.
    expect(report.probes.find((p) => p.name === 'bag-of-words:w')!.accuracy).toBe(1);
    expect(report.summary).toMatch(/label-copy \(w\)/);
  });

  it('a one-to-one recoding (A/B) and a field outside --text are found; a field equal to the label on half the rows is not', () => {
    const report = audit(
      corpus(2, (y, rng) => ({ code: y === 'alpha' ? 'A' : 'B', noisy: rng.bernoulli(0.5) ? y : 'alpha' })),
      ['text'],
    );
    expect(report.probes.filter((p) => p.name === 'label-copy').map((p) => p.sign)).toEqual(['code']);
  });

  it('random fields never copy the label (exhaustive recount on 200 random binary fields of 30 rows)', () => {
    const rng = substream(3, 'random-fields');
    const labels = Int32Array.from({ length: 30 }, () => rng.int(2));
    const fields = Array.from({ length: 200 }, (_, f) => ({
      name: `f${f}`,
      values: Array.from({ length: 30 }, () => (rng.bernoulli(0.5) ? 'x' : 'y')),
    }));
    expect(findLabelCopies(fields, labels, 20)).toEqual([]);
    const copy = { name: 'copy', values: Array.from(labels, (y) => (y === 1 ? 'x' : 'y')) };
    expect(findLabelCopies([copy], labels, 20).map((c) => [c.field, c.rows, c.map.get('x')])).toEqual([['copy', 30, 1]]);
    expect(findLabelCopies([copy], labels, 31)).toEqual([]);
  });

  it('a table column that recodes the label fires beside the tabular probes', () => {
    const rng = substream(4, 'table');
    const rows = Array.from({ length: 120 }, () => {
      const y = rng.int(2);
      return `${rng.int(10)},${(rng.uniform() * 5).toFixed(2)},${y === 1 ? 'yes' : 'no'},${y}`;
    });
    const report = runAuditSource(csvSource({ name: 't.csv', content: ['a,b,outcome,y', ...rows].join('\n') }), { permutations: 30 });
    const copy = report.probes.find((p) => p.name === 'label-copy')!;
    expect([copy.fires, copy.sign]).toEqual([true, 'outcome']);
    expect(report.receipt.probes.at(-1)).toBe('label-copy');
  });
});
