import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonlSource } from '../adapters/jsonlSource.js';
import { runAuditSource } from '../adapters/runAuditSource.js';
import { tokenize, uniqueExtreme } from '../internal/text.js';
import { defaultProbes } from '../probes/defaultProbes.js';
import { bagOfWordsProbe } from './bagOfWordsProbe.js';

// A real multiple-choice benchmark: the CommonsenseQA validation split (fixtures/commonsenseqa,
// MIT). Talmor et al. (NAACL 2019) drew three answer concepts sharing one ConceptNet relation
// with the question's source concept, so every question's candidates are the same kind of
// thing; the answer keys A–E come out near uniform. The audit should find no shortcut here.
const path = new URL('../../fixtures/commonsenseqa/dev_rand_split.jsonl', import.meta.url);
interface Row {
  id: string;
  question: string;
  choices: { label: string[]; text: string[] };
  answerKey: string;
}
const rows = readFileSync(path, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Row);

// The same split into blind / labels files as the jq command in docs/learned-probes.md.
const blind = rows
  .map((r) =>
    JSON.stringify({ id: r.id, query: r.question, candidates: r.choices.label.map((id, c) => ({ id, text: r.choices.text[c] })) }),
  )
  .join('\n');
const labels = rows.map((r) => JSON.stringify({ id: r.id, answer: r.answerKey })).join('\n');
const answerIndex = rows.map((r) => r.choices.label.indexOf(r.answerKey));

/** Hits and coverage of a rule that bets on `pick(row)` (−1 = abstain), counted directly. */
function recount(pick: (r: Row) => number): { covered: number; hits: number } {
  let covered = 0;
  let hits = 0;
  rows.forEach((r, i) => {
    const c = pick(r);
    if (c < 0) return;
    covered++;
    if (c === answerIndex[i]) hits++;
  });
  return { covered, hits };
}

describe('CommonsenseQA validation split', () => {
  const report = runAuditSource(
    jsonlSource({ blind: { name: 'blind.jsonl', content: blind }, labels: { name: 'labels.jsonl', content: labels } }),
    { probes: [...defaultProbes, bagOfWordsProbe({ part: 'candidates' }), bagOfWordsProbe({ part: 'query' })] },
  );
  const probe = (name: string) => report.probes.find((p) => p.name === name)!;

  it('audits every question', () => {
    expect(report.items).toBe(rows.length);
    expect(answerIndex.every((a) => a >= 0)).toBe(true);
  });

  it('the position probe bets on the most frequent answer key and reaches exactly its share', () => {
    const counts = [0, 1, 2, 3, 4].map((k) => answerIndex.filter((a) => a === k).length);
    const top = counts.indexOf(Math.max(...counts));
    const p = probe('position');
    expect(p.sign).toBe(`index ${top}`);
    expect([p.hits, p.covered]).toEqual([counts[top], rows.length]);
    expect(p.fires).toBe(false);
  });

  it('length and query overlap: coverage and hits recounted from the file', () => {
    const len = probe('length');
    const lengths = (r: Row) => r.choices.text.map((t) => t.length);
    const l = recount((r) => uniqueExtreme(lengths(r), len.sign === 'shortest' ? 'min' : 'max'));
    expect([len.hits, len.covered]).toEqual([l.hits, l.covered]);

    const ov = probe('query-overlap');
    const overlap = (r: Row) => {
      const q = new Set(tokenize(r.question));
      return r.choices.text.map((t) => [...new Set(tokenize(t))].filter((w) => q.has(w)).length);
    };
    const o = recount((r) => uniqueExtreme(overlap(r), ov.sign === 'least' ? 'min' : 'max'));
    expect([ov.hits, ov.covered]).toEqual([o.hits, o.covered]);
  });

  it('nothing fires: neither a surface rule nor the candidate-only / question-only baselines', () => {
    for (const p of report.probes) {
      expect(p.fires, p.name).toBe(false);
      if (p.covered > 0) expect(p.lift, p.name).toBeCloseTo(p.accuracy - p.nullMean, 12);
    }
    for (const name of ['bag-of-words:candidates', 'bag-of-words:query']) {
      const p = probe(name);
      expect(p.covered, name).toBe(rows.length);
      expect(p.accuracy, name).toBeLessThanOrEqual(p.threshold);
    }
  });
});
