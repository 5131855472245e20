import { describe, expect, it } from 'vitest';
import type { AuditAdapter } from './auditSource.js';
import { runAuditSource } from './runAuditSource.js';

interface QuizRow {
  qid: string;
  options: string[];
  key: string;
}

// The README's bring-your-own-adapter example, typed.
const quizAdapter: AuditAdapter<{ rows: QuizRow[] }> = {
  name: 'quiz',
  load: ({ rows }) => ({
    kind: 'items',
    name: 'quiz',
    inputs: [{ name: 'in-memory', sha256: '0'.repeat(64) }],
    items: rows.map((r) => ({
      id: r.qid,
      candidates: r.options.map((text, j) => ({ id: `${r.qid}-${'ABCD'[j]}`, text })),
      answer: 'ABCD'.indexOf(r.key),
    })),
  }),
};

describe('bring your own adapter', () => {
  it('a custom adapter feeds the battery and its inputs reach the receipt', async () => {
    const rows: QuizRow[] = Array.from({ length: 120 }, (_, i) => ({
      qid: `q${i}`,
      options: ['alpha', 'bravo', 'charlie', 'delta'].map((o, j) => (j === i % 4 ? `${o} (correct)` : o)),
      key: 'ABCD'[i % 4]!,
    }));
    const report = runAuditSource(await quizAdapter.load({ rows }), { permutations: 40 }, 'quiz');
    const length = report.probes.find((p) => p.name === 'length')!;
    expect(length.fires).toBe(true);
    expect(length.sign).toBe('longest');
    expect(report.receipt.adapter).toBe('quiz');
    expect(report.receipt.inputs).toEqual([{ name: 'in-memory', sha256: '0'.repeat(64) }]);
  });
});
