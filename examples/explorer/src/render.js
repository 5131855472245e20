// Drawing the results: a second Web Worker (chartWorker.js) turns each chart into SVG markup, and
// the page inserts one chart per chunk, yielding a frame to the browser between charts (so input
// and paint go on while 8 metric charts and 7 instance charts arrive). Each chunk is recorded in
// `window.xaiExplorer.drawLog` for the tests.
import { formatEstimate, formatValue } from '@xai/core';
import { VERDICT_WORDS } from '@xai/audit/controls';
import { instanceChart, metricChart, summaryChart } from './charts.js';
import { downloadLinks } from './exportResults.js';
import { METRIC_INFO } from './pipeline-info.js';

const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

/** Waits for the next frame (the browser paints and handles input), then for a fresh task. */
const yieldToBrowser = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const drawLog = [];
/** The last result and the drawing chunks, for tests and the console (read-only use). */
const hook = { drawLog, result: null };
globalThis.xaiExplorer = hook;

/* global __CHART_WORKER_SOURCE__ */
let chartWorker = null;
let nextId = 0;
const pending = new Map();

/** SVG markup of a Vega-Lite spec, rendered in the chart worker (made on first use). */
function renderSvg(spec) {
  if (chartWorker === null) {
    chartWorker = new Worker(URL.createObjectURL(new Blob([__CHART_WORKER_SOURCE__], { type: 'text/javascript' })));
    chartWorker.onmessage = ({ data }) => {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if (data.error === undefined) resolve(data.svg);
      else reject(new Error(`a chart could not be drawn: ${data.error}`));
    };
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    chartWorker.postMessage({ id, spec });
  });
}

/** Draws one Vega-Lite spec into `container` as one chunk of main-thread work, then yields. */
async function drawChunk(container, spec, what) {
  const svg = await renderSvg(spec);
  const start = performance.now();
  // Vega's string renderer escapes every text and attribute value, so names stay text.
  container.innerHTML = svg;
  container.setAttribute('role', 'img');
  container.setAttribute('aria-label', spec.description);
  drawLog.push({ what, start, end: performance.now() });
  await yieldToBrowser();
}

/** The explained class in words, for the legend, the table and the charts. */
export function classWording(result) {
  if (result.target === 'predicted')
    return {
      short: 'predicted',
      legend:
        "Attributions explain each row's predicted class (column “predicted”): red pushes towards that row's predicted class, blue away — so a colour can mean a different class on different rows.",
    };
  const name = result.classNames[result.target] ?? String(result.target);
  const why = result.classNames.length === 2 && result.target === 1 ? ' (the default for a binary label: its second class)' : '';
  return {
    short: name,
    legend: `Attributions explain class “${name}”${why}; change it under “class to explain”. Red: pushes towards “${name}”; blue: away from it.`,
  };
}

function topFeature(result, a) {
  let best = 0;
  for (let j = 1; j < a.length; j++) if (Math.abs(a[j]) > Math.abs(a[best])) best = j;
  return result.featureNames[best] ?? `x${best}`;
}

function instanceRow(result, row, explainers, onOpen) {
  const open = () => onOpen(row.index);
  const onkeydown = (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const tr = el('tr', { class: 'instance-row', tabindex: '0', 'data-index': String(row.index), onclick: open, onkeydown });
  tr.append(
    el('td', {}, String(row.index)),
    el('td', {}, formatValue(row.probability)),
    el('td', {}, result.classNames[row.predicted] ?? String(row.predicted)),
  );
  for (const e of explainers) tr.append(el('td', {}, topFeature(result, row.attributions[e])));
  return tr;
}

/** Rows inserted per chunk of the instance table. */
const TABLE_ROWS = 25;

/** The instance table, filled in chunks of rows (a frame between chunks), into #instances-list. */
async function instanceTable(result, onOpen, isCurrent) {
  const explainers = Object.keys(result.rows[0]?.attributions ?? {});
  const { short } = classWording(result);
  const head = el('tr', {}, el('th', {}, '#'), el('th', {}, `p(${short})`), el('th', {}, 'predicted'));
  for (const e of explainers) head.append(el('th', {}, `top feature (${e})`));
  const table = el(
    'table',
    { id: 'instances-table' },
    el('caption', { class: 'legend' }, 'Instances: focus a row and press Enter to open it'),
    head,
  );
  $('instances-list').replaceChildren(table);
  for (let start = 0; start < result.rows.length && isCurrent(); start += TABLE_ROWS) {
    const t0 = performance.now();
    const block = result.rows.slice(start, start + TABLE_ROWS);
    table.append(...block.map((row) => instanceRow(result, row, explainers, onOpen)));
    drawLog.push({ what: `table rows ${start}-${start + block.length - 1}`, start: t0, end: performance.now() });
    await yieldToBrowser();
  }
}

/**
 * Draws one instance: one small chart per explainer, wrapping to the width of the page. The box is
 * `aria-busy` until its last chart is in (assistive technology waits; so do the tests).
 */
export async function showInstance(result, index, isCurrent = () => true) {
  const row = result.rows[index];
  const { short } = classWording(result);
  const box = $('instance');
  box.setAttribute('aria-busy', 'true');
  const charts = el('div', { class: 'instance-charts', id: `instance-${index}` });
  const predicted = result.classNames[row.predicted] ?? String(row.predicted);
  box.replaceChildren(el('h4', {}, `Instance ${index}: p(${short}) = ${formatValue(row.probability)}, predicted ${predicted}`), charts);
  for (const r of document.querySelectorAll('.instance-row')) {
    const on = r.dataset.index === String(index);
    r.classList.toggle('selected', on);
    r.setAttribute('aria-selected', String(on));
  }
  const className = result.target === 'predicted' ? predicted : short;
  for (const explainer of Object.keys(row.attributions)) {
    if (!isCurrent()) return;
    const fig = el('figure', { class: 'chart instance-chart' });
    charts.append(fig);
    await drawChunk(fig, instanceChart(explainer, row, result, className), `instance ${index} ${explainer}`);
  }
  box.setAttribute('aria-busy', 'false');
}

/** One table cell of the verdict table: the value and its mark, the verdict's words on hover. */
function verdictCell(c) {
  if (c === undefined) return el('td', {}, '');
  const v = c.verdict;
  return el(
    'td',
    { class: `v-${v.kind}`, title: v.detail ? `${v.words}: ${v.detail}` : v.words },
    `${formatValue(c.mean, c.se)} ${v.mark}`,
  );
}

/**
 * The one-screen verdict: explainers x metrics, each cell the value and ✓ / ✕ / ○ (the bench
 * report's wording, from @xai/audit), the reasons for ○ under the table.
 */
function verdictTable(result) {
  const metrics = [...new Set(result.cells.map((c) => c.metric))];
  const explainers = [...new Set(result.cells.map((c) => c.explainer))];
  const head = el(
    'tr',
    {},
    el('th', {}, 'explainer'),
    ...metrics.map((m) => el('th', {}, `${m} ${METRIC_INFO[m].better === 'lower' ? '↓' : '↑'}`)),
  );
  const rows = explainers.map((e) =>
    el('tr', {}, el('th', {}, e), ...metrics.map((m) => verdictCell(result.cells.find((c) => c.explainer === e && c.metric === m)))),
  );
  const reasons = [...new Set(result.cells.filter((c) => c.verdict.kind === 'untestable').map((c) => c.verdict.detail))];
  const legend = `${VERDICT_WORDS.beats.mark} ${VERDICT_WORDS.beats.words} (floor and null, by more than 1.96 paired SEs) · ${VERDICT_WORDS.fails.mark} ${VERDICT_WORDS.fails.words} (hover: which) · ${VERDICT_WORDS.untestable.mark} ${VERDICT_WORDS.untestable.words}${reasons.length > 0 ? ', because:' : ''}`;
  return [
    el(
      'table',
      { id: 'verdict-table' },
      el('caption', { class: 'legend' }, 'Verdicts: does each explainer beat its controls?'),
      head,
      ...rows,
    ),
    el('p', { class: 'legend' }, legend),
    el('ul', { class: 'legend reasons' }, ...reasons.map((r) => el('li', {}, r))),
  ];
}

const LIFT = (v, se) => (v === null || v === undefined ? '—' : formatValue(v, se, { signed: true }));
const EST = (v, se) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : formatEstimate(v, se));

/** Every score as a table: mean ± SE, n, the null, the floor, the lifts at their paired SE, the verdict. */
function resultsTable(result) {
  const header = ['metric', 'explainer', 'mean ± SE', 'n', 'null', 'floor', 'lift vs floor', 'lift vs null', 'verdict'];
  const body = result.cells.map((c) =>
    el(
      'tr',
      {},
      ...[
        c.metric,
        c.explainer,
        EST(c.mean, c.se),
        String(c.count),
        EST(c.null, c.nullSe),
        c.floor === null ? '—' : `${EST(c.floor, c.floorSe)} (${c.floorId})`,
        LIFT(c.liftOverFloor, c.liftOverFloorSe),
        LIFT(c.liftOverNull, c.liftOverNullSe),
        `${c.verdict.mark} ${c.verdict.detail && c.verdict.kind === 'fails' ? c.verdict.detail : c.verdict.words}`,
      ].map((t, j) => el('td', j >= 2 && j <= 7 ? { class: 'num' } : {}, t)),
    ),
  );
  return el(
    'details',
    { id: 'results-details' },
    el('summary', {}, 'Every score: mean ± SE, the controls, the lifts'),
    el('table', { id: 'results-table' }, el('tr', {}, ...header.map((h) => el('th', {}, h))), ...body),
  );
}

/** TreeSHAP's algorithm, where its covers or background came from, and the expected value per explained class. */
function treeShapWords(result) {
  const t = result.treeShap;
  const from =
    t.algorithm === 'interventional'
      ? `against ${t.background} training rows`
      : t.covers === 'file'
        ? 'covers from the model file'
        : `covers counted from ${t.trainRows} training rows`;
  const expected = Object.entries(t.expected).map(([c, b]) => `${formatValue(b.base)} (class ${result.classNames[c] ?? c})`);
  return `${result.modelDescription ?? ''} · (TreeSHAP, ${t.algorithm}; ${from}) · expected value of the margin: ${expected.join(', ')}; attributions + expected value = the row's margin`;
}

/** Clears every result on the page (a new job, an error or a cancel). */
export function clearResults() {
  hook.result = null;
  for (const id of ['summary', 'tree-summary', 'chance-warning', 'verdicts', 'charts', 'summaries', 'instances-list', 'instance'])
    $(id).replaceChildren();
  $('chance-warning').hidden = true;
  $('instance').removeAttribute('aria-busy');
  $('instances-legend').textContent =
    "Click a row (or focus it and press Enter) to see each explainer's attributions for that instance side by side.";
}

/**
 * Summary, the verdicts (table, every score, CSV/JSON export), one chart per metric, one summary
 * plot per explainer, the instance table and the first instance's waterfalls; stops when
 * `isCurrent()` turns false.
 */
export async function showResult(result, isCurrent) {
  drawLog.length = 0;
  hook.result = result;
  const acc = result.accuracy;
  const model =
    result.model === 'lr' ? 'logistic regression' : result.model === 'onnx' ? `${result.modelName} (${result.gradients})` : 'ANN';
  $('tree-summary').textContent = result.treeShap === null ? '' : treeShapWords(result);
  $('summary').textContent =
    `${result.dataset} · ${model} · test accuracy ${acc.test.toFixed(3)} vs base rate ${result.chance.baseRate.toFixed(3)} ${result.model === 'onnx' ? '' : `(validation ${acc.validation?.toFixed(3) ?? '—'}, epoch ${result.bestEpoch}) `}· ${result.instances} instances${result.ignored.length > 0 ? ` · left out: ${result.ignored.join(', ')}` : ''} · ground truth: ${result.groundTruthSource} · ${(result.wallMs / 1000).toFixed(1)} s (${result.kernels} kernels)`;
  const chance = $('chance-warning');
  chance.hidden = result.chance?.warning == null;
  chance.textContent = result.chance?.warning == null ? '' : `⚠ ${result.chance.warning}`;
  $('verdicts').replaceChildren(...verdictTable(result), resultsTable(result), downloadLinks(result));
  const charts = $('charts');
  charts.replaceChildren();
  for (const metric of [...new Set(result.cells.map((c) => c.metric))]) {
    if (!isCurrent()) return;
    const fig = el('figure', { class: 'chart', id: `chart-${metric}` });
    charts.append(fig);
    await drawChunk(
      fig,
      metricChart(
        metric,
        METRIC_INFO[metric],
        result.cells.filter((c) => c.metric === metric),
      ),
      `metric ${metric}`,
    );
  }
  const summaries = $('summaries');
  summaries.replaceChildren();
  const towards =
    result.target === 'predicted'
      ? "attribution towards each row's predicted class"
      : `attribution towards class ${classWording(result).short}`;
  for (const explainer of Object.keys(result.rows[0]?.attributions ?? {})) {
    if (!isCurrent()) return;
    const fig = el('figure', { class: 'chart summary-chart', id: `summary-${explainer.replace(/\W+/g, '-')}` });
    summaries.append(fig);
    await drawChunk(fig, summaryChart(explainer, result, towards), `summary ${explainer}`);
  }
  const open = (index) => showInstance(result, index, isCurrent);
  $('instances-legend').textContent =
    `${classWording(result).legend} Click a row (or focus it and press Enter) to see each explainer's attributions side by side.`;
  await instanceTable(result, open, isCurrent);
  if (isCurrent()) await open(0);
}
