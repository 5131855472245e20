// Vega-Lite specs with the report's grammar: a dot = the mean with ± SE, black tick = the null
// (attributions permuted across features), red dashed rule = the floor (shortcut explainer), and
// the verdict mark above each dot; the explanation plots are @xai/explainers' (the bench's
// report draws the same). Each spec carries a `description`: the page sets it as the chart's
// accessible name (aria-label); each mark's own description shows on hover.
import { formatEstimate, formatValue } from '@xai/core';
import { summarySpec, waterfallSpec } from '@xai/explainers/explanationPlots';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** A control's value in words, or '—'. */
const control = (v, se) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : formatEstimate(v, se));

/** What hovering an explainer's dot shows: its score, the controls, the lifts and the verdict. */
function hoverText(metric, c) {
  const lift = (v, se) => (v === null || v === undefined ? '—' : formatValue(v, se, { signed: true }));
  return [
    `${c.explainer} ${metric} ${control(c.mean, c.se)}`,
    `null ${control(c.null, c.nullSe)}`,
    `floor ${control(c.floor, c.floorSe)}`,
    `lift vs floor ${lift(c.liftOverFloor, c.liftOverFloorSe)}, vs null ${lift(c.liftOverNull, c.liftOverNullSe)}`,
    `${c.verdict.mark} ${c.verdict.words}${c.verdict.detail ? `: ${c.verdict.detail}` : ''}`,
  ].join(' · ');
}

function metricLayers(title, floor) {
  const x = { field: 'explainer', type: 'nominal', title: null, sort: null, axis: { labelAngle: -30 } };
  // Not from zero: the gap between a score and its floor is what the chart is for.
  const y = (field) => ({ field, type: 'quantitative', title, scale: { zero: false } });
  const layers = [
    // aria: false on all but the dots: only a dot names its values (on hover too).
    { mark: { type: 'rule', strokeWidth: 1.5, aria: false }, encoding: { x, y: y('lo'), y2: { field: 'hi' } } },
    { mark: { type: 'point', filled: true, size: 70, color: '#4c78a8' }, encoding: { x, y: y('mean'), description: { field: 'hover' } } },
    { mark: { type: 'text', dy: -12, fontSize: 12, aria: false }, encoding: { x, y: y('hi'), text: { field: 'mark' } } },
    {
      transform: [{ filter: 'datum.null !== null' }],
      mark: { type: 'tick', color: 'black', thickness: 2, size: 18, aria: false },
      encoding: { x, y: y('null') },
    },
  ];
  // No x on the floor rule: it spans the whole chart.
  if (floor !== null)
    layers.push({
      data: { values: [{ floor }] },
      mark: { type: 'rule', color: '#d62728', strokeDash: [6, 4], strokeWidth: 2, aria: false },
      encoding: { y: y('floor') },
    });
  return layers;
}

/** The chart's accessible name: metric, direction and each explainer's mean with its verdict. */
export function metricDescription(metric, info, cells) {
  const means = cells
    .map((c) => `${c.explainer} ${Number.isFinite(c.mean) ? formatValue(c.mean, c.se) : 'undefined'} ${c.verdict.mark}`)
    .join(', ');
  const floor = cells.find((c) => c.floor !== null)?.floor;
  return `${metric}, ${info.what}; ${info.better} is better. Means: ${means}.${floor !== undefined ? ` Floor ${formatValue(floor)}.` : ''}`;
}

/** One chart per metric: explainers side by side, each a dot with its error bar and verdict. */
export function metricChart(metric, info, cells) {
  const values = cells.map((c) => ({
    explainer: c.explainer,
    mean: c.mean,
    lo: c.mean - c.se,
    hi: c.mean + c.se,
    null: c.null,
    floor: c.floor,
    mark: c.verdict.mark,
    hover: hoverText(metric, c),
  }));
  const floor = values.find((v) => v.floor !== null)?.floor ?? null;
  return {
    $schema: SCHEMA,
    description: metricDescription(metric, info, cells),
    title: { text: metric, subtitle: info.what },
    width: Math.max(120, 34 * values.length),
    height: 150,
    data: { values },
    layer: metricLayers(`${metric} (${info.better} is better)`, floor),
  };
}

/** How each base value was found, for the waterfall's subtitle. */
const BASE_WORDS = {
  background: 'mean output over its background',
  baseline: 'output at its baseline',
  'training-mean': 'mean output over the training rows',
  'expected-value': 'expected raw score (margin) under TreeSHAP',
};

/** One explainer's waterfall for one instance, towards `className`: base value, each feature's push, f(x). */
export function instanceChart(explainer, row, result, className) {
  const a = row.attributions[explainer];
  const base = result.bases[explainer][row.target];
  const top = a.reduce((best, v, j) => (Math.abs(v) > Math.abs(a[best]) ? j : best), 0);
  // TreeSHAP explains the raw score (the margin before the post transform), not the probability.
  const margin = row.outputs?.[explainer];
  const f = margin ?? row.probability;
  return {
    ...waterfallSpec({
      title: explainer,
      features: result.featureNames,
      x: row.x,
      a,
      f,
      base: base.base,
      baseWords: BASE_WORDS[base.from],
      outputWords: margin === undefined ? `p(${className})` : `margin of ${className}`,
    }),
    description: `${explainer}: waterfall of the attributions towards class ${className}, from the base ${formatValue(base.base)} to ${margin === undefined ? 'p' : 'the margin'} = ${formatValue(f)}; largest ${result.featureNames[top] ?? `x${top}`} (${formatValue(a[top], null, { signed: true })}).`,
  };
}

/** One explainer's summary over every instance: attribution vs feature value, per feature. */
export function summaryChart(explainer, result, towards) {
  return {
    ...summarySpec({
      title: explainer,
      features: result.featureNames,
      instances: result.rows.map((r) => r.index),
      x: result.rows.map((r) => r.x),
      a: result.rows.map((r) => r.attributions[explainer]),
      attributionWords: towards,
    }),
    description: `${explainer}: summary of the attributions over ${result.rows.length} instances, one row per feature, one dot per instance coloured by the feature's value.`,
  };
}
