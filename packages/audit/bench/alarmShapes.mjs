// The false-alarm shapes: data without a shortcut, audited with the batteries the adapters build
// (ids and id-like fields included), N corpora each. One module for the slow test
// (src/falseAlarms.slow.test.ts, over the sources) and the measurement script (bench/alarms.mjs, over
// any build, the released one included): each passes the audit module it runs.
import { substream } from '@xai/core';

const ITEMS = 200;
const hex8 = (rng) => Array.from({ length: 8 }, () => '0123456789abcdef'[rng.int(16)]).join('');

/** Table `t` with a first column `record_id` of random 8-hex-digit ids drawn from `rng` (text, coded by sorted level). */
export function withTextIds(t, rng) {
  const ids = Array.from({ length: t.x.rows }, () => hex8(rng));
  const levels = [...new Set(ids)].sort();
  const code = new Map(levels.map((v, c) => [v, c]));
  const cols = t.x.cols + 1;
  const data = new Float64Array(t.x.rows * cols);
  for (let i = 0; i < t.x.rows; i++) {
    data[i * cols] = code.get(ids[i]);
    for (let j = 0; j < t.x.cols; j++) data[i * cols + 1 + j] = t.x.data[i * t.x.cols + j];
  }
  return { ...t, x: { rows: t.x.rows, cols, data }, header: ['record_id', ...t.header], text: { record_id: ids } };
}

/**
 * Shape name → the k-th dataset's audit by `A` (the `@xai/audit` root or a build of it). Seeds
 * 50 000 + (used by no test). `before`: the battery the adapters built before ids were read in every
 * layout (multiple choice without id-content; tables through runTabularAudit, no label-copy check).
 */
export function alarmShapes(A, { before = false } = {}) {
  const classify = (items, seed) =>
    A.runAudit(items, {
      probes: [A.bagOfWordsProbe({ part: 'premise' }), A.bagOfWordsProbe({ part: 'hypothesis' }), A.idContentProbe()],
      decisionNull: 'across-items',
      seed,
    });
  const multipleChoice = (items, seed) =>
    A.runAudit(items, {
      probes: [
        ...A.defaultProbes,
        A.bagOfWordsProbe({ part: 'candidates' }),
        A.bagOfWordsProbe({ part: 'query' }),
        ...(before ? [] : [A.idContentProbe(), A.idContentProbe({ part: 'candidates' })]),
      ],
      seed,
    });
  const tableWithIds = (k, labels, seed) => {
    const t = A.generateDemoTable({ seed: 53_000 + k, labels, rows: 200 + 100 * (k % 4), testRows: 0, extras: k % 2 === 0 });
    const table = withTextIds(t, substream(53, 'table-ids', k));
    // Through runAuditSource: the exact-match label-copy check runs on every column too.
    return before
      ? A.runTabularAudit(table, { seed })
      : A.runAuditSource({ kind: 'tabular', name: 'alarm table', table, inputs: [] }, { seed });
  };
  return {
    'classification clean': (k) => classify(A.generateDemoClassification({ seed: 50_000 + k, items: ITEMS }).items, k),
    'classification random labels': (k) => {
      const rng = substream(51, 'random-labels', k);
      const cued = A.generateDemoClassification({ seed: 51_000 + k, items: ITEMS, cues: { word: 0.6, idSuffix: 1 } }).items;
      return classify(
        cued.map((it) => ({ ...it, answer: rng.int(3) })),
        k,
      );
    },
    'multiple choice clean': (k) => multipleChoice(A.generateDemoCorpus({ seed: 52_000 + k, items: ITEMS }).items, k),
    'multiple choice random labels': (k) => {
      const rng = substream(52, 'random-labels', k);
      const cues = k % 2 === 0 ? {} : { case: 0.5, length: 0.5, echo: 0.5, 'id-shape': 0.5 };
      const items = A.generateDemoCorpus({ seed: 52_500 + k, items: ITEMS, cues }).items.map((it) => ({
        ...it,
        answer: rng.int(it.candidates.length),
      }));
      return multipleChoice(items, k);
    },
    'tables with text ids clean': (k) => tableWithIds(k, 'model', k),
    'tables with text ids random labels': (k) => tableWithIds(k, 'random', k),
  };
}

/** Corpora (of N) of one shape on which any probe fires, and the fires per probe. */
export function alarmCount(audit, N) {
  let any = 0;
  const perProbe = {};
  for (let k = 0; k < N; k++) {
    const fired = audit(k).probes.filter((p) => p.fires);
    for (const p of fired) perProbe[p.name] = (perProbe[p.name] ?? 0) + 1;
    if (fired.length > 0) any++;
  }
  return { any, perProbe };
}
