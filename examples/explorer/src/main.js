// The explorer page (UI thread only: forms, progress, charts). Computation runs in a Web Worker
// built from worker.js and inlined as a Blob, so the page works from file:// and any static host.
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { instanceChart, metricChart } from './charts.js';
import { EXPLAINERS, METRIC_INFO } from './pipeline-info.js';

/* global __WORKER_SOURCE__ */
const $ = (id) => document.getElementById(id);
const state = { csvText: null, fileName: null, result: null, worker: null };

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

async function draw(container, spec) {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'svg', container, hover: true });
  await view.runAsync();
  return view;
}

function renderExplainerChoices() {
  const box = $('explainers');
  for (const e of EXPLAINERS) {
    const checked = ['grad', 'ig', 'lime'].includes(e.id);
    box.append(
      el('label', {}, Object.assign(el('input', { type: 'checkbox', value: e.id, name: 'explainer' }), { checked }), ` ${e.label}`),
    );
  }
}

function headerOf(text) {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = first.includes(',') ? ',' : first.includes('\t') ? '\t' : ';';
  return first.split(delimiter).map((s) => s.trim().replace(/^"|"$/g, ''));
}

async function takeFile(file) {
  state.csvText = await file.text();
  state.fileName = file.name;
  const names = headerOf(state.csvText);
  const select = $('label');
  select.replaceChildren(...names.map((n) => el('option', { value: n }, n)));
  select.value = names[names.length - 1];
  $('source-csv').checked = true;
  $('file-status').textContent = `${file.name}: ${names.length} columns`;
}

function spec() {
  const source = $('source-csv').checked ? 'csv' : 'synth';
  return {
    source,
    csvText: source === 'csv' ? state.csvText : undefined,
    fileName: state.fileName ?? undefined,
    label: source === 'csv' ? $('label').value : undefined,
    model: $('model').value,
    explainers: [...document.querySelectorAll('input[name=explainer]:checked')].map((i) => i.value),
    instances: Number($('instances').value),
    stability: $('stability').checked,
    seed: 0,
  };
}

function setBusy(busy) {
  $('run').disabled = busy;
  document.body.classList.toggle('busy', busy);
}

async function showResult(result) {
  state.result = result;
  const acc = result.accuracy;
  $('summary').textContent =
    `${result.dataset} · ${result.model === 'lr' ? 'logistic regression' : 'ANN'} · test accuracy ${acc.test.toFixed(3)} (validation ${acc.validation?.toFixed(3) ?? '—'}, epoch ${result.bestEpoch}) · ${result.instances} instances · ground truth: ${result.groundTruthSource} · ${(result.wallMs / 1000).toFixed(1)} s`;
  const charts = $('charts');
  charts.replaceChildren();
  const metrics = [...new Set(result.cells.map((c) => c.metric))];
  for (const metric of metrics) {
    const fig = el('figure', { class: 'chart', id: `chart-${metric}` });
    charts.append(fig);
    await draw(
      fig,
      metricChart(
        metric,
        METRIC_INFO[metric],
        result.cells.filter((c) => c.metric === metric),
      ),
    );
  }
  const explainers = Object.keys(result.rows[0]?.attributions ?? {});
  const table = el(
    'table',
    { id: 'instances-table' },
    el('tr', {}, el('th', {}, '#'), el('th', {}, 'p(class 1)'), ...explainers.map((e) => el('th', {}, `top feature (${e})`))),
  );
  for (const row of result.rows) {
    const top = (a) => {
      let best = 0;
      for (let j = 1; j < a.length; j++) if (Math.abs(a[j]) > Math.abs(a[best])) best = j;
      return result.featureNames[best] ?? `x${best}`;
    };
    table.append(
      el(
        'tr',
        { class: 'instance-row', 'data-index': String(row.index), onclick: () => showInstance(row.index) },
        el('td', {}, String(row.index)),
        el('td', {}, row.probability.toFixed(3)),
        ...explainers.map((e) => el('td', {}, top(row.attributions[e]))),
      ),
    );
  }
  $('instances-list').replaceChildren(table);
  await showInstance(0);
}

async function showInstance(index) {
  const row = state.result.rows[index];
  const box = $('instance');
  box.replaceChildren();
  const fig = el('figure', { class: 'chart instance-chart', id: `instance-${index}` });
  box.append(fig);
  for (const r of document.querySelectorAll('.instance-row')) r.classList.toggle('selected', r.dataset.index === String(index));
  await draw(fig, instanceChart(row, state.result.featureNames));
}

function run() {
  const s = spec();
  if (s.source === 'csv' && !s.csvText) {
    $('message').textContent = 'Drop a CSV first (or pick SynthGauss).';
    return;
  }
  state.worker?.terminate();
  const url = URL.createObjectURL(new Blob([__WORKER_SOURCE__], { type: 'text/javascript' }));
  const worker = new Worker(url);
  state.worker = worker;
  setBusy(true);
  $('progress').value = 0;
  worker.onmessage = async ({ data }) => {
    if (data.type === 'progress') {
      $('progress').value = data.fraction;
      $('message').textContent = data.message;
    } else if (data.type === 'result') {
      $('progress').value = 1;
      $('message').textContent = 'done';
      setBusy(false);
      worker.terminate();
      await showResult(data.result);
      document.body.dataset.state = 'done';
    } else if (data.type === 'error') {
      setBusy(false);
      $('message').textContent = `error: ${data.message}`;
      document.body.dataset.state = 'error';
    }
  };
  worker.postMessage({ type: 'run', spec: s });
}

renderExplainerChoices();
$('file').addEventListener('change', (e) => e.target.files[0] && takeFile(e.target.files[0]));
const drop = $('drop');
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  if (e.dataTransfer.files[0]) takeFile(e.dataTransfer.files[0]);
});
$('run').addEventListener('click', run);
document.body.dataset.state = 'ready';
