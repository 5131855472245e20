// Web Worker that turns Vega-Lite specs into SVG markup (Vega's string renderer, which escapes
// every text and attribute), so compiling, the dataflow and the layout of a chart never run on
// the page's main thread; each mark's description becomes its hover title. Messages in:
// { id, spec }; out: { id, svg } | { id, error }.
import './workerCanvas.js';
import { hoverTitles } from '@xai/explainers/explanationPlots';
import * as vega from 'vega';
import { compile } from 'vega-lite';

self.onmessage = async ({ data }) => {
  const { id, spec } = data;
  try {
    const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
    // Each mark's description as a <title>: the browser shows it on hover.
    const svg = hoverTitles(await view.toSVG());
    view.finalize();
    self.postMessage({ id, svg });
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};
