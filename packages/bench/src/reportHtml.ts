import { chartSpecs } from './chartSpecs';
import { GROUND_TRUTH_METRICS, PREDICTION_METRICS, STABILITY_METRICS } from './ids';
import { EXPLAINER_NAMES, MODEL_NAMES, fmt, fmtCell, fmtLift, instancesText, metricHeader, partialLines, partialMark } from './reportFormat';
import { tablePairs, tableSlice } from './reportMarkdown';
import type { TableSlice } from './reportMarkdown';
import { renderSvg } from './renderSvg';
import type { RunManifest } from './runManifest';
import type { Summary } from './summarize';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1200px;color:#222;padding:0 16px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd}h3{font-size:15px}
table{border-collapse:collapse;margin:8px 0 16px;font-variant-numeric:tabular-nums;font-size:13px}.scroll{overflow-x:auto}
th,td{border:1px solid #ddd;padding:3px 8px;text-align:right;white-space:nowrap}th:first-child,td:first-child{text-align:left}
th{background:#f4f4f4}tr.ctl td{color:#666;font-size:12px}tr.floor td{background:#fff4f4}
.charts{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0;border:1px solid #eee;padding:6px}
.note{color:#555;max-width:900px}.partial{border:2px solid #d62728;background:#fff4f4;padding:8px 12px;margin:12px 0}code{background:#f4f4f4;padding:0 3px}`;

function htmlTable(slice: TableSlice, metrics: readonly string[], stability: boolean): string {
  const shown = metrics.filter((m) => slice.explainers.some((e) => slice.cell('explainer', e, m)));
  if (shown.length === 0) return '';
  const d = stability ? 2 : 3;
  const val = (kind: 'explainer' | 'null' | 'floor', e: string, m: string): string => {
    const c = slice.cell(kind, e, m);
    if (c === undefined) return kind === 'null' && stability ? '= (perm.-inv.)' : kind === 'null' ? '—' : 'n/a';
    return (stability ? fmtCell(c.logMean ?? Number.NaN, c.logSe ?? Number.NaN, c.undefined, d) : fmtCell(c.mean, c.se, c.undefined, d)) + partialMark(c);
  };
  const rows: string[] = [];
  for (const e of slice.explainers) {
    rows.push(`<tr><td>${esc(EXPLAINER_NAMES[e] ?? e)} <code>${esc(e)}</code></td>${shown.map((m) => `<td>${esc(val('explainer', e, m))}</td>`).join('')}</tr>`);
    if (stability && !shown.some((m) => { const l = slice.control(e, m)?.liftOverFloor; return l !== null && l !== undefined; })) continue;
    rows.push(`<tr class="ctl"><td>↳ null (permuted)</td>${shown.map((m) => `<td>${esc(val('null', e, m))}</td>`).join('')}</tr>`);
    rows.push(`<tr class="ctl"><td>↳ lift vs floor / null</td>${shown.map((m) => {
      const c = slice.control(e, m);
      return `<td>${c === undefined ? '—' : esc(`${fmtLift(c.liftOverFloor, d)} / ${stability ? '0' : fmtLift(c.liftOverNull, d)}`)}</td>`;
    }).join('')}</tr>`);
  }
  if (slice.floors.length > 0) {
    rows.push(`<tr class="floor"><td><b>floor</b> (best of ${slice.floors.map(esc).join(', ')})</td>${shown.map((m) => {
      const c = slice.explainers.map((e) => slice.control(e, m)).find((x) => x?.floorExplainer);
      if (!c?.floorExplainer) return '<td>—</td>';
      const f = slice.cell('floor', c.floorExplainer, m);
      const v = f === undefined ? '—' : stability ? fmt(f.logMean, d) : fmtCell(f.mean, f.se, f.undefined, d);
      return `<td>${esc(v)} <small>(${esc(c.floorExplainer)})</small></td>`;
    }).join('')}</tr>`);
  }
  return `<div class="scroll"><table><thead><tr><th>explainer (${stability ? 'ln mean ± SE/mean' : 'mean ± SE, SE = sd/√n'})</th>${shown.map((m) => `<th>${esc(metricHeader(m))}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/**
 * `report.html`: one self-contained page (inline CSS and SVG, no script, no network) with the
 * report's tables and, per dataset x model, a chart per metric (explainers side by side with
 * error bars, the null as ticks, the floor as a dashed rule) and subgroup bars, all drawn by
 * Vega-Lite compiled to SVG in Node.
 * @since 0.1.0
 */
export async function reportHtml(summary: Summary, manifest: RunManifest): Promise<string> {
  const c = manifest.config;
  const charts = chartSpecs(summary);
  const svgs = new Map<string, string>();
  for (const ch of charts) svgs.set(ch.id, await renderSvg(ch.spec));
  const parts: string[] = [];
  const partial = partialLines(summary);
  parts.push('<h1>xai bench report</h1>');
  if (partial.length > 0) parts.push(`<div class="partial" role="alert"><b>PARTIAL RESULTS — not the whole run.</b><ul>${partial.map((r) => `<li>${esc(r)}</li>`).join('')}</ul></div>`);
  parts.push(`<p class="note">Preset <code>${esc(c.preset)}</code> · seed ${c.seed} · ${esc(instancesText(c))} · stability: up to ${c.stabilityNeighbours} neighbours of ${c.stabilitySamples} draws · run identity <code>${esc(manifest.identityHash.slice(0, 16))}</code>.</p>`);
  parts.push('<p class="note">Every score stands beside its controls: the <b>floor</b> (the best shortcut explainer that does not look at the instance) and the <b>null</b> (the same explanations with values permuted across features). Stability is shown as ln(mean ratio) ± SE/mean; lower is more stable; it is invariant under a common feature permutation, so its null equals the score.</p>');
  for (const { dataset, model } of tablePairs(summary)) {
    const slice = tableSlice(summary, dataset, model);
    parts.push(`<section id="${esc(`${dataset}-${model}`)}"><h2>${esc(dataset)} · ${esc(MODEL_NAMES[model] ?? model)}</h2>`);
    const faith = htmlTable(slice, [...GROUND_TRUTH_METRICS, ...PREDICTION_METRICS], false);
    if (faith) parts.push(`<h3>Faithfulness</h3>${faith}`);
    const stab = htmlTable(slice, STABILITY_METRICS, true);
    if (stab) parts.push(`<h3>Stability (ln of the mean ratio)</h3>${stab}`);
    const mine = charts.filter((ch) => ch.dataset === dataset && ch.model === model);
    const metricCharts = mine.filter((ch) => ch.kind === 'metric');
    const subCharts = mine.filter((ch) => ch.kind === 'subgroup');
    if (metricCharts.length > 0) parts.push(`<h3>Charts</h3><p class="note">Bars: mean ± SE over instances (stability: ln mean ± SE/mean); black tick: the null; red dashed rule: the floor.</p><div class="charts">${metricCharts.map((ch) => `<figure class="chart" id="${esc(ch.id)}">${svgs.get(ch.id)}</figure>`).join('')}</div>`);
    if (subCharts.length > 0) parts.push(`<h3>Subgroups</h3><p class="note">Mean ± SE per group of the sensitive attribute.</p><div class="charts">${subCharts.map((ch) => `<figure class="chart subgroup" id="${esc(ch.id)}">${svgs.get(ch.id)}</figure>`).join('')}</div>`);
    parts.push('</section>');
  }
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>xai bench report</title><style>${CSS}</style></head><body>\n${parts.join('\n')}\n</body></html>\n`;
}
