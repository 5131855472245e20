// The explanation plots of one dataset x model, from the plot samples on its result rows: one
// waterfall per explainer for the first instance, one summary (beeswarm) per explainer.
import { ALL_EXPLAINERS, rankIn } from '../config/ids.js';
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import type { PlotSample } from '../run/plotSample.js';
import { fileSlug } from './escapeText.js';
import { FIGURES_DIR } from './overviewFigure.js';
import type { TopLevelSpec } from 'vega-lite';
import { PLOT_FEATURES, baseWords, summarySpec, waterfallSpec } from '@xai/explainers/explanationPlots';
import type { Block, FigureBlock } from './reportDocument.js';
import { MODEL_NAMES, explainerName } from './reportFormat.js';

/** The explainers package's specs are plain data; here they are Vega-Lite's type. */
const vl = (spec: Record<string, unknown>): TopLevelSpec => spec as unknown as TopLevelSpec;

type Sampled = ResultRow & { readonly plot: PlotSample };

const plotFile = (kind: string, dataset: string, model: string, explainer: string): string =>
  `${FIGURES_DIR}/${kind}-${fileSlug(dataset)}-${fileSlug(model)}-${fileSlug(explainer)}.svg`;

/** The feature names of a pair: the dataset's when they match the model's inputs, else x0, x1, …. */
function featureNames(manifest: RunManifest, dataset: string, d: number): string[] {
  const names = manifest.datasets.find((x) => x.id === dataset)?.featureNames;
  return names && names.length === d ? [...names] : Array.from({ length: d }, (_, j) => `x${j}`);
}

/** What the plots' x axis is, in words: the output for the plotted class. */
function outputWords(sample: PlotSample, value: boolean): { output: string; towards: string } {
  if (value) return { output: 'model output', towards: 'attribution (towards the output)' };
  return { output: `p(class ${sample.target})`, towards: `attribution towards class ${sample.target}` };
}

/**
 * The plots of one dataset x model (none when its rows carry no plot sample, e.g. results of an
 * older version): a note saying which class, which feature values and which base values they
 * draw, then per explainer a waterfall of the first sampled instance and a summary of all.
 */
export function plotBlocks(rows: readonly ResultRow[], manifest: RunManifest, dataset: string, model: string): Block[] {
  const mine = rows.filter(
    (r): r is Sampled => r.dataset === dataset && r.model === model && r.kind === 'explainer' && r.plot !== undefined,
  );
  if (mine.length === 0) return [];
  const explainers = [...new Set(mine.map((r) => r.explainer))].sort((a, b) => rankIn(ALL_EXPLAINERS, a) - rankIn(ALL_EXPLAINERS, b));
  const first = Math.min(...mine.map((r) => r.instance));
  const sample0 = mine[0]!.plot;
  const features = featureNames(manifest, dataset, sample0.x.length);
  // A classifier's plots explain class 1; target 0 is a value model's output.
  const words = outputWords(sample0, sample0.target === 0);
  const pair = `${dataset} · ${MODEL_NAMES[model] ?? model}`;
  const waterfalls: FigureBlock[] = [];
  const summaries: FigureBlock[] = [];
  for (const e of explainers) {
    const own = mine.filter((r) => r.explainer === e).sort((a, b) => a.instance - b.instance);
    const one = own.find((r) => r.instance === first) ?? own[0]!;
    const name = explainerName(e);
    waterfalls.push({
      type: 'figure',
      id: `waterfall-${dataset}-${model}-${e}`,
      role: 'plot waterfall',
      alt: `${pair}: waterfall of ${name}'s attributions for instance ${one.instance}`,
      file: plotFile('waterfall', dataset, model, e),
      spec: vl(
        waterfallSpec({
          title: `${name} · instance ${one.instance}`,
          features,
          x: one.plot.x,
          a: one.plot.a,
          f: one.plot.f,
          base: one.plot.base,
          baseWords: baseWords(one.plot.baseFrom),
          outputWords: words.output,
        }),
      ),
    });
    summaries.push({
      type: 'figure',
      id: `summary-${dataset}-${model}-${e}`,
      role: 'plot summary',
      alt: `${pair}: summary of ${name}'s attributions over ${own.length} instances`,
      file: plotFile('summary', dataset, model, e),
      spec: vl(
        summarySpec({
          title: `${name} · ${own.length} instances`,
          features,
          instances: own.map((r) => r.instance),
          x: own.map((r) => r.plot.x),
          a: own.map((r) => r.plot.a),
          attributionWords: words.towards,
        }),
      ),
    });
  }
  const classNote =
    sample0.target === 0
      ? 'Attributions towards the model output.'
      : `Attributions towards class ${sample0.target} on every row, so signs compare across rows: a row the model predicts as another class is explained again for class ${sample0.target} (its scored attributions explain its predicted class).`;
  return [
    {
      type: 'heading',
      level: 3,
      text: `Explanations: instance ${first} and the first ${new Set(mine.map((r) => r.instance)).size} instances`,
    },
    {
      type: 'paragraph',
      role: 'note',
      content: [
        `${classNote} Feature values as the model reads them. Waterfall: from the base value (bottom) each feature's attribution moves the output, red up and blue down; the ${PLOT_FEATURES} largest one by one, the rest summed; a grey bar ("not attributed") is what the attributions leave unexplained up to f(x). Each waterfall names its base value: the mean output over the explainer's background, or its output at the explainer's baseline, where the attributions add up against one (KernelSHAP and the other Shapley estimators, IG with inputs multiplied, DeepLIFT); else the mean output over the training rows, and the attributions need not add up (a gradient is a slope, not a share of f(x) − base). Summary: one row per feature (the ${PLOT_FEATURES} with the largest mean |attribution|), one dot per instance, coloured by the feature's value. Values show on hover in report.html.`,
      ],
    },
    { type: 'figures', role: 'plots', figures: waterfalls },
    { type: 'figures', role: 'plots', figures: summaries },
  ];
}
