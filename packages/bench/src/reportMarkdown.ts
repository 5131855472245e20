import { GROUND_TRUTH_METRICS, PREDICTION_METRICS, STABILITY_METRICS } from './ids';
import { EXPLAINER_NAMES, MODEL_NAMES, fmt, fmtCell, fmtInterval, fmtLift, instancesText, metricHeader, partialLines, partialMark } from './reportFormat';
import type { RunManifest } from './runManifest';
import type { ControlComparison, DiagnosticCell, Summary, SummaryCell } from './summarize';

const FAITHFULNESS = [...GROUND_TRUTH_METRICS, ...PREDICTION_METRICS];

/** The cells, controls and names one dataset x model table needs. */
export interface TableSlice {
  readonly explainers: readonly string[];
  readonly floors: readonly string[];
  cell(kind: 'explainer' | 'null' | 'floor', explainer: string, metric: string): SummaryCell | undefined;
  control(explainer: string, metric: string): ControlComparison | undefined;
}

/** Index of a summary restricted to one dataset x model. @since 0.1.0 */
export function tableSlice(summary: Summary, dataset: string, model: string): TableSlice {
  const cells = summary.cells.filter((c) => c.dataset === dataset && c.model === model);
  const byKey = new Map(cells.map((c) => [`${c.kind}/${c.explainer}/${c.metric}`, c]));
  const controls = new Map(summary.controls.filter((c) => c.dataset === dataset && c.model === model).map((c) => [`${c.explainer}/${c.metric}`, c]));
  const uniq = (kind: string): string[] => [...new Set(cells.filter((c) => c.kind === kind).map((c) => c.explainer))];
  return {
    explainers: uniq('explainer'),
    floors: uniq('floor'),
    cell: (kind, explainer, metric) => byKey.get(`${kind}/${explainer}/${metric}`),
    control: (explainer, metric) => controls.get(`${explainer}/${metric}`),
  };
}

/** The dataset x model pairs present in a summary, in canonical order. */
export function tablePairs(summary: Summary): { dataset: string; model: string }[] {
  const seen = new Set<string>();
  const out: { dataset: string; model: string }[] = [];
  for (const c of summary.cells) {
    const k = `${c.dataset}/${c.model}`;
    if (!seen.has(k)) { seen.add(k); out.push({ dataset: c.dataset, model: c.model }); }
  }
  return out;
}

function explainerLabel(id: string): string {
  return EXPLAINER_NAMES[id] ? `${EXPLAINER_NAMES[id]} (\`${id}\`)` : `\`${id}\``;
}

function table(slice: TableSlice, metrics: readonly string[], stability: boolean): string[] {
  const shown = metrics.filter((m) => slice.explainers.some((e) => slice.cell('explainer', e, m)) || slice.floors.some((f) => slice.cell('floor', f, m)));
  if (shown.length === 0) return [];
  const digits = stability ? 2 : 3;
  const value = (c: SummaryCell | undefined): string => {
    if (c === undefined) return 'n/a';
    return (stability ? fmtCell(c.logMean ?? Number.NaN, c.logSe ?? Number.NaN, c.undefined, digits) : fmtCell(c.mean, c.se, c.undefined, digits)) + partialMark(c);
  };
  const lines = [`| explainer (${stability ? 'ln mean ± SE/mean' : 'mean ± SE, SE = sd/√n'}) | ${shown.map(metricHeader).join(' | ')} |`, `|---|${shown.map(() => '---:').join('|')}|`];
  for (const e of slice.explainers) {
    lines.push(`| ${explainerLabel(e)} | ${shown.map((m) => value(slice.cell('explainer', e, m))).join(' | ')} |`);
    // Stability: the null equals the score (permutation-invariant), and the floor's ratios are 0
    // (constant explanations), so per-row control lines would say nothing; the text says so.
    if (stability && !shown.some((m) => slice.control(e, m)?.liftOverFloor !== null && slice.control(e, m)?.liftOverFloor !== undefined)) continue;
    const nulls = shown.map((m) => {
      if (stability) return '= (perm.-inv.)';
      const n = slice.cell('null', e, m);
      return n === undefined ? '—' : fmtCell(n.mean, n.se, 0, digits);
    });
    lines.push(`| ↳ null (permuted) | ${nulls.join(' | ')} |`);
    const lifts = shown.map((m) => {
      const c = slice.control(e, m);
      return c === undefined ? '—' : `${fmtLift(c.liftOverFloor, digits)} / ${stability ? '0' : fmtLift(c.liftOverNull, digits)}`;
    });
    lines.push(`| ↳ lift vs floor / null | ${lifts.join(' | ')} |`);
  }
  if (slice.floors.length > 0) {
    const best = shown.map((m) => {
      const c = slice.explainers.map((e) => slice.control(e, m)).find((x) => x !== undefined && x.floorExplainer !== null);
      if (c === undefined || c.floorExplainer === null) return '—';
      const f = slice.cell('floor', c.floorExplainer, m);
      const v = f === undefined ? '—' : stability ? fmt(f.logMean, digits) : fmtCell(f.mean, f.se, f.undefined, digits);
      return `${v} (${c.floorExplainer})`;
    });
    lines.push(`| **floor** (best of ${slice.floors.map((f) => `\`${f}\``).join(', ')}) | ${best.join(' | ')} |`);
  }
  return lines;
}

function quantileTable(slice: TableSlice, diagnostics: readonly DiagnosticCell[]): string[] {
  const shown = STABILITY_METRICS.filter((m) => slice.explainers.some((e) => slice.cell('explainer', e, m)));
  if (shown.length === 0) return [];
  const lines = [`| explainer | ${shown.join(' | ')} | neighbours kept | seed-to-seed ‖e−e′‖/‖e‖ |`, `|---|${shown.map(() => '---:').join('|')}|---:|---:|`];
  for (const e of [...slice.explainers, ...slice.floors]) {
    const kind = slice.explainers.includes(e) ? 'explainer' : 'floor';
    const diag = (name: string): string => fmt(diagnostics.find((d) => d.explainer === e && d.kind === kind && d.name === name)?.mean, name === 'neighbours' ? 1 : 3);
    lines.push(`| ${explainerLabel(e)} | ${shown.map((m) => {
      const c = slice.cell(kind, e, m);
      return c === undefined ? 'n/a' : `${fmt(c.median, 3)} [${fmt(c.q25, 3)}, ${fmt(c.q75, 3)}]`;
    }).join(' | ')} | ${diag('neighbours')} | ${diag('explainerNoise')} |`);
  }
  return lines;
}

function subgroupTable(summary: Summary, dataset: string, model: string): string[] {
  const cells = summary.subgroups.filter((s) => s.dataset === dataset && s.model === model);
  if (cells.length === 0) return [];
  const groups = [...new Map(cells.map((c) => [c.group, c.groupName])).entries()].sort((a, b) => a[0] - b[0]);
  const gapName = groups.length >= 2 ? `${groups[0]![1]} − ${groups[1]![1]}` : 'gap';
  const lines = [`| explainer | metric | ${groups.map(([, n]) => n).join(' | ')} | disparity (${gapName}) [95% CI] |`, `|---|---|${groups.map(() => '---:').join('|')}|---:|`];
  const keys = [...new Set(cells.map((c) => `${c.explainer}\u0000${c.metric}`))];
  for (const k of keys) {
    const [e, m] = k.split('\u0000') as [string, string];
    const vals = groups.map(([g]) => cells.find((c) => c.explainer === e && c.metric === m && c.group === g));
    const d = summary.disparities.find((x) => x.dataset === dataset && x.model === model && x.explainer === e && x.metric === m);
    const gap = d ? fmtInterval(d.disparity, d.lower, d.upper) : '—';
    lines.push(`| ${explainerLabel(e)} | ${metricHeader(m)} | ${vals.map((v) => (v ? fmtCell(v.mean, v.se) : '—')).join(' | ')} | ${gap} |`);
  }
  return lines;
}

/**
 * `report.md`: per dataset and model, the paper's tables (PRA RC FA RA SA SRA PGU↓ PGI↑;
 * RIS RRS ROS as ln of the mean), every cell "value ± SE"; under each explainer its null and
 * its lift over the floor and the null; the floor row (best floor explainer per metric);
 * stability medians and quartiles; subgroup (fairness) means where the data has a sensitive
 * attribute. Holds no timings or paths, so equal results give byte-identical reports.
 * @since 0.1.0
 */
export function reportMarkdown(summary: Summary, manifest: RunManifest): string {
  const c = manifest.config;
  const out: string[] = ['# xai bench report', ''];
  const partial = partialLines(summary);
  if (partial.length > 0) out.push('> **PARTIAL RESULTS — not the whole run.**', ...partial.map((r) => `> - ${r}`), '');
  out.push(`Preset \`${c.preset}\` · seed ${c.seed} · ${instancesText(c)} per dataset · stability: up to ${c.stabilityNeighbours} same-label neighbours of ${c.stabilitySamples} draws · run identity \`${manifest.identityHash.slice(0, 16)}\``);
  out.push('');
  out.push('Every score stands beside its controls: the **floor** is the best shortcut explainer that does not look at the instance'
    + ` (${manifest.floors.map((f) => `\`${f}\``).join(', ') || 'none'}), the **null** is the same explanations with their values permuted across features.`
    + ' "lift vs floor / null" is how much better the explainer does than each (positive = better; for stability on the ln scale).'
    + ' Stability cells are ln(mean ratio) ± SE/mean (delta method); lower is more stable. Stability is invariant under a feature permutation applied to an explanation and its neighbours alike, so its null equals the explainer\'s own score (lift 0).');
  out.push('');
  for (const { dataset, model } of tablePairs(summary)) {
    const ds = manifest.datasets.find((d) => d.id === dataset);
    const mh = manifest.models.find((m) => m.dataset === dataset && m.model === model);
    const slice = tableSlice(summary, dataset, model);
    out.push(`## ${dataset} · ${MODEL_NAMES[model] ?? model}`, '');
    const gt = ds?.groundTruth[model];
    const facts = [
      ds ? `${ds.instances} instances, ${ds.features} features, input hash \`${ds.hash.slice(0, 16)}\`` : null,
      mh ? `model hash \`${mh.hash.slice(0, 16)}\`` : null,
      `ground truth: ${gt === 'model' ? "the LR model's own weights (w1 − w0)" : gt === 'data' ? "the generator's per-instance weights" : 'none (ground-truth metrics not applicable)'}`,
    ].filter((x) => x !== null);
    out.push(facts.join(' · '), '');
    const faith = table(slice, FAITHFULNESS, false);
    if (faith.length > 0) out.push('**Faithfulness** (paper tables 2–3)', '', ...faith, '');
    const stab = table(slice, STABILITY_METRICS, true);
    if (stab.length > 0) {
      out.push('**Stability** (paper tables 4–5: ln of the mean ratio, lower is more stable; the null equals each score, being invariant under a shared feature permutation; a floor of −∞ is a constant explanation, ratio 0)', '', ...stab, '');
      const diagnostics = summary.diagnostics.filter((d) => d.dataset === dataset && d.model === model);
      const noiseNote = c.preset === 'openxai'
        ? 'each neighbour is explained with its own noise, as in the released code, so a stochastic explainer\'s sampling noise is counted as instability'
        : 'stochastic explainers are scored with common random numbers: a neighbour is explained with its anchor\'s noise, so this variation is not counted as instability';
      out.push(`Stability ratios, median [q25, q75]; mean neighbours kept; the explainer's own seed-to-seed variation (${noiseNote}):`, '', ...quantileTable(slice, diagnostics), '');
    }
    const sub = subgroupTable(summary, dataset, model);
    if (sub.length > 0) out.push(`**Subgroups** (${ds?.sensitive?.name ?? 'sensitive attribute'}): mean ± SE per group`, '', ...sub, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
