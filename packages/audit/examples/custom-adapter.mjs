// Bring your own adapter: turn any multiple-choice format into items, then audit.
// Run after `npx tsup`: node examples/custom-adapter.mjs
import { formatAuditTable, runAuditSource } from '../dist/index.js';

// A made-up quiz format: options as plain strings, the answer as a letter.
const quiz = Array.from({ length: 120 }, (_, i) => ({
  qid: `q${i}`,
  question: `Which option is right for question ${i}?`,
  options: ['alpha', 'bravo', 'charlie', 'delta'].map((o, j) => (j === i % 4 ? `${o} (correct)` : o)),
  key: 'ABCD'[i % 4],
}));

/** @type {import('../dist/index.js').AuditAdapter<{ rows: typeof quiz }>} */
const quizAdapter = {
  name: 'quiz',
  load: ({ rows }) => ({
    kind: 'items',
    name: 'quiz',
    inputs: [],
    items: rows.map((r) => ({
      id: r.qid,
      query: r.question,
      candidates: r.options.map((text, j) => ({ id: `${r.qid}-${'ABCD'[j]}`, text })),
      answer: 'ABCD'.indexOf(r.key),
    })),
  }),
};

// The leak here: the correct option is the longest (it carries " (correct)").
const report = runAuditSource(await quizAdapter.load({ rows: quiz }), {}, 'quiz');
console.log(formatAuditTable(report));
