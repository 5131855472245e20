// Vega-Lite specs with the report's grammar: bar = mean, error bar = ± SE, black tick = the
// null (attributions permuted across features), red dashed rule = the floor (shortcut explainer).

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
  const title = `${metric} (${info.better} is better)`;
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
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: metric, subtitle: info.what },
    width: 220,
    height: 160,
    data: { values },
    layer: layers,
  };
}

/** Per instance: each explainer's attribution per feature, side by side (SHAP's bar plot). */
export function instanceChart(row, featureNames) {
  const values = [];
  for (const [explainer, attributions] of Object.entries(row.attributions)) {
    attributions.forEach((a, j) => values.push({ feature: featureNames[j] ?? `x${j}`, explainer, attribution: a }));
  }
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Instance ${row.index} — p(class 1) = ${row.probability.toFixed(3)}`,
    data: { values },
    facet: { column: { field: 'explainer', type: 'nominal', title: null } },
    spec: {
      width: 160,
      height: { step: 14 },
      mark: 'bar',
      encoding: {
        y: { field: 'feature', type: 'nominal', sort: null, title: null },
        x: { field: 'attribution', type: 'quantitative' },
        color: { condition: { test: 'datum.attribution < 0', value: '#1f77b4' }, value: '#d62728' },
      },
    },
    resolve: { scale: { x: 'independent' } },
  };
}
