import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonlSource } from '../adapters/jsonlSource.js';
import { runAuditSource } from '../adapters/runAuditSource.js';

// SNLI recast as multiple choice (fixtures/snli, CC BY-SA 4.0): a premise is the query, its three hypotheses
// the candidates with their released pair ids (`2677109430.jpg#1r1e`), the entailed one the answer. The id of
// each hypothesis ends in the letter of the label its writer was asked for, so the answer's id gives it away.
const rows = readFileSync(new URL('../../fixtures/snli/snli_1.0_dev.excerpt.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { pairID: string; gold_label: string; sentence1: string; sentence2: string });
const byCaption = new Map<string, typeof rows>();
for (const r of rows) {
  const caption = r.pairID.slice(0, r.pairID.lastIndexOf('r'));
  byCaption.set(caption, [...(byCaption.get(caption) ?? []), r]);
}
const order = (id: string): string => createHash('sha256').update(id).digest('hex');
const groups = [...byCaption].filter(
  ([, g]) =>
    g
      .map((r) => r.gold_label)
      .sort()
      .join() === 'contradiction,entailment,neutral',
);
const blind = groups.map(([caption, g]) =>
  JSON.stringify({
    id: caption,
    query: g[0]!.sentence1,
    candidates: [...g].sort((a, b) => (order(a.pairID) < order(b.pairID) ? -1 : 1)).map((r) => ({ id: r.pairID, text: r.sentence2 })),
  }),
);
const labels = groups.map(([caption, g]) => JSON.stringify({ id: caption, answer: g.find((r) => r.gold_label === 'entailment')!.pairID }));

describe('SNLI as multiple choice: candidate ids', () => {
  const src = jsonlSource({
    blind: { name: 'snli_mc_blind.jsonl', content: blind.join('\n') },
    labels: { name: 'snli_mc_labels.jsonl', content: labels.join('\n') },
  });
  const report = runAuditSource(src, { permutations: 60 });
  it('the default battery scores candidate ids within each item and fires on their last character', () => {
    expect(report.items).toBe(groups.length);
    const p = report.probes.find((q) => q.name === 'id-content:candidates')!;
    expect(p.fires).toBe(true);
    expect(p.sign).toBe('suffix');
    const answersEndingE = groups.filter(([, g]) => g.find((r) => r.gold_label === 'entailment')!.pairID.endsWith('e')).length;
    expect(p.accuracy).toBeGreaterThanOrEqual((answersEndingE - 2) / groups.length);
    const e = p.evidence!.find((x) => x.feature === 'char[-1]=e')!;
    const ids = groups.flatMap(([, g]) => g.map((r) => ({ e: r.pairID.endsWith('e'), answer: r.gold_label === 'entailment' })));
    expect([e.label, e.count, e.total]).toEqual(['answer', ids.filter((x) => x.e && x.answer).length, ids.filter((x) => x.e).length]);
  });
  it('id-shape, which compares shapes only, covers no item (every id has one shape)', () => {
    expect(report.probes.find((q) => q.name === 'id-shape')!.covered).toBe(0);
  });
});
