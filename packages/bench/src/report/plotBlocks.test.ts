import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import { summarize } from '../results/summarize.js';
import { buildReport } from './buildReport.js';
import { renderHtml } from './renderHtml.js';
import { renderMarkdown } from './renderMarkdown.js';

describe('plots in the report', () => {
  const plot = (i: number, sign: number) => ({
    x: [i, 1 - i],
    a: [0.1 * sign, -0.05],
    target: 1,
    f: 0.55,
    base: 0.5,
    baseFrom: 'background' as const,
  });
  const rows: ResultRow[] = [0, 1, 2].flatMap((i) => [
    {
      unit: 'u',
      lines: 3,
      dataset: 'synthetic',
      model: 'ann',
      explainer: 'shap',
      kind: 'explainer' as const,
      instance: i,
      metrics: { FA: 0.5 + i / 10 },
      plot: plot(i, 1),
    },
    {
      unit: 'v',
      lines: 3,
      dataset: 'synthetic',
      model: 'ann',
      explainer: 'grad',
      kind: 'explainer' as const,
      instance: i,
      metrics: { FA: 0.4 + i / 10 },
      plot: plot(i, -1),
    },
  ]);
  const manifest = {
    identityHash: 'ab'.repeat(32),
    floors: [],
    config: resolveBenchConfig({}, {}),
    invocations: [],
    versions: {},
    plan: { units: 2, sha256: 'ee'.repeat(32) },
    datasets: [
      { id: 'synthetic', instances: 3, features: 2, hash: 'cd'.repeat(32), groundTruth: { ann: 'data' }, featureNames: ['age', 'income'] },
    ],
    models: [{ dataset: 'synthetic', model: 'ann', hash: 'ef'.repeat(32), path: '', cached: false }],
  } as unknown as RunManifest;
  const doc = buildReport(summarize(rows), manifest, rows);

  it('report.md links a waterfall and a summary per explainer, written under figures/', () => {
    const md = renderMarkdown(doc);
    for (const f of [
      'waterfall-synthetic-ann-grad',
      'waterfall-synthetic-ann-shap',
      'summary-synthetic-ann-grad',
      'summary-synthetic-ann-shap',
    ])
      expect(md).toContain(`(figures/${f}.svg)`);
    expect(md).toContain('Attributions towards class 1 on every row');
  });

  it('report.html draws them inline, feature names and values on the bars, every value on hover', async () => {
    const html = await renderHtml(doc);
    const waterfall = html.match(/<figure class="plot waterfall" id="waterfall-synthetic-ann-shap"[\s\S]*?<\/figure>/)![0];
    expect(waterfall).toContain('age = 0');
    expect(waterfall).toContain('base 0.500 = mean output over its background');
    expect(waterfall).toContain('<title>age = 0: +0.100 (from 0.450 to 0.550)</title>');
    const summary = html.match(/<figure class="plot summary" id="summary-synthetic-ann-grad"[\s\S]*?<\/figure>/)![0];
    expect(summary.match(/<title>#\d+ (age|income) = /g)).toHaveLength(6);
  });
});
