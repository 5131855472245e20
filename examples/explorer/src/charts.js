// Vega-Lite specs with the report's grammar: bar = mean, error bar = ± SE, black tick = the
// null (attributions permuted across features), red dashed rule = the floor (shortcut explainer).
// Each spec carries a `description`: the page sets it as the chart's accessible name (aria-label).

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

function metricLayers(title, floor) {
  const x = { field: 'explainer', type: 'nominal', title: null, axis: { labelAngle: -30 } };
  const y = (field) => ({ field, type: 'quantitative', title });
  const layers = [
    { mark: { type: 'bar', color: '#4c78a8' }, encoding: { x, y: y('mean') } },
    { mark: { type: 'errorbar', ticks: true }, encoding: { x, y: y('lo'), y2: { field: 'hi' } } },
    {
      transform: [{ filter: 'datum.null !== null' }],
      mark: { type: 'tick', color: 'black', thickness: 2, size: 24 },
      encoding: { x, y: y('null') },
    },
  ];
  // No x on the floor rule: it spans the whole chart.
  if (floor !== null)
    layers.push({
      data: { values: [{ floor }] },
      mark: { type: 'rule', color: '#d62728', strokeDash: [6, 4], strokeWidth: 2 },
      encoding: { y: y('floor') },
    });
  return layers;
}

/** The chart's accessible name: metric, direction and each explainer's mean. */
export function metricDescription(metric, info, cells) {
  const means = cells.map((c) => `${c.explainer} ${Number.isFinite(c.mean) ? c.mean.toFixed(3) : 'undefined'}`).join(', ');
  const floor = cells.find((c) => c.floor !== null)?.floor;
  return `${metric}, ${info.what}; ${info.better} is better. Means: ${means}.${floor !== undefined ? ` Floor ${floor.toFixed(3)}.` : ''}`;
}

/** One chart per metric: explainers side by side. */
export function metricChart(metric, info, cells) {
  const values = cells.map((c) => ({
    explainer: c.explainer,
    mean: c.mean,
    lo: c.mean - c.se,
    hi: c.mean + c.se,
    null: c.null,
    floor: c.floor,
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

/** One explainer's attributions for one instance (one bar per feature), for `className`. */
export function instanceChart(explainer, attributions, featureNames, className) {
  const values = attributions.map((a, j) => ({ feature: featureNames[j] ?? `x${j}`, attribution: a }));
  const top = values.reduce((best, v) => (Math.abs(v.attribution) > Math.abs(best.attribution) ? v : best), values[0]);
  return {
    $schema: SCHEMA,
    description: `${explainer}: attribution of each feature towards class ${className}; largest ${top?.feature} (${top?.attribution.toFixed(3)}).`,
    title: explainer,
    width: 150,
    height: { step: 14 },
    data: { values },
    mark: 'bar',
    encoding: {
      y: { field: 'feature', type: 'nominal', sort: null, title: null },
      x: { field: 'attribution', type: 'quantitative', title: `towards ${className}` },
      color: { condition: { test: 'datum.attribution < 0', value: '#1f77b4' }, value: '#d62728' },
    },
  };
}
