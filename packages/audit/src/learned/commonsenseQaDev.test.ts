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

const answerIndex = rows.map((r) => r.choices.label.indexOf(r.answerKey));

/** Splits rows into blind / labels files as the jq command in docs/learned-probes.md does, and audits them. */
function audit(rs: readonly Row[]) {
  const blind = rs
    .map((r) =>
      JSON.stringify({ id: r.id, query: r.question, candidates: r.choices.label.map((id, c) => ({ id, text: r.choices.text[c] })) }),
    )
    .join('\n');
  const labels = rs.map((r) => JSON.stringify({ id: r.id, answer: r.answerKey })).join('\n');
  return runAuditSource(
    jsonlSource({ blind: { name: 'blind.jsonl', content: blind }, labels: { name: 'labels.jsonl', content: labels } }),
    { probes: [...defaultProbes, bagOfWordsProbe({ part: 'candidates' }), bagOfWordsProbe({ part: 'query' })] },
  );
}

/** The same questions with the answer text rewritten in the items `cued` selects (by id, not position). */
function withAnswerText(cued: (r: Row) => boolean, edit: (texts: string[], answer: number) => string[], key?: string): Row[] {
  return rows.map((r, i) =>
    cued(r)
      ? { ...r, choices: { label: r.choices.label, text: edit([...r.choices.text], answerIndex[i]!) }, answerKey: key ?? r.answerKey }
      : r,
  );
}

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
  const report = audit(rows);
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

  // Positive controls on the same text: the null result above is not for want of power.
  it('control: answers moved to slot A in the items whose id starts 0 or 1 fire position', () => {
    const moved = withAnswerText(
      (r) => /^[01]/.test(r.id),
      (t, a) => t.map((x, c) => (c === 0 ? t[a]! : c === a ? t[0]! : x)),
      'A',
    );
    const p = audit(moved).probes.find((x) => x.name === 'position')!;
    expect(p.fires).toBe(true);
    expect(p.sign).toBe('index 0');
    expect(p.hits).toBe(moved.filter((r) => r.answerKey === 'A').length);
  });

  it('control: the word "indeed" appended to the answer in a quarter of the items fires the candidate-only baseline', () => {
    const cued = (r: Row) => /^[0-3]/.test(r.id);
    const marked = withAnswerText(cued, (t, a) => t.map((x, c) => (c === a ? `${x} indeed` : x)));
    const p = audit(marked).probes.find((x) => x.name === 'bag-of-words:candidates')!;
    expect(p.fires).toBe(true);
    const holding = marked.flatMap((r) =>
      r.choices.text.map((t, c) => ({ has: tokenize(t).includes('indeed'), answer: r.choices.label[c] === r.answerKey })),
    );
    const e = p.evidence!.find((x) => x.feature === 'indeed')!;
    expect([e.label, e.count, e.total]).toEqual([
      'answer',
      holding.filter((h) => h.has && h.answer).length,
      holding.filter((h) => h.has).length,
    ]);
    expect(p.hits).toBeGreaterThanOrEqual(rows.filter(cued).length);
  });
});
