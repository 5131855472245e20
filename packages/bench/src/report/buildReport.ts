// The report as one document: report.md and report.html are its two renderings.
import { formatValue } from '@xai/core';
import { ALL_METRICS, EXPLAINERS, STABILITY_METRICS, rankIn } from '../config/ids.js';
import { presetLine } from '../config/presetStages.js';
import { modelWarningLines } from '../inputs/modelNotes.js';
import type { ResultRow } from '../results/resultRow.js';
import { storedToNumber } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary } from '../results/summarize.js';
import { SE_CONVENTIONS } from '../results/summarize.js';
import { chartSpecs } from './chartSpecs.js';
import { leaderboard, leaderboardNotes, leaderboardTables, receiptLines } from './leaderboard.js';
import { OVERVIEW_CAPTION, overviewPath, overviewSpec } from './overviewFigure.js';
import { plotBlocks } from './plotBlocks.js';
import { RANK_STABILITY_NOTE, rankStabilityTable } from './rankStability.js';
import type { Block, ReportDocument, TableModel } from './reportDocument.js';
import { MODEL_NAMES, datasetWarnings, direction, explainerName, instancesText, metricHeader, partialLines } from './reportFormat.js';
import { tablePairs, tableSlice } from './reportSlice.js';
import {
  FAMILY_TABLES,
  compactTable,
  legendTable,
  modelFacts,
  quantileTable,
  seHeader,
  subgroupTableModel,
  verdictTable,
} from './reportTables.js';
import { VERDICT_LEGEND, verdictContext } from './verdicts.js';

/** Instances per dataset x model shown in the per-instance drill-down (the rest: results.jsonl). */
export const DRILL_INSTANCES = 25;

const pairName = (dataset: string, model: string): string => `${dataset} · ${MODEL_NAMES[model] ?? model}`;
const pairId = (dataset: string, model: string): string => `${dataset}-${model}`;

/** The run's settings in one line. */
function runLine(manifest: RunManifest): Block {
  const c = manifest.config;
  return {
    type: 'paragraph',
    content: [
      c.backend === 'ort' ? 'Backend ' : '',
      ...(c.backend === 'ort'
        ? [
            { code: 'ort' },
            " (forward passes through ONNX Runtime; input gradients too for the built-in models and xai-model@1 files, an .onnx file keeping the interpreter's exact ones) · ",
          ]
        : []),
      c.precision === 'float32' ? "Precision float32 (the released code's torch arithmetic) · " : '',
      'Preset ',
      { code: c.preset },
      `${presetLine(c.preset).slice(c.preset.length)} · seed ${c.seed} · ${instancesText(c)} per dataset · stability: up to ${c.stabilityNeighbours} same-label neighbours of ${c.stabilitySamples} draws · run identity `,
      { code: manifest.identityHash.slice(0, 16) },
    ],
  };
}

const CONTROLS_NOTE =
  'Every score stands beside its controls: the floor is the best shortcut explainer that does not look at the instance, the null is the same explanations with their values permuted across features. ' +
  'A lift is how much better the explainer does than each (positive = better; stability on the ln scale), written to the precision of its paired SE. ' +
  `Standard errors: ${SE_CONVENTIONS.se}; stability cells are ln(mean ratio) ± SE/mean (${SE_CONVENTIONS.logSe}); lower is more stable. ` +
  'Stability is invariant under a feature permutation applied to an explanation and its neighbours alike, so its null equals the explainer’s own score. ' +
  'Every number is written to the decimals its standard error supports (two significant digits of an SE starting with 1 or 2, else one); a number without an SE keeps three significant digits.';

/** The one-screen verdicts: per dataset x model, explainers x metrics with ✓ / ✕ / ○. */
function verdictSection(summary: Summary, manifest: RunManifest): Block {
  const present = ALL_METRICS.filter((m) => summary.cells.some((x) => x.metric === m));
  const blocks: Block[] = [
    { type: 'heading', level: 2, text: 'Verdicts: does each explainer beat its controls?' },
    { type: 'paragraph', role: 'note', content: [VERDICT_LEGEND] },
  ];
  for (const { dataset, model } of tablePairs(summary)) {
    const t = verdictTable(tableSlice(summary, dataset, model), verdictContext(manifest, dataset, model), present);
    if (t === null) continue;
    blocks.push(
      { type: 'heading', level: 3, text: pairName(dataset, model) },
      { type: 'table', table: t.table, role: 'verdict', footnotes: t.footnotes },
    );
  }
  return { type: 'section', id: 'verdicts', role: 'verdicts', blocks };
}

function groundTruthText(gt: string | null | undefined): string {
  if (gt === 'model') return "the LR model's own weights (w1 − w0)";
  if (gt === 'data') return "the generator's per-instance weights";
  return 'none (ground-truth metrics not applicable)';
}

/** The per-instance values of the first instances, from the result rows (HTML only). */
function drillDown(rows: readonly ResultRow[], dataset: string, model: string, groupNames: readonly string[] | undefined): Block | null {
  const mine = rows.filter((r) => r.dataset === dataset && r.model === model && r.kind === 'explainer');
  if (mine.length === 0) return null;
  const instances = [...new Set(mine.map((r) => r.instance))].sort((a, b) => a - b);
  const shownInst = new Set(instances.slice(0, DRILL_INSTANCES));
  const metrics = ALL_METRICS.filter((m) => mine.some((r) => m in r.metrics));
  const body = mine
    .filter((r) => shownInst.has(r.instance))
    .sort((a, b) => a.instance - b.instance || rankIn(EXPLAINERS, a.explainer) - rankIn(EXPLAINERS, b.explainer))
    .map((r) => [
      String(r.instance),
      ...(groupNames ? [r.group === undefined || r.group === null ? '—' : (groupNames[r.group] ?? String(r.group))] : []),
      explainerName(r.explainer),
      ...metrics.map((m) => (m in r.metrics ? formatValue(storedToNumber(r.metrics[m])) : '')),
      String(r.diag?.neighbours ?? ''),
    ]);
  const table: TableModel = {
    header: ['instance', ...(groupNames ? ['group'] : []), 'explainer', ...metrics.map(metricHeader), 'neighbours'],
    rows: body,
    numeric: [false, ...(groupNames ? [false] : []), false, ...metrics.map(() => true), true],
  };
  return {
    type: 'details',
    only: 'html',
    id: `drill-${pairId(dataset, model)}`,
    summary: `Per-instance values: first ${shownInst.size} of ${instances.length} instances, from results.jsonl (every row is there)`,
    blocks: [{ type: 'table', table, role: 'drill-table' }],
  };
}

/** One dataset x model: facts, the detailed tables per family, stability quantiles, subgroups, charts, plots, drill-down. */
function pairSection(summary: Summary, manifest: RunManifest, rows: readonly ResultRow[], dataset: string, model: string): Block {
  const ds = manifest.datasets.find((d) => d.id === dataset);
  const slice = tableSlice(summary, dataset, model);
  const context = verdictContext(manifest, dataset, model);
  const blocks: Block[] = [{ type: 'heading', level: 2, text: pairName(dataset, model) }];
  const spec = overviewSpec(summary, dataset, model, context);
  if (spec !== null)
    blocks.push({
      type: 'figure',
      id: `overview-${pairId(dataset, model)}`,
      role: 'overview',
      spec,
      alt: `Overview of ${pairName(dataset, model)}`,
      caption: OVERVIEW_CAPTION,
      file: overviewPath(dataset, model),
    });
  const facts = [
    ...(ds ? [`${ds.instances} instances, ${ds.features} features, input hash `, { code: ds.hash.slice(0, 16) }, ' · '] : []),
    `ground truth: ${groundTruthText(ds?.groundTruth[model])}`,
  ];
  blocks.push({ type: 'paragraph', content: facts });
  for (const w of datasetWarnings(ds?.provenance)) blocks.push({ type: 'paragraph', content: [`⚠ data: ${w}`] });
  const mf = modelFacts(manifest, dataset, model);
  if (mf.length > 0) blocks.push({ type: 'paragraph', role: 'model', content: [{ strong: 'Model' }, `: ${mf.join(' · ')}`] });
  for (const fam of FAMILY_TABLES) {
    const t = compactTable(slice, fam.metrics, context);
    if (t === null) continue;
    const title =
      fam.metrics === STABILITY_METRICS
        ? `${fam.title}: ln of the mean ratio ± SE/mean, lower is more stable; a floor of −∞ is a constant explanation, ratio 0`
        : `${fam.title}: ${seHeader(false)}`;
    blocks.push({ type: 'heading', level: 3, text: title }, { type: 'table', table: t.table, role: 'compact', footnotes: t.footnotes });
  }
  blocks.push(...stabilityAndSubgroups(summary, manifest, dataset, model));
  blocks.push(...chartBlocks(summary, dataset, model));
  blocks.push(...plotBlocks(rows, manifest, dataset, model));
  const drill = drillDown(rows, dataset, model, ds?.sensitive?.groups);
  if (drill) blocks.push(drill);
  blocks.push({ type: 'raw', only: 'html', html: '<p class="top"><a href="#toc">↑ contents</a></p>' });
  return { type: 'section', id: pairId(dataset, model), role: 'pair', blocks };
}

function stabilityAndSubgroups(summary: Summary, manifest: RunManifest, dataset: string, model: string): Block[] {
  const out: Block[] = [];
  const slice = tableSlice(summary, dataset, model);
  const q = quantileTable(
    slice,
    summary.diagnostics.filter((d) => d.dataset === dataset && d.model === model),
  );
  if (q !== null) {
    const noiseNote =
      manifest.config.preset === 'openxai'
        ? "each neighbour is explained with its own noise, as in the released code, so a stochastic explainer's sampling noise is counted as instability"
        : "stochastic explainers are scored with common random numbers: a neighbour is explained with its anchor's noise, so this variation is not counted as instability";
    out.push(
      { type: 'heading', level: 3, text: 'Stability ratios: median [q25, q75], neighbours kept, seed-to-seed variation' },
      { type: 'paragraph', role: 'note', content: [`Mean neighbours kept; the explainer's own seed-to-seed variation (${noiseNote}).`] },
      { type: 'table', table: q, role: 'quantiles' },
    );
  }
  const sub = subgroupTableModel(summary, dataset, model);
  const ds = manifest.datasets.find((d) => d.id === dataset);
  if (sub !== null)
    out.push(
      {
        type: 'heading',
        level: 3,
        text: `Subgroups (${ds?.sensitive?.name ?? 'sensitive attribute'}): mean ± SE per group, disparity with 95% CI`,
      },
      { type: 'table', table: sub, role: 'subgroups' },
    );
  return out;
}

/** The metric and subgroup charts of a pair (HTML only). */
function chartBlocks(summary: Summary, dataset: string, model: string): Block[] {
  const mine = chartSpecs(summary).filter((ch) => ch.dataset === dataset && ch.model === model);
  const out: Block[] = [];
  const group = (kind: 'metric' | 'subgroup', title: string, note: string): void => {
    const charts = mine.filter((ch) => ch.kind === kind);
    if (charts.length === 0) return;
    out.push(
      { type: 'heading', level: 3, text: title, only: 'html' },
      { type: 'paragraph', only: 'html', content: [note] },
      {
        type: 'figures',
        only: 'html',
        figures: charts.map((ch) => ({
          type: 'figure',
          id: ch.id,
          spec: ch.spec,
          alt: ch.title,
          role: kind === 'metric' ? 'chart' : 'chart subgroup',
        })),
      },
    );
  };
  group(
    'metric',
    'Charts',
    'Bars: mean ± SE over instances (stability: ln mean ± SE/mean); black tick: the null; red dashed rule: the floor.',
  );
  group('subgroup', 'Subgroup charts', 'Mean ± SE per group of the sensitive attribute.');
  return out;
}

/** The leaderboard and the receipt at the end of report.html (report.md points to leaderboard.md). */
function leaderboardBlocks(summary: Summary, manifest: RunManifest): Block[] {
  const blocks: Block[] = [
    { type: 'heading', level: 2, text: 'Leaderboard' },
    {
      type: 'paragraph',
      content: ['Per metric, the methods of each dataset × model ranked best first (also in leaderboard.html and leaderboard.md):'],
    },
    { type: 'list', items: leaderboardNotes().map((l) => [l]) },
  ];
  for (const { metric, table, footnotes } of leaderboardTables(summary, manifest))
    blocks.push(
      { type: 'heading', level: 3, text: `${metricHeader(metric)} (${direction(metric)})` },
      { type: 'table', table, role: 'leaderboard', footnotes },
    );
  const stability = rankStabilityTable(leaderboard(summary, manifest));
  if (stability !== null)
    blocks.push(
      { type: 'heading', level: 3, text: 'Rank stability', id: 'rank-stability' },
      { type: 'paragraph', content: [RANK_STABILITY_NOTE] },
      { type: 'table', table: stability, role: 'ranks' },
    );
  return [
    { type: 'section', id: 'leaderboard', only: 'html', blocks },
    {
      type: 'section',
      id: 'receipt',
      only: 'html',
      blocks: [
        { type: 'heading', level: 2, text: 'Receipt' },
        { type: 'list', role: 'receipt', items: receiptLines(manifest, false).map((l) => [{ code: l }]) },
      ],
    },
  ];
}

/** Why the run left explainers or metrics of its default set out (the manifest's settings.leftOut), or null. */
function leftOutReason(manifest: RunManifest): string | null {
  const left = manifest.settings?.leftOut as { readonly reason?: unknown } | undefined;
  return typeof left?.reason === 'string' ? left.reason : null;
}

/**
 * The report of a run as one document: a partial-run and model banner first, the run's settings,
 * the one-screen verdicts (per dataset x model, explainers x metrics: ✓ beats both controls, ✕
 * does not, ○ not testable here and why), how to read the controls, the legend (from the metric
 * registry), then per dataset x model its overview picture, facts, model, detailed tables per
 * metric family with their footnotes, stability quantiles and subgroups; in HTML also charts,
 * explanation plots, a drill-down, the leaderboard and the receipt. Holds no timings or paths,
 * so equal results give byte-identical reports.
 * @since 0.3.0
 */
export function buildReport(summary: Summary, manifest: RunManifest, rows: readonly ResultRow[] = []): ReportDocument {
  const blocks: Block[] = [];
  const partial = partialLines(summary);
  if (partial.length > 0) blocks.push({ type: 'banner', title: 'PARTIAL RESULTS — not the whole run.', items: partial });
  const warnings = modelWarningLines(summary.models);
  if (warnings.length > 0) blocks.push({ type: 'banner', title: '⚠ Models to read with care', items: warnings });
  const pairs = tablePairs(summary);
  blocks.push(runLine(manifest), {
    type: 'toc',
    only: 'html',
    entries: [
      { id: 'verdicts', text: 'Verdicts' },
      { id: 'legend', text: 'Legend' },
      ...pairs.map(({ dataset, model }) => ({ id: pairId(dataset, model), text: pairName(dataset, model) })),
      { id: 'leaderboard', text: 'Leaderboard' },
      { id: 'receipt', text: 'Receipt' },
    ],
  });
  blocks.push(verdictSection(summary, manifest));
  const leftOut = leftOutReason(manifest);
  if (leftOut !== null) blocks.push({ type: 'paragraph', role: 'note', content: [`Left out: ${leftOut}`] });
  blocks.push({ type: 'paragraph', role: 'note', content: [CONTROLS_NOTE] });
  blocks.push({ type: 'paragraph', only: 'md', content: ['The leaderboard across datasets is in leaderboard.md.'] });
  const present = ALL_METRICS.filter((m) => summary.cells.some((x) => x.metric === m));
  if (present.length > 0)
    blocks.push({
      type: 'section',
      id: 'legend',
      blocks: [
        { type: 'heading', level: 2, text: 'Legend' },
        { type: 'table', table: legendTable(present), role: 'legend' },
      ],
    });
  for (const { dataset, model } of pairs) blocks.push(pairSection(summary, manifest, rows, dataset, model));
  blocks.push(...leaderboardBlocks(summary, manifest));
  return { title: 'xai bench report', blocks };
}
