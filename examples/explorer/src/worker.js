// Web Worker: all computation happens here so the page never blocks. Messages in:
// { type: 'run', spec }; out: { type: 'progress', fraction, message } | { type: 'result', result } | { type: 'error', message }.
import { explainAndScore, loadData, trainChosenModel } from './pipeline.js';

self.onmessage = (event) => {
  const { type, spec } = event.data;
  if (type !== 'run') return;
  const progress = (fraction, message) => self.postMessage({ type: 'progress', fraction, message });
  try {
    const t0 = performance.now();
    progress(0, 'loading data');
    const data = loadData(spec);
    progress(0.02, `training ${spec.model === 'lr' ? 'logistic regression' : 'the neural network'} on ${data.train.x.rows} rows`);
    const trained = trainChosenModel(data, spec.model, spec.seed ?? 0);
    progress(0.1, `trained (test accuracy ${trained.accuracy.test.toFixed(3)}); explaining`);
    const result = explainAndScore(data, trained, spec, (f, message) => progress(0.1 + 0.9 * f, message));
    self.postMessage({ type: 'result', result: { ...result, model: spec.model, wallMs: performance.now() - t0 } });
  } catch (e) {
    self.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
