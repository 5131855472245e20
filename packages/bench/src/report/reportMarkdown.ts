import { modelWarningLines } from '../inputs/modelNotes.js';
import { mdText } from './escapeText.js';
import { overviewMarkdown } from './overviewFigure.js';
import { ALL_METRICS, STABILITY_METRICS } from '../config/ids.js';
import { MODEL_NAMES, datasetWarnings, instancesText, partialLines } from './reportFormat.js';
import {
  FAMILY_TABLES,
  compactTable,
  legendTable,
  mdTable,
  modelFacts,
  nullNotes,
  quantileTable,
  subgroupTableModel,
} from './reportTables.js';
import type { RunManifest } from '../results/runManifest.js';
import type { ControlComparison, Summary, SummaryCell } from '../results/summarize.js';
import { SE_CONVENTIONS } from '../results/summarize.js';
import { presetLine } from '../config/presetStages.js';

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
  const controls = new Map(
    summary.controls.filter((c) => c.dataset === dataset && c.model === model).map((c) => [`${c.explainer}/${c.metric}`, c]),
  );
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
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ dataset: c.dataset, model: c.model });
    }
  }
  return out;
}

/**
 * `report.md`: a legend (what each metric measures, which direction is better); then per
 * dataset and model the model's accuracy (validation, test), chosen epoch and training
 * settings, and one compact row per explainer and metric — score ± SE, n, floor, null, lift
 * over each — per metric family; stability medians and quartiles, neighbours kept and
 * seed-to-seed variation; subgroup means with the disparity and its CI. A partial run says so
 * first. Holds no timings or paths, so equal results give byte-identical reports.
 * @since 0.1.0
 */
export function reportMarkdown(summary: Summary, manifest: RunManifest): string {
  const c = manifest.config;
  const out: string[] = ['# xai bench report', ''];
  const partial = partialLines(summary);
  if (partial.length > 0) out.push('> **PARTIAL RESULTS — not the whole run.**', ...partial.map((r) => `> - ${mdText(r)}`), '');
  const warnings = modelWarningLines(summary.models);
  if (warnings.length > 0) out.push('> **⚠ Models to read with care**', ...warnings.map((w) => `> - ${mdText(w)}`), '');
  out.push(
    `${c.backend === 'ort' ? 'Backend `ort` (forward passes and input gradients through ONNX Runtime) · ' : ''}${c.precision === 'float32' ? "Precision float32 (the released code's torch arithmetic) · " : ''}Preset \`${c.preset}\`${presetLine(c.preset).slice(c.preset.length)} · seed ${c.seed} · ${instancesText(c)} per dataset · stability: up to ${c.stabilityNeighbours} same-label neighbours of ${c.stabilitySamples} draws · run identity \`${manifest.identityHash.slice(0, 16)}\``,
  );
  out.push('');
  out.push(
    'Every score stands beside its controls: the **floor** is the best shortcut explainer that does not look at the instance' +
      ` (${manifest.floors.map((f) => `\`${f}\``).join(', ') || 'none'}), the **null** is the same explanations with their values permuted across features.` +
      ' "lift" is how much better the explainer does than each (positive = better; for stability on the ln scale).' +
      ` Standard errors: ${SE_CONVENTIONS.se}; stability cells are ln(mean ratio) ± SE/mean (${SE_CONVENTIONS.logSe}); lower is more stable. Stability is invariant under a feature permutation applied to an explanation and its neighbours alike, so its null equals the explainer's own score (lift 0). The leaderboard across datasets is in leaderboard.md.`,
  );
  out.push('');
  const present = ALL_METRICS.filter((m) => summary.cells.some((x) => x.metric === m));
  if (present.length > 0) out.push('**Legend**', '', ...mdTable(legendTable(present)), '');
  for (const { dataset, model } of tablePairs(summary)) {
    const ds = manifest.datasets.find((d) => d.id === dataset);
    const slice = tableSlice(summary, dataset, model);
    out.push(`## ${mdText(`${dataset} · ${MODEL_NAMES[model] ?? model}`)}`, '');
    out.push(...overviewMarkdown(dataset, model));
    const gt = ds?.groundTruth[model];
    const facts = [
      ds ? `${ds.instances} instances, ${ds.features} features, input hash \`${ds.hash.slice(0, 16)}\`` : null,
      `ground truth: ${gt === 'model' ? "the LR model's own weights (w1 − w0)" : gt === 'data' ? "the generator's per-instance weights" : 'none (ground-truth metrics not applicable)'}`,
    ].filter((x) => x !== null);
    out.push(facts.join(' · '), '');
    for (const w of datasetWarnings(ds?.provenance)) out.push(`> ⚠ data: ${mdText(w)}`, '');
    const mf = modelFacts(manifest, dataset, model);
    if (mf.length > 0) out.push(`**Model**: ${mf.map(mdText).join(' · ')}`, '');
    for (const fam of FAMILY_TABLES) {
      const t = compactTable(slice, fam.metrics);
      if (t !== null) {
        out.push(
          `**${fam.title}**${fam.metrics === STABILITY_METRICS ? ' (ln of the mean ratio, lower is more stable; a floor of −∞ is a constant explanation, ratio 0)' : ''}`,
          '',
          ...mdTable(t),
          '',
        );
        const notes = nullNotes(fam.metrics, (m) => slice.explainers.some((e) => slice.cell('explainer', e, m) !== undefined));
        if (notes.length > 0) out.push(...notes.map((l) => `${l}  `), '');
      }
    }
    const q = quantileTable(
      slice,
      summary.diagnostics.filter((d) => d.dataset === dataset && d.model === model),
    );
    if (q !== null) {
      const noiseNote =
        c.preset === 'openxai'
          ? "each neighbour is explained with its own noise, as in the released code, so a stochastic explainer's sampling noise is counted as instability"
          : "stochastic explainers are scored with common random numbers: a neighbour is explained with its anchor's noise, so this variation is not counted as instability";
      out.push(
        `Stability ratios, median [q25, q75]; mean neighbours kept; the explainer's own seed-to-seed variation (${noiseNote}):`,
        '',
        ...mdTable(q),
        '',
      );
    }
    const sub = subgroupTableModel(summary, dataset, model);
    if (sub !== null)
      out.push(`**Subgroups** (${mdText(ds?.sensitive?.name ?? 'sensitive attribute')}): mean ± SE per group`, '', ...mdTable(sub), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
