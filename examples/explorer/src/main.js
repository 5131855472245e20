// The explorer page (UI thread only: forms, progress, charts). Computation runs in a Web Worker
// built from worker.js and inlined as a Blob, so the page works from file:// and any static host.
import { csvHeader } from './csvHeader.js';
import { startJobClock } from './jobClock.js';
import { checkJobSpec } from './jobSpec.js';
import { EXPLAINERS, TREE_SHAP_ALGORITHMS, notApplicableReason, notOfferedWords } from './pipeline-info.js';
import { explainerModels } from '@xai/explainers/explainerInfo';
import { clearResults, el, showResult } from './render.js';
import { userError } from './userError.js';

/* global __WORKER_SOURCE__ */
const $ = (id) => document.getElementById(id);
const state = {
  csvText: null,
  fileName: null,
  classNames: ['0', '1'],
  job: null,
  inspector: null,
  generation: 0,
  fileToken: 0,
  modelToken: 0,
  modelKind: null,
};

function newWorker() {
  return new Worker(URL.createObjectURL(new Blob([__WORKER_SOURCE__], { type: 'text/javascript' })));
}

function setState(name) {
  document.body.dataset.state = name;
}

function showMessage(text, isError = false) {
  $('message').textContent = text;
  $('message').classList.toggle('error', isError);
}

/** Shows an error the reader understands, its code on a details line, and clears old results. */
function showError(error) {
  const { message, details } = userError(error);
  state.generation++;
  clearResults();
  showMessage(message, true);
  $('error-details').hidden = false;
  $('error-details').textContent = `details: ${details}`;
  setState('error');
}

function clearError() {
  $('error-details').hidden = true;
  $('error-details').textContent = '';
  showMessage('');
}

function renderExplainerChoices() {
  const box = $('explainers');
  for (const e of EXPLAINERS) {
    const input = Object.assign(el('input', { type: 'checkbox', value: e.id, name: 'explainer' }), {
      // id-list: the page's preselection (one gradient, one path, one sampling method)
      checked: ['grad', 'ig', 'lime'].includes(e.id),
    });
    box.append(el('label', {}, input, ` ${e.label}`));
  }
  $('tree-shap').replaceChildren(...TREE_SHAP_ALGORITHMS.map((a) => el('option', { value: a }, a)));
}

/** The kind of model the job will explain: a loaded tree ensemble, else a network (trained or ONNX). */
function modelKind() {
  return $('model').value === 'onnx' && state.modelKind === 'trees' ? 'trees' : 'network';
}

/**
 * Offers the explainers that apply to the model (the registry's facts) and says why the others
 * do not. A box the user ticked stays ticked while it applies; on a change to a tree model its
 * default, TreeSHAP, is ticked.
 */
function updateExplainerChoices() {
  const kind = modelKind();
  const reasons = new Map();
  for (const input of document.querySelectorAll('input[name=explainer]')) {
    const reason = notApplicableReason(input.value, kind);
    const newlyApplies = input.disabled && reason === null;
    input.disabled = reason !== null;
    if (reason !== null) {
      input.checked = false;
      reasons.set(reason, [...(reasons.get(reason) ?? []), EXPLAINERS.find((e) => e.id === input.value).label]);
    } else if (newlyApplies && kind === 'trees' && explainerModels(input.value) === 'trees') input.checked = true;
    input.parentElement.title = reason ?? '';
  }
  $('explainer-reasons').replaceChildren(...[...reasons].map(([reason, names]) => el('li', {}, notOfferedWords(names, reason))));
  $('tree-shap-box').hidden = kind !== 'trees';
}

/** Fills "class to explain" with the label's classes; the second class is the default, unless the
 * user's pick (a class index or "predicted") is still one of the new options. */
function setClasses(classNames) {
  state.classNames = classNames;
  const picked = $('target').value;
  const options = classNames.map((name, i) => el('option', { value: String(i) }, `${name}${i === 1 ? ' (default)' : ''}`));
  options.push(el('option', { value: 'predicted' }, 'the predicted class (per row)'));
  $('target').replaceChildren(...options);
  const kept = options.some((o) => o.value === picked) && picked !== '';
  $('target').value = kept ? picked : classNames.length > 1 ? '1' : '0';
}

/** Checks the picked label in a short-lived worker with the CLI's reader and checks. */
function inspectLabel() {
  state.inspector?.terminate();
  if (state.csvText === null) return;
  const inspector = newWorker();
  state.inspector = inspector;
  const label = $('label').value;
  const ignore = ignoredColumns();
  setState('inspecting');
  $('file-status').textContent = `${state.fileName}: checking the label “${label}”…`;
  inspector.onmessage = ({ data }) => {
    inspector.terminate();
    if (state.inspector !== inspector) return;
    state.inspector = null;
    if (data.type === 'error') {
      $('file-status').textContent = `${state.fileName}: the label “${label}” cannot be used (see below)`;
      return showError(data.error);
    }
    const info = data.label;
    clearError();
    setClasses(info.classes);
    const left = ignore.length > 0 ? `; left out: ${ignore.join(', ')}` : '';
    const missing =
      info.missingCells > 0
        ? `; ${info.missingCells} missing cells: kept (NaN) for a tree model file, each down its split's missing-value branch; LR, the ANN and ONNX graphs need complete rows`
        : '';
    $('file-status').textContent =
      `${state.fileName}: ${info.rows} rows, ${info.features} model features (text columns one-hot)${left}; label “${info.name}”: ${info.classes.length} classes (${info.classes.join(', ')})${missing}`;
    // A job started before this check finished keeps its own state (running, then done).
    if (state.job === null) setState('ready');
  };
  inspector.postMessage({ type: 'inspect', csvText: state.csvText, label, ignore, fileName: state.fileName });
}

async function takeFile(file) {
  setState('reading');
  const token = ++state.fileToken;
  // Bytes, not text: @xai/data then tells a UTF-16 or binary file (a PNG, a spreadsheet) from CSV.
  const bytes = new Uint8Array(await file.arrayBuffer());
  // A file chosen while this one was read wins: its columns, not these, fill the pickers.
  if (token !== state.fileToken) return;
  state.csvText = bytes;
  state.fileName = file.name;
  const names = csvHeader(new TextDecoder().decode(state.csvText.subarray(0, 1 << 16)));
  $('label').replaceChildren(...names.map((n) => el('option', { value: n }, n)));
  $('label').value = names[names.length - 1];
  $('ignore').replaceChildren(
    ...names.map((n) => el('label', {}, el('input', { type: 'checkbox', name: 'ignore', value: n, onchange: inspectLabel }), ` ${n}`)),
  );
  $('source-csv').checked = true;
  $('label').disabled = false;
  $('file-status').textContent = `${file.name}: ${names.length} columns; checking the label…`;
  inspectLabel();
}

/**
 * Keeps an uploaded model file's bytes for the job and picks it as the model; a short-lived worker
 * says what it is (a tree ensemble or an ONNX graph), and the explainers follow. A file chosen
 * while this one was read or checked wins.
 */
async function takeModelFile(file) {
  const token = ++state.modelToken;
  // Picked now, while the file is read: a model the user picks after this stays picked.
  $('model').value = 'onnx';
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (token !== state.modelToken) return;
  Object.assign(state, { onnxBytes: bytes, onnxName: file.name, modelKind: null });
  $('onnx-status').removeAttribute('data-kind');
  $('onnx-status').textContent = `${file.name}: ${bytes.length} bytes; reading it…`;
  updateExplainerChoices();
  const reader = newWorker();
  reader.onmessage = ({ data }) => {
    reader.terminate();
    if (token !== state.modelToken) return;
    if (data.type === 'error') {
      $('onnx-status').textContent = `${file.name}: not a model the explorer reads (see below)`;
      return showError(data.error);
    }
    state.modelKind = data.model.kind;
    $('onnx-status').textContent = data.model.text;
    $('onnx-status').dataset.kind = data.model.kind;
    updateExplainerChoices();
  };
  reader.postMessage({ type: 'model', bytes, name: file.name });
}

/** The columns ticked under "leave out" (not model features: ids, free text), as the CLI's --ignore. */
function ignoredColumns() {
  return [...document.querySelectorAll('input[name=ignore]:checked')].map((i) => i.value);
}

function spec() {
  const source = $('source-csv').checked ? 'csv' : 'synth';
  const target = $('target').value;
  const kernels = new URLSearchParams(location.search).get('kernels');
  return {
    source,
    ...(source === 'csv'
      ? { csvText: state.csvText ?? undefined, fileName: state.fileName ?? undefined, label: $('label').value, ignore: ignoredColumns() }
      : {}),
    model: $('model').value,
    ...($('model').value === 'onnx' ? { onnxBytes: state.onnxBytes ?? undefined, onnxName: state.onnxName ?? undefined } : {}),
    explainers: [...document.querySelectorAll('input[name=explainer]:checked:not(:disabled)')].map((i) => i.value),
    // A tree model's rows keep their missing cells (NaN), as the CLI's --missing nan.
    ...(modelKind() === 'trees' ? { treeShap: $('tree-shap').value, missing: 'nan' } : {}),
    instances: $('instances').value.trim() === '' ? Number.NaN : Number($('instances').value),
    stability: $('stability').checked,
    seed: 0,
    target: target === 'predicted' ? 'predicted' : Number(target),
    ...(kernels === 'js' || kernels === 'simd' ? { kernels } : {}),
  };
}

function setBusy(busy) {
  $('run').disabled = busy;
  $('cancel').disabled = !busy;
  document.body.classList.toggle('busy', busy);
}

/** Ends the running job (if any): the worker is terminated, so nothing of it runs on. */
function stopJob() {
  if (state.job === null) return null;
  const { worker, clock, timer } = state.job;
  worker.terminate();
  clearInterval(timer);
  state.job = null;
  setBusy(false);
  return clock;
}

function cancel() {
  const clock = stopJob();
  if (clock === null) return;
  state.generation++;
  $('progress').value = 0;
  $('clock').textContent = '';
  showMessage(`Cancelled after ${clock.seconds(clock.elapsedMs())}; nothing of that job was kept.`);
  setState('cancelled');
}

async function onJobMessage(data, clock, generation) {
  if (data.type === 'progress') {
    clock.update(data.fraction, data.phase);
    $('progress').value = data.fraction;
    showMessage(data.message);
    $('clock').textContent = clock.text();
  } else if (data.type === 'result') {
    stopJob();
    $('progress').value = 1;
    $('clock').textContent = `took ${clock.seconds(clock.elapsedMs())}`;
    showMessage('done; drawing the charts');
    setState('drawing');
    try {
      await showResult(data.result, () => state.generation === generation);
    } catch (e) {
      return showError(e);
    }
    if (state.generation !== generation) return;
    showMessage('done');
    setState('done');
  } else if (data.type === 'error') {
    stopJob();
    $('clock').textContent = '';
    showError(data.error);
  }
}

function run() {
  const s = spec();
  stopJob();
  state.generation++;
  clearResults();
  clearError();
  try {
    checkJobSpec(s);
  } catch (e) {
    return showError(e);
  }
  const generation = state.generation;
  const worker = newWorker();
  const clock = startJobClock();
  state.job = { worker, clock, timer: setInterval(() => ($('clock').textContent = clock.text()), 500) };
  setBusy(true);
  setState('running');
  $('progress').value = 0;
  worker.onmessage = ({ data }) => onJobMessage(data, clock, generation);
  worker.onerror = (e) => {
    stopJob();
    showError(new Error(e.message));
  };
  worker.postMessage({ type: 'run', spec: s });
}

function wireFileInputs() {
  $('file').addEventListener('change', (e) => e.target.files[0] && takeFile(e.target.files[0]));
  $('onnx-file').addEventListener('change', (e) => e.target.files[0] && takeModelFile(e.target.files[0]));
  $('model').addEventListener('change', updateExplainerChoices);
  $('label').addEventListener('change', inspectLabel);
  $('source-synth').addEventListener('change', () => {
    $('label').disabled = true;
    setClasses(['0', '1']);
  });
  $('source-csv').addEventListener('change', () => {
    $('label').disabled = false;
    inspectLabel();
  });
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
}

renderExplainerChoices();
updateExplainerChoices();
setClasses(['0', '1']);
$('label').disabled = !$('source-csv').checked;
wireFileInputs();
$('run').addEventListener('click', run);
$('cancel').addEventListener('click', cancel);
setState('ready');
