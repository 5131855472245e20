// Table models shared by report.md and report.html (and the paper / leaderboard exports):
// a header and rows of display strings, rendered by `mdTable` or `htmlTableOf`.
import { EXTENDED_FAMILY_METRICS, GROUND_TRUTH_METRICS, LOWER_IS_BETTER, PREDICTION_METRICS, STABILITY_METRICS } from '../config/ids.js';
import { extendedInfo } from '../run/extendedScores.js';
import { EXPLAINER_NAMES, fmt, fmtCell, fmtInterval, fmtLift, metricHeader, partialMark } from './reportFormat.js';
import type { TableSlice } from './reportMarkdown.js';
import { htmlText, mdCell } from './escapeText.js';
import type { RunManifest } from '../results/runManifest.js';
import type { DiagnosticCell, Summary, SummaryCell } from '../results/summarize.js';

/** A table as display strings. `numeric[j]`: right-align column j. */
export interface TableModel {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly numeric: readonly boolean[];
}

/** What each metric measures and which direction is better (the reports' legends). */
export const METRIC_INFO: Readonly<Record<string, string>> = {
  PRA: 'pairwise rank agreement with the ground truth: share of feature pairs ordered alike',
  RC: 'rank correlation (Spearman) with the ground truth over all features',
  FA: 'feature agreement: share of the top-k features also in the ground truth top-k',
  RA: 'rank agreement: share of the top-k features at the same rank as in the ground truth',
  SA: 'sign agreement: share of the top-k features in both top-k with the same sign',
  SRA: 'signed rank agreement: same feature, same rank and same sign',
  PGU: 'prediction gap on unimportant features: output change when the bottom-k features are perturbed',
  PGI: 'prediction gap on important features: output change when the top-k features are perturbed',
  RIS: 'relative input stability: max explanation change / input change over close same-label neighbours',
  RRS: 'relative representation stability: explanation change / hidden-representation change (ANN only)',
  ROS: 'relative output stability: explanation change / output change',
};

/** Legend lines: metric, what it measures, direction. */
export function legendTable(metrics: readonly string[]): TableModel {
  return {
    header: ['metric', 'measures', 'better'],
    rows: metrics.map((m) => {
      const x = extendedInfo(m);
      return [
        metricHeader(m),
        METRIC_INFO[m] ?? (x ? `${x.name} (${x.family}; ${x.reference})` : m),
        LOWER_IS_BETTER.has(m) ? 'lower ↓' : 'higher ↑',
      ];
    }),
    numeric: [false, false, false],
  };
}

/** The SE convention named in table headers. */
export const seHeader = (stability: boolean): string => (stability ? 'ln mean ± SE/mean' : 'mean ± SE (sd/√n)');

const cellText = (c: SummaryCell | undefined, stability: boolean, digits: number): string => {
  if (c === undefined) return 'n/a';
  return (
    (stability
      ? fmtCell(c.logMean ?? Number.NaN, c.logSe ?? Number.NaN, c.undefined, digits)
      : fmtCell(c.mean, c.se, c.undefined, digits)) + partialMark(c)
  );
};

/**
 * One compact row per explainer and metric: score ± SE, n, then the floor (and which floor),
 * the null, and the lifts over both as columns.
 * @since 0.2.0
 */
export function compactTable(slice: TableSlice, metrics: readonly string[]): TableModel | null {
  const shown = metrics.filter((m) => slice.explainers.some((e) => slice.cell('explainer', e, m)));
  if (shown.length === 0) return null;
  const rows: string[][] = [];
  for (const m of shown) {
    const stability = STABILITY_METRICS.includes(m as never);
    const d = stability ? 2 : 3;
    for (const e of slice.explainers) {
      const c = slice.cell('explainer', e, m);
      if (c === undefined) continue;
      const ctl = slice.control(e, m);
      const f = ctl?.floorExplainer ? slice.cell('floor', ctl.floorExplainer, m) : undefined;
      const floor = f === undefined ? '—' : `${stability ? fmt(f.logMean, d) : fmtCell(f.mean, f.se, 0, d)} (${ctl!.floorExplainer})`;
      const n = slice.cell('null', e, m);
      const x = extendedInfo(m);
      const nul = stability
        ? '= score (perm.-inv.)'
        : x && !x.nullMeaningful
          ? 'not meaningful¹'
          : n === undefined
            ? '—'
            : fmtCell(n.mean, n.se, 0, d);
      rows.push([
        x ? `${m} ${LOWER_IS_BETTER.has(m) ? '↓' : '↑'}` : metricHeader(m),
        `${EXPLAINER_NAMES[e] ?? e} (${e})`,
        cellText(c, stability, d),
        String(c.count),
        floor,
        nul,
        fmtLift(ctl?.liftOverFloor, d),
        stability ? '0' : x && !x.nullMeaningful ? '—' : fmtLift(ctl?.liftOverNull, d),
      ]);
    }
  }
  return {
    header: [
      'metric',
      'explainer',
      `score: ${seHeader(false)}; stability ${seHeader(true)}`,
      'n',
      'floor (best shortcut)',
      'null (permuted)',
      'lift vs floor',
      'lift vs null',
    ],
    rows,
    numeric: [false, false, true, true, true, true, true, true],
  };
}

/** The metric families, in table order. */
export const FAMILY_TABLES: readonly { readonly title: string; readonly metrics: readonly string[] }[] = [
  { title: 'Ground-truth faithfulness', metrics: GROUND_TRUTH_METRICS },
  { title: 'Predictive faithfulness', metrics: PREDICTION_METRICS },
  { title: 'Stability', metrics: STABILITY_METRICS },
  // The extended metrics, by Quantus' families; opt-in (--metrics all or by id).
  { title: 'Faithfulness (extended)', metrics: EXTENDED_FAMILY_METRICS.faithfulness },
  { title: 'Robustness (extended)', metrics: EXTENDED_FAMILY_METRICS.robustness },
  { title: 'Localisation against the ground truth (extended)', metrics: EXTENDED_FAMILY_METRICS.localisation },
  { title: 'Complexity (extended)', metrics: EXTENDED_FAMILY_METRICS.complexity },
  { title: 'Randomisation / sanity checks (extended)', metrics: EXTENDED_FAMILY_METRICS.randomisation },
  { title: 'Axiomatic (extended)', metrics: EXTENDED_FAMILY_METRICS.axiomatic },
  { title: 'Rank agreement (extended)', metrics: EXTENDED_FAMILY_METRICS.agreement },
];

/** ¹ lines under a family table: why a metric's null is not shown (from @xai/metrics' notes). */
export function nullNotes(metrics: readonly string[], shown: (m: string) => boolean): string[] {
  return metrics.filter(shown).flatMap((m) => {
    const x = extendedInfo(m);
    return x && !x.nullMeaningful ? [`¹ ${m} null: ${x.nullNote}`] : [];
  });
}

/** Stability medians and quartiles, neighbours kept and the seed-to-seed variation. */
export function quantileTable(slice: TableSlice, diagnostics: readonly DiagnosticCell[]): TableModel | null {
  const shown = STABILITY_METRICS.filter((m) => slice.explainers.some((e) => slice.cell('explainer', e, m)));
  if (shown.length === 0) return null;
  const rows = [...slice.explainers, ...slice.floors].map((e) => {
    const kind = slice.explainers.includes(e) ? 'explainer' : 'floor';
    const diag = (name: string): string =>
      fmt(diagnostics.find((d) => d.explainer === e && d.kind === kind && d.name === name)?.mean, name === 'neighbours' ? 1 : 3);
    return [
      EXPLAINER_NAMES[e] ? `${EXPLAINER_NAMES[e]} (${e})` : e,
      ...shown.map((m) => {
        const c = slice.cell(kind, e, m);
        return c === undefined ? 'n/a' : `${fmt(c.median, 3)} [${fmt(c.q25, 3)}, ${fmt(c.q75, 3)}]`;
      }),
      diag('neighbours'),
      diag('explainerNoise'),
    ];
  });
  return {
    header: ['explainer', ...shown.map((m) => `${m} median [q25, q75]`), 'neighbours kept', 'seed-to-seed ‖e−e′‖/‖e‖'],
    rows,
    numeric: [false, ...shown.map(() => true), true, true],
  };
}

/** Subgroup means ± SE and the disparity with its bootstrap interval. */
export function subgroupTableModel(summary: Summary, dataset: string, model: string): TableModel | null {
  const cells = summary.subgroups.filter((s) => s.dataset === dataset && s.model === model);
  if (cells.length === 0) return null;
  const groups = [...new Map(cells.map((c) => [c.group, c.groupName])).entries()].sort((a, b) => a[0] - b[0]);
  const gapName = groups.length >= 2 ? `${groups[0]![1]} − ${groups[1]![1]}` : 'gap';
  const rows: string[][] = [];
  for (const k of [...new Set(cells.map((c) => `${c.explainer}\u0000${c.metric}`))]) {
    const [e, m] = k.split('\u0000') as [string, string];
    const vals = groups.map(([g]) => cells.find((c) => c.explainer === e && c.metric === m && c.group === g));
    const d = summary.disparities.find((x) => x.dataset === dataset && x.model === model && x.explainer === e && x.metric === m);
    rows.push([
      EXPLAINER_NAMES[e] ? `${EXPLAINER_NAMES[e]} (${e})` : e,
      metricHeader(m),
      ...vals.map((v) => (v ? fmtCell(v.mean, v.se) : '—')),
      d ? fmtInterval(d.disparity, d.lower, d.upper) : '—',
    ]);
  }
  return {
    header: ['explainer', 'metric', ...groups.map(([, n]) => n), `disparity (${gapName}) [95% CI]`],
    rows,
    numeric: [false, false, ...groups.map(() => true), true],
  };
}

/** Test accuracy beside the base rate (every model, file models included), and the loud line when it fails. */
function sanityFacts(s: NonNullable<RunManifest['models'][number]['sanity']>, file: boolean): string[] {
  const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;
  const out: string[] = [];
  if (file) out.push(`accuracy on the ${s.rows} test rows: ${fmt(s.accuracy, 3)} (base rate ${fmt(s.baseRate, 3)}; computed by the bench)`);
  else out.push(`base rate of the test label ${fmt(s.baseRate, 3)}; most common prediction ${pct(s.constantShare)} of rows`);
  if (s.problem === 'constant')
    out.push(`⚠ CONSTANT MODEL: class ${s.modalPrediction} for all ${s.rows} test rows — its scores explain nothing`);
  else if (s.problem === 'at-or-below-base-rate')
    out.push(
      `⚠ MODEL AT OR BELOW THE BASE RATE: accuracy ${pct(s.accuracy)} vs ${pct(s.baseRate)} — check the input space it was trained on (--model-input)`,
    );
  return out;
}

/** Model accuracy (validation, test), chosen epoch and training settings of one dataset x model. */
export function modelFacts(manifest: RunManifest, dataset: string, model: string): string[] {
  const mh = manifest.models.find((m) => m.dataset === dataset && m.model === model);
  const r = mh?.report as
    | undefined
    | {
        accuracy?: { train?: number; validation?: number | null; test?: number | null };
        bestEpoch?: number;
        epochsRun?: number;
        selection?: string;
        stoppedEarly?: boolean;
        task?: string;
        settings?: Record<string, unknown>;
      };
  if (mh === undefined) return [];
  const out: string[] = [];
  if (r?.accuracy) {
    const a = r.accuracy;
    const label = r.task === 'regression' ? 'R²' : 'accuracy';
    out.push(
      `${label}: validation ${fmt(a.validation ?? Number.NaN, 3)}, test ${fmt(a.test ?? Number.NaN, 3)} (train ${fmt(a.train ?? Number.NaN, 3)})`,
    );
  } else if (mh.sanity === undefined) {
    out.push('accuracy: not recorded (model trained by an older version; delete the model cache to retrain)');
  }
  if (mh.sanity !== undefined) out.push(...sanityFacts(mh.sanity, mh.source?.kind === 'file'));
  if (mh.inputSpace !== undefined) out.push(`input space: ${mh.inputSpace.space} — ${mh.inputSpace.note}`);
  if (r?.bestEpoch !== undefined)
    out.push(`chosen epoch ${r.bestEpoch} of ${r.epochsRun ?? '?'} (${r.selection ?? '?'}${r.stoppedEarly ? ', stopped early' : ''})`);
  if (r?.settings) {
    const s = Object.entries(r.settings)
      .filter(([, v]) => v !== null && typeof v !== 'object')
      .map(([k, v]) => `${k} ${String(v)}`);
    if (s.length > 0) out.push(`training: ${s.join(', ')}`);
  }
  if (mh.source?.kind === 'file')
    out.push(
      `model file \`${mh.path.replace(/^.*[\\/]/, '')}\` (${mh.source.format}${mh.source.backend ? `, run by ${mh.source.backend}` : ''})`,
    );
  else if (mh.source?.backend)
    out.push(
      `forward passes: ${mh.source.backend === 'ort' ? 'ONNX Runtime (float32; input gradients too, in the run precision)' : mh.source.backend}`,
    );
  if (mh.approximateGradients)
    out.push(
      `⚠ gradients APPROXIMATE: ${mh.gradients ?? 'finite differences'} — gradient-based explainers (grad, sg, ig, itg, …) and the metrics that re-explain with them carry finite-difference error`,
    );
  else if (mh.source?.kind === 'file' && mh.gradients) out.push(`gradients ${mh.gradients}`);
  out.push(`model hash ${mh.hash.slice(0, 16)}`);
  return out;
}

/** A table model as Markdown lines: every cell is plain text, escaped (user strings among them). */
export function mdTable(t: TableModel): string[] {
  const esc = mdCell;
  return [
    `| ${t.header.map(esc).join(' | ')} |`,
    `|${t.numeric.map((n) => (n ? '---:' : '---')).join('|')}|`,
    ...t.rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ];
}

const escHtml = htmlText;

/** A table model as an HTML table (in a scroll box). */
export function htmlTableOf(t: TableModel, cls = ''): string {
  const al = (j: number): string => (t.numeric[j] ? '' : ' class="l"');
  return `<div class="scroll"><table${cls ? ` class="${cls}"` : ''}><thead><tr>${t.header.map((h, j) => `<th${al(j)}>${escHtml(h)}</th>`).join('')}</tr></thead><tbody>${t.rows.map((r) => `<tr>${r.map((c, j) => `<td${al(j)}>${escHtml(c)}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`;
}
