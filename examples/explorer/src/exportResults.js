// The results as files: every score as CSV (one line per explainer and metric, with the
// controls, the lifts and the verdict) and the whole result as JSON (the scores, each
// instance's values and attributions), made in the page and saved with a download link.

const CSV_HEADER = [
  'metric',
  'explainer',
  'mean',
  'se',
  'count',
  'null',
  'nullSe',
  'floor',
  'floorSe',
  'floorExplainer',
  'liftOverFloor',
  'liftOverFloorSe',
  'liftOverNull',
  'liftOverNullSe',
  'verdict',
  'verdictDetail',
];

/** A CSV field: quoted when it holds a quote, comma or line break; a leading =, +, -, @ made text. */
function csvField(v) {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  if (typeof v === 'number') return String(v);
  const t = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

/** Every score as CSV, full precision (numbers as JavaScript writes them). */
export function resultsCsv(result) {
  const lines = result.cells.map((c) =>
    [
      c.metric,
      c.explainer,
      c.mean,
      c.se,
      c.count,
      c.null,
      c.nullSe,
      c.floor,
      c.floorSe,
      c.floorId,
      c.liftOverFloor,
      c.liftOverFloorSe,
      c.liftOverNull,
      c.liftOverNullSe,
      c.verdict.words,
      c.verdict.detail,
    ]
      .map(csvField)
      .join(','),
  );
  return `${[CSV_HEADER.join(','), ...lines].join('\n')}\n`;
}

/** The whole result as JSON: dataset, model, class, accuracy, scores, and each instance's values and attributions. */
export function resultsJson(result) {
  const { dataset, model, featureNames, classNames, target, groundTruthSource, accuracy, instances, cells, rows, bases } = result;
  return `${JSON.stringify({ format: 'xai-explorer-results@1', dataset, model, featureNames, classNames, target, groundTruthSource, accuracy, instances, cells, bases, rows }, null, 1)}\n`;
}

/** The two download links of a result (object URLs of Blobs: nothing leaves the page). */
export function downloadLinks(result) {
  const link = (id, text, name, type, body) =>
    Object.assign(document.createElement('a'), {
      id,
      className: 'download',
      download: name,
      href: URL.createObjectURL(new Blob([body], { type })),
      textContent: text,
    });
  const stem = `xai-${String(result.dataset).replace(/[^\w.-]+/g, '_')}-${result.model}`;
  const p = Object.assign(document.createElement('p'), { className: 'exports' });
  p.append(
    'Download: ',
    link('export-csv', 'scores (CSV)', `${stem}-scores.csv`, 'text/csv', resultsCsv(result)),
    ' · ',
    link('export-json', 'everything (JSON)', `${stem}.json`, 'application/json', resultsJson(result)),
  );
  return p;
}
