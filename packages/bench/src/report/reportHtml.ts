import { chartSpecs } from './chartSpecs.js';
import { ALL_METRICS, EXPLAINERS, rankIn } from '../config/ids.js';
import {
  EXPLAINER_NAMES,
  MODEL_NAMES,
  datasetWarnings,
  direction,
  fmt,
  instancesText,
  metricHeader,
  partialLines,
} from './reportFormat.js';
import { tablePairs, tableSlice } from './reportMarkdown.js';
import { leaderboardTables, receiptLines } from './reportPaper.js';
import { modelWarningLines } from '../inputs/modelNotes.js';
import { FAMILY_TABLES, compactTable, htmlTableOf, legendTable, modelFacts, quantileTable, subgroupTableModel } from './reportTables.js';
import type { ResultRow } from '../results/resultRow.js';
import { storedToNumber } from '../results/resultRow.js';
import { SE_CONVENTIONS } from '../results/summarize.js';
import { renderSvg } from './renderSvg.js';
import { htmlText } from './escapeText.js';
import { OVERVIEW_CAPTION, renderOverviews } from './overviewFigure.js';
import { leaderboard, leaderboardNotes } from './leaderboard.js';
import { RANK_STABILITY_NOTE, rankStabilityTable } from './rankStability.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary } from '../results/summarize.js';
import { presetLine } from '../config/presetStages.js';

const esc = htmlText;

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1200px;color:#222;padding:0 16px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd}h3{font-size:15px}
table{border-collapse:collapse;margin:8px 0 16px;font-variant-numeric:tabular-nums;font-size:13px}.scroll{overflow-x:auto}
th,td{border:1px solid #ddd;padding:3px 8px;text-align:right;white-space:nowrap}th.l,td.l{text-align:left}
nav#toc{background:#f8f8f8;border:1px solid #e4e4e4;padding:6px 12px;display:inline-block}nav#toc ol{margin:4px 0;padding-left:22px}
table.legend td{white-space:normal}details.drill{margin:10px 0}details.drill summary{cursor:pointer;color:#1f5fa8}p.model{background:#f4f8ff;padding:4px 8px}p.top{font-size:12px}
th{background:#f4f4f4}tr.ctl td{color:#666;font-size:12px}tr.floor td{background:#fff4f4}
.charts{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0;border:1px solid #eee;padding:6px}
.note{color:#555;max-width:900px}figure.overview{border:0;padding:0;margin:8px 0 4px}figure.overview figcaption{font-size:12px;color:#555;max-width:900px}ul.notes{font-size:13px;color:#444}.partial{border:2px solid #d62728;background:#fff4f4;padding:8px 12px;margin:12px 0}code{background:#f4f4f4;padding:0 3px}`;

/** Instances per dataset x model shown in the per-instance drill-down (the rest: results.jsonl). */
export const DRILL_INSTANCES = 25;

function drillDown(
  rows: readonly ResultRow[],
  dataset: string,
  model: string,
  metrics: readonly string[],
  groupNames: readonly string[] | undefined,
): string {
  const mine = rows.filter((r) => r.dataset === dataset && r.model === model && r.kind === 'explainer');
  if (mine.length === 0) return '';
  const instances = [...new Set(mine.map((r) => r.instance))].sort((a, b) => a - b);
  const shownInst = new Set(instances.slice(0, DRILL_INSTANCES));
  const shown = metrics.filter((m) => mine.some((r) => m in r.metrics));
  const body = mine
    .filter((r) => shownInst.has(r.instance))
    .sort((a, b) => a.instance - b.instance || rankIn(EXPLAINERS, a.explainer) - rankIn(EXPLAINERS, b.explainer))
    .map((r) => {
      const cells = shown.map((m) => {
        const v = storedToNumber(r.metrics[m]);
        return `<td>${esc(m in r.metrics ? fmt(v, 3) : '')}</td>`;
      });
      const group = groupNames
        ? `<td class="l">${esc(r.group === undefined || r.group === null ? '—' : (groupNames[r.group] ?? String(r.group)))}</td>`
        : '';
      return `<tr data-instance="${r.instance}"><td class="l">${r.instance}</td>${group}<td class="l">${esc(EXPLAINER_NAMES[r.explainer] ?? r.explainer)}</td>${cells.join('')}<td>${r.diag?.neighbours ?? ''}</td></tr>`;
    });
  return (
    `<details class="drill" id="drill-${esc(`${dataset}-${model}`)}"><summary>Per-instance values: first ${shownInst.size} of ${instances.length} instances, from results.jsonl (every row is there)</summary>` +
    `<div class="scroll"><table class="drill-table"><thead><tr><th class="l">instance</th>${groupNames ? '<th class="l">group</th>' : ''}<th class="l">explainer</th>${shown.map((m) => `<th>${esc(metricHeader(m))}</th>`).join('')}<th>neighbours</th></tr></thead><tbody>${body.join('')}</tbody></table></div></details>`
  );
}

/**
 * `report.html`: one self-contained page (inline CSS and SVG, no script, no network) holding
 * everything report.md holds — a table of contents, the legend (what each metric measures and
 * which direction is better), per dataset x model the model's accuracy, chosen epoch and
 * training settings, compact rows (score ± SE, n, floor, null, lifts), stability quantiles /
 * neighbours kept / seed-to-seed variation, subgroup disparities with CIs — plus Vega-Lite
 * charts compiled to SVG in Node, a per-instance drill-down (`<details>`) from the result rows,
 * and the leaderboard with its receipt. A partial run says so at the top.
 * @since 0.1.0
 */
export async function reportHtml(summary: Summary, manifest: RunManifest, rows: readonly ResultRow[] = []): Promise<string> {
  const c = manifest.config;
  const charts = chartSpecs(summary);
  const svgs = new Map<string, string>();
  for (const ch of charts) svgs.set(ch.id, await renderSvg(ch.spec));
  const overviews = await renderOverviews(summary);
  const parts: string[] = [];
  const partial = partialLines(summary);
  const pairs = tablePairs(summary);
  parts.push('<h1>xai bench report</h1>');
  if (partial.length > 0)
    parts.push(
      `<div class="partial" role="alert"><b>PARTIAL RESULTS — not the whole run.</b><ul>${partial.map((r) => `<li>${esc(r)}</li>`).join('')}</ul></div>`,
    );
  const warnings = modelWarningLines(summary.models);
  if (warnings.length > 0)
    parts.push(
      `<div class="partial" role="alert"><b>⚠ Models to read with care</b><ul>${warnings.map((r) => `<li>${esc(r)}</li>`).join('')}</ul></div>`,
    );
  parts.push(
    `<p class="note">${c.backend === 'ort' ? 'Backend <code>ort</code> (ONNX Runtime) · ' : ''}${c.precision === 'float32' ? 'Precision float32 · ' : ''}Preset <code>${esc(c.preset)}</code>${esc(presetLine(c.preset).slice(c.preset.length))} · seed ${c.seed} · ${esc(instancesText(c))} · stability: up to ${c.stabilityNeighbours} neighbours of ${c.stabilitySamples} draws · run identity <code>${esc(manifest.identityHash.slice(0, 16))}</code>.</p>`,
  );
  parts.push(
    `<nav id="toc"><b>Contents</b><ol><li><a href="#legend">Legend</a></li>${pairs.map(({ dataset, model }) => `<li><a href="#${esc(`${dataset}-${model}`)}">${esc(dataset)} · ${esc(MODEL_NAMES[model] ?? model)}</a></li>`).join('')}<li><a href="#leaderboard">Leaderboard</a></li><li><a href="#receipt">Receipt</a></li></ol></nav>`,
  );
  parts.push(
    `<p class="note">Every score stands beside its controls: the <b>floor</b> (the best shortcut explainer that does not look at the instance) and the <b>null</b> (the same explanations with values permuted across features). Standard errors: ${esc(SE_CONVENTIONS.se)}; stability is shown as ln(mean ratio) ± SE/mean (${esc(SE_CONVENTIONS.logSe)}); lower is more stable; it is invariant under a common feature permutation, so its null equals the score.</p>`,
  );
  const present = ALL_METRICS.filter((m) => summary.cells.some((x) => x.metric === m));
  parts.push(`<section id="legend"><h2>Legend</h2>${htmlTableOf(legendTable(present), 'legend')}</section>`);
  for (const { dataset, model } of pairs) {
    const slice = tableSlice(summary, dataset, model);
    const ds = manifest.datasets.find((d) => d.id === dataset);
    parts.push(`<section class="pair" id="${esc(`${dataset}-${model}`)}"><h2>${esc(dataset)} · ${esc(MODEL_NAMES[model] ?? model)}</h2>`);
    const overview = overviews.get(`${dataset}\u0000${model}`);
    if (overview)
      parts.push(
        `<figure class="overview" id="${esc(`overview-${dataset}-${model}`)}">${overview}<figcaption>${esc(OVERVIEW_CAPTION)}</figcaption></figure>`,
      );
    const gt = ds?.groundTruth[model];
    if (ds)
      parts.push(
        `<p class="note">${ds.instances} instances, ${ds.features} features, input hash <code>${esc(ds.hash.slice(0, 16))}</code> · ground truth: ${gt === 'model' ? "the LR model's own weights (w1 − w0)" : gt === 'data' ? "the generator's per-instance weights" : 'none (ground-truth metrics not applicable)'}</p>`,
      );
    for (const w of datasetWarnings(ds?.provenance)) parts.push(`<p class="note">⚠ data: ${esc(w)}</p>`);
    const mf = modelFacts(manifest, dataset, model);
    if (mf.length > 0) parts.push(`<p class="model"><b>Model</b>: ${mf.map(esc).join(' · ')}</p>`);
    for (const fam of FAMILY_TABLES) {
      const t = compactTable(slice, fam.metrics);
      if (t !== null) parts.push(`<h3>${esc(fam.title)}</h3>${htmlTableOf(t, 'compact')}`);
    }
    const q = quantileTable(
      slice,
      summary.diagnostics.filter((d) => d.dataset === dataset && d.model === model),
    );
    if (q !== null)
      parts.push(`<h3>Stability ratios: median [q25, q75], neighbours kept, seed-to-seed variation</h3>${htmlTableOf(q, 'quantiles')}`);
    const sub = subgroupTableModel(summary, dataset, model);
    if (sub !== null)
      parts.push(
        `<h3>Subgroups (${esc(ds?.sensitive?.name ?? 'sensitive attribute')}): mean ± SE per group, disparity with 95% CI</h3>${htmlTableOf(sub, 'subgroups')}`,
      );
    const mine = charts.filter((ch) => ch.dataset === dataset && ch.model === model);
    const metricCharts = mine.filter((ch) => ch.kind === 'metric');
    const subCharts = mine.filter((ch) => ch.kind === 'subgroup');
    if (metricCharts.length > 0)
      parts.push(
        `<h3>Charts</h3><p class="note">Bars: mean ± SE over instances (stability: ln mean ± SE/mean); black tick: the null; red dashed rule: the floor.</p><div class="charts">${metricCharts.map((ch) => `<figure class="chart" id="${esc(ch.id)}">${svgs.get(ch.id)}</figure>`).join('')}</div>`,
      );
    if (subCharts.length > 0)
      parts.push(
        `<h3>Subgroup charts</h3><p class="note">Mean ± SE per group of the sensitive attribute.</p><div class="charts">${subCharts.map((ch) => `<figure class="chart subgroup" id="${esc(ch.id)}">${svgs.get(ch.id)}</figure>`).join('')}</div>`,
      );
    parts.push(drillDown(rows, dataset, model, present, ds?.sensitive?.groups));
    parts.push('<p class="top"><a href="#toc">↑ contents</a></p></section>');
  }
  parts.push(
    `<section id="leaderboard"><h2>Leaderboard</h2><p class="note">Per metric, the methods of each dataset × model ranked best first (also in leaderboard.html and leaderboard.md):</p><ul class="notes">${leaderboardNotes()
      .map((l) => `<li>${esc(l)}</li>`)
      .join('')}</ul>`,
  );
  for (const { metric, table } of leaderboardTables(summary, manifest))
    parts.push(`<h3>${esc(metricHeader(metric))} (${esc(direction(metric))})</h3>${htmlTableOf(table, 'leaderboard')}`);
  const stability = rankStabilityTable(leaderboard(summary, manifest));
  if (stability !== null)
    parts.push(
      `<h3 id="rank-stability">Rank stability</h3><p class="note">${esc(RANK_STABILITY_NOTE)}</p>${htmlTableOf(stability, 'ranks')}`,
    );
  parts.push('</section>');
  parts.push(
    `<section id="receipt"><h2>Receipt</h2><ul>${receiptLines(manifest, false)
      .map((l) => `<li><code>${esc(l)}</code></li>`)
      .join('')}</ul></section>`,
  );
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>xai bench report</title><style>${CSS}</style></head><body>\n${parts.join('\n')}\n</body></html>\n`;
}
