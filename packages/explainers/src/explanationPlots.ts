// The explanation plots people expect from SHAP, as Vega-Lite specs (plain data, no renderer): a
// waterfall of one instance (base value → each feature's attribution → the output) and a summary
// of a sample (attribution vs feature value, per feature: a beeswarm). The bench's report and the
// explorer page draw the same specs.
import { formatValue } from '@xai/core';
import type { PlotBaseSource } from './plotBase.js';

/** A Vega-Lite specification as plain data (render it with vega-lite's compile and vega, or vega-embed). @since 0.3.0 */
export type VegaLiteSpec = Record<string, unknown>;

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
/** Features drawn one by one; the rest are summed into one bar (waterfall) or left out (summary). @since 0.3.0 */
export const PLOT_FEATURES = 10;
const POSITIVE = '#d62728';
const NEGATIVE = '#1f77b4';

/** One instance of one explainer, as the waterfall draws it. @since 0.3.0 */
export interface WaterfallInput {
  readonly title: string;
  readonly features: readonly string[];
  readonly x: readonly number[];
  readonly a: readonly number[];
  readonly f: number;
  readonly base: number;
  readonly baseWords: string;
  readonly outputWords: string;
}

/**
 * The bars of a waterfall, bottom (the base) to top (the output): the features beyond the ten
 * largest summed, then the rest by growing |φ|, then what is not attributed.
 * @since 0.3.0
 */
export function waterfallBars(
  w: WaterfallInput,
): { label: string; start: number; end: number; value: number; kind: string; order: number }[] {
  const order = w.a.map((_, j) => j).sort((p, q) => Math.abs(w.a[q]!) - Math.abs(w.a[p]!) || p - q);
  const shown = order.slice(0, PLOT_FEATURES);
  const rest = order.slice(PLOT_FEATURES);
  const steps: { label: string; value: number; kind: string }[] = [];
  if (rest.length > 0)
    steps.push({ label: `${rest.length} other features`, value: rest.reduce((s, j) => s + w.a[j]!, 0), kind: 'feature' });
  for (const j of [...shown].reverse())
    steps.push({ label: `${w.features[j] ?? `x${j}`} = ${formatValue(w.x[j]!)}`, value: w.a[j]!, kind: 'feature' });
  const sum = w.a.reduce((s, v) => s + v, 0);
  const gap = w.f - w.base - sum;
  // What the attributions leave unexplained, drawn so the bars end at the output.
  if (Math.abs(gap) > 1e-6 * Math.max(1, Math.abs(w.f))) steps.push({ label: 'not attributed', value: gap, kind: 'gap' });
  let at = w.base;
  return steps.map((s, k) => {
    const start = at;
    at += s.value;
    return { ...s, start, end: at, order: steps.length - k };
  });
}

/**
 * A waterfall of one instance: from the base value at the bottom, each feature's attribution as a
 * bar (red raises the output, blue lowers it; the label names the feature and its value), the
 * rest summed, and a grey bar for what the attributions leave unexplained, up to f(x) at the top.
 * Every bar's value is its `description` (an SVG renderer's hover title).
 * @example summarySpec({ title: 'KernelSHAP', features, instances, x, a, attributionWords: 'φ' })
 * @since 0.3.0
 */
export function waterfallSpec(w: WaterfallInput): VegaLiteSpec {
  const bars = waterfallBars(w).map((b) => ({
    ...b,
    lo: Math.min(b.start, b.end),
    hi: Math.max(b.start, b.end),
    text: formatValue(b.value, null, { signed: true }),
    hover: `${b.label}: ${formatValue(b.value, null, { signed: true })} (from ${formatValue(b.start)} to ${formatValue(b.end)})`,
  }));
  const labels = [...bars].sort((p, q) => p.order - q.order).map((b) => b.label);
  const y = { field: 'label', type: 'nominal', sort: labels, title: null, axis: { labelLimit: 200, labelFontSize: 10 } } as const;
  const lo = Math.min(w.base, w.f, ...bars.map((b) => b.lo));
  const hi = Math.max(w.base, w.f, ...bars.map((b) => b.hi));
  const pad = (hi - lo) * 0.18 || 0.01;
  const x = { type: 'quantitative', title: w.outputWords, scale: { domain: [lo - pad * 0.3, hi + pad] } } as const;
  return {
    $schema: SCHEMA,
    title: {
      text: w.title,
      subtitle: [`f(x) = ${formatValue(w.f)} · base ${formatValue(w.base)} = ${w.baseWords}`],
      fontSize: 12,
      subtitleFontSize: 10,
      anchor: 'start',
    },
    width: 330,
    height: { step: 17 },
    layer: [
      {
        data: { values: bars },
        mark: { type: 'bar', height: 12 },
        encoding: {
          y,
          x: { field: 'start', ...x },
          x2: { field: 'end' },
          color: {
            condition: [
              { test: "datum.kind === 'gap'", value: '#9e9e9e' },
              { test: 'datum.value < 0', value: NEGATIVE },
            ],
            value: POSITIVE,
          },
          description: { field: 'hover' },
        },
      },
      {
        data: { values: bars },
        mark: { type: 'text', align: 'left', dx: 3, fontSize: 9.5, color: '#333', aria: false },
        encoding: { y, x: { field: 'hi', ...x }, text: { field: 'text' } },
      },
      {
        data: {
          values: [
            { v: w.base, what: `base ${formatValue(w.base)}` },
            { v: w.f, what: `f(x) ${formatValue(w.f)}` },
          ],
        },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#555' },
        encoding: { x: { field: 'v', ...x }, description: { field: 'what' } },
      },
    ],
  };
}

/** Every instance of one explainer, as the summary draws it. @since 0.3.0 */
export interface SummaryInput {
  readonly title: string;
  readonly features: readonly string[];
  readonly instances: readonly number[];
  readonly x: readonly (readonly number[])[];
  readonly a: readonly (readonly number[])[];
  readonly attributionWords: string;
}

/** A deterministic jitter in [−0.4, 0.4] for point k (golden-ratio sequence: no random draw, same bytes every run). */
const jitter = (k: number): number => ((k * 0.6180339887498949) % 1) * 0.8 - 0.4;

/**
 * Each value's rank within its column scaled to [0, 1] (ties share their mean rank; a constant
 * column is 0.5): colours spread over the sample whatever the distribution, where a min–max
 * scale would paint a column with one outlier a single colour.
 */
function rankShades(col: readonly number[]): number[] {
  const order = col.map((_, i) => i).sort((p, q) => col[p]! - col[q]!);
  const out = new Array<number>(col.length).fill(0.5);
  if (col.length < 2) return out;
  for (let k = 0; k < order.length; ) {
    let e = k;
    while (e + 1 < order.length && col[order[e + 1]!] === col[order[k]!]) e++;
    for (let t = k; t <= e; t++) out[order[t]!] = (k + e) / 2 / (col.length - 1);
    k = e + 1;
  }
  return out;
}

/** The points of a summary: the top features by mean |φ|, each instance's φ and its feature value's rank within the feature, in [0, 1]. @since 0.3.0 */
export function summaryPoints(
  s: SummaryInput,
): { feature: string; phi: number; value: number; shade: number; jitter: number; hover: string }[] {
  const d = s.features.length;
  const meanAbs = Array.from({ length: d }, (_, j) => s.a.reduce((t, r) => t + Math.abs(r[j]!), 0) / Math.max(1, s.a.length));
  const top = Array.from({ length: d }, (_, j) => j)
    .sort((p, q) => meanAbs[q]! - meanAbs[p]! || p - q)
    .slice(0, PLOT_FEATURES);
  return top.flatMap((j) => {
    const col = s.x.map((r) => r[j]!);
    const shade = rankShades(col);
    return s.a.map((r, i) => ({
      feature: s.features[j] ?? `x${j}`,
      phi: r[j]!,
      value: col[i]!,
      shade: shade[i]!,
      jitter: jitter(i),
      hover: `#${s.instances[i]} ${s.features[j] ?? `x${j}`} = ${formatValue(col[i]!)}: ${formatValue(r[j]!, null, { signed: true })}`,
    }));
  });
}

/**
 * A summary of one explainer over the sample, as SHAP's beeswarm: one row per feature (the 10
 * with the largest mean |φ|, largest on top), one dot per instance at its attribution, coloured
 * by the feature's value (blue low, red high: its rank within the feature); each dot's values
 * are its `description` (a hover title).
 * @since 0.3.0
 */
export function summarySpec(s: SummaryInput): VegaLiteSpec {
  const points = summaryPoints(s);
  const order = [...new Set(points.map((p) => p.feature))];
  return {
    $schema: SCHEMA,
    title: { text: s.title, subtitle: ["colour: the feature's value, low to high"], fontSize: 12, subtitleFontSize: 10, anchor: 'start' },
    width: 330,
    height: { step: 22 },
    data: { values: points },
    layer: [
      { mark: { type: 'rule', color: '#bbb', aria: false }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      {
        // size 16: radius 2, the shortest path Vega writes for a circle.
        mark: { type: 'circle', size: 16, opacity: 0.75, strokeWidth: 0 },
        encoding: {
          y: { field: 'feature', type: 'nominal', sort: order, title: null, axis: { labelLimit: 160, labelFontSize: 10 } },
          yOffset: { field: 'jitter', type: 'quantitative', scale: { domain: [-0.5, 0.5] } },
          x: { field: 'phi', type: 'quantitative', title: s.attributionWords },
          color: {
            field: 'shade',
            type: 'quantitative',
            scale: { domain: [0, 1], range: [NEGATIVE, '#b9b9c8', POSITIVE] },
            legend: { title: 'feature value', values: [0, 1], labelExpr: "datum.value === 0 ? 'low' : 'high'", gradientLength: 80 },
          },
          description: { field: 'hover' },
        },
      },
    ],
  };
}

/** How a base value was computed, in a few words for the plot's subtitle. @since 0.3.0 */
export function baseWords(from: PlotBaseSource): string {
  if (from === 'background') return 'mean output over its background';
  if (from === 'baseline') return 'output at its baseline';
  return 'mean output over the training rows';
}

/**
 * SVG from Vega's string renderer with the `aria-label` of every mark (its `description`
 * encoding) moved into a `<title>` child: a browser shows it on hover, so a static page shows
 * each value without a script, and it stays the mark's accessible name. The text is the
 * attribute as Vega escaped it, valid as element content too.
 * @example hoverTitles(await view.toSVG())
 * @since 0.3.0
 */
export function hoverTitles(svg: string): string {
  return svg.replace(
    /<path aria-label="([^"]*)" role="graphics-symbol"([^>]*?)\/>/g,
    '<path role="graphics-symbol"$2><title>$1</title></path>',
  );
}
