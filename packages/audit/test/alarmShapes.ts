// The false-alarm shapes: data without a shortcut, audited with the batteries the adapters build
// (ids and id-like fields included), N corpora each. Shared by the slow test (src/falseAlarms.slow.test.ts)
// and the measurement script (bench/alarms.mjs, which also runs the released version for "before").
import { substream } from '@xai/core';
import type { AuditReport } from '../src/auditReport.js';
import { generateDemoClassification } from '../src/demo/generateDemoClassification.js';
import { generateDemoCorpus } from '../src/demo/generateDemoCorpus.js';
import { generateDemoTable } from '../src/demo/generateDemoTable.js';
import type { Item } from '../src/item.js';
import { bagOfWordsProbe } from '../src/learned/bagOfWordsProbe.js';
import { idContentProbe } from '../src/learned/idContentProbe.js';
import { defaultProbes } from '../src/probes/defaultProbes.js';
import { runAudit } from '../src/runAudit.js';
import { runAuditSource } from '../src/adapters/runAuditSource.js';

const ITEMS = 200;
const hex8 = (rng: ReturnType<typeof substream>): string => Array.from({ length: 8 }, () => '0123456789abcdef'[rng.int(16)]).join('');

function classify(items: readonly Item[], seed: number): AuditReport {
  const probes = [bagOfWordsProbe({ part: 'premise' }), bagOfWordsProbe({ part: 'hypothesis' }), idContentProbe()];
  return runAudit(items, { probes, decisionNull: 'across-items', seed });
}

function multipleChoice(items: readonly Item[], seed: number): AuditReport {
  const probes = [
    ...defaultProbes,
    bagOfWordsProbe({ part: 'candidates' }),
    bagOfWordsProbe({ part: 'query' }),
    idContentProbe(),
    idContentProbe({ part: 'candidates' }),
  ];
  return runAudit(items, { probes, seed });
}

function tableWithIds(k: number, labels: 'model' | 'random', seed: number): AuditReport {
  const t = generateDemoTable({ seed: 53_000 + k, labels, rows: 200 + 100 * (k % 4), testRows: 0, extras: k % 2 === 0 });
  const rng = substream(53, 'table-ids', k);
  const ids = Array.from({ length: t.x.rows }, () => hex8(rng));
  const levels = [...new Set(ids)].sort();
  const code = new Map(levels.map((v, c) => [v, c]));
  const cols = t.x.cols + 1;
  const data = new Float64Array(t.x.rows * cols);
  for (let i = 0; i < t.x.rows; i++) {
    data[i * cols] = code.get(ids[i]!)!;
    for (let j = 0; j < t.x.cols; j++) data[i * cols + 1 + j] = t.x.data[i * t.x.cols + j]!;
  }
  const table = { ...t, x: { rows: t.x.rows, cols, data }, header: ['record_id', ...t.header], text: { record_id: ids } };
  // Through runAuditSource: the exact-match label-copy check runs on every column too.
  return runAuditSource({ kind: 'tabular', name: 'alarm table', table, inputs: [] }, { seed });
}

/** Shape name → the k-th dataset's audit. Seeds 50 000 + (used by no test). */
export const ALARM_SHAPES: Record<string, (k: number) => AuditReport> = {
  'classification clean': (k) => classify(generateDemoClassification({ seed: 50_000 + k, items: ITEMS }).items, k),
  'classification random labels': (k) => {
    const rng = substream(51, 'random-labels', k);
    const cued = generateDemoClassification({ seed: 51_000 + k, items: ITEMS, cues: { word: 0.6, idSuffix: 1 } }).items;
    return classify(
      cued.map((it) => ({ ...it, answer: rng.int(3) })),
      k,
    );
  },
  'multiple choice clean': (k) => multipleChoice(generateDemoCorpus({ seed: 52_000 + k, items: ITEMS }).items, k),
  'multiple choice random labels': (k) => {
    const rng = substream(52, 'random-labels', k);
    const cues = k % 2 === 0 ? {} : { case: 0.5, length: 0.5, echo: 0.5, 'id-shape': 0.5 };
    const items = generateDemoCorpus({ seed: 52_500 + k, items: ITEMS, cues }).items.map((it) => ({
      ...it,
      answer: rng.int(it.candidates.length),
    }));
    return multipleChoice(items, k);
  },
  'tables with text ids clean': (k) => tableWithIds(k, 'model', k),
  'tables with text ids random labels': (k) => tableWithIds(k, 'random', k),
};

/** Corpora (of N) on which any probe fires, and the fires per probe. */
export function alarmCount(shape: string, N: number): { any: number; perProbe: Record<string, number> } {
  let any = 0;
  const perProbe: Record<string, number> = {};
  for (let k = 0; k < N; k++) {
    const fired = ALARM_SHAPES[shape]!(k).probes.filter((p) => p.fires);
    for (const p of fired) perProbe[p.name] = (perProbe[p.name] ?? 0) + 1;
    if (fired.length > 0) any++;
  }
  return { any, perProbe };
}
