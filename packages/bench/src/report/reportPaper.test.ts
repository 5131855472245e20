import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { reportHtml } from './reportHtml.js';
import { reportMarkdown } from './reportMarkdown.js';
import { leaderboard, leaderboardMarkdown, paperLayout } from './reportPaper.js';
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import { summarize } from '../results/summarize.js';

// Per explainer a constant score per metric (instances 0..2), so ranks are known by construction.
const SCORES: Record<string, Record<string, number>> = {
  grad: { FA: 0.6, PGU: 0.05, PGI: 0.2, RIS: 3 },
  lime: { FA: 0.8, PGU: 0.01, PGI: 0.1, RIS: 5 },
  shap: { FA: 0.7, PGU: 0.03, PGI: 0.3, RIS: 4 },
};
const rows: ResultRow[] = [];
for (const dataset of ['synthetic', 'adult']) {
  for (const [explainer, m] of Object.entries(SCORES)) {
    for (let i = 0; i < 3; i++) {
      rows.push({
        unit: `${dataset}/ann/${explainer}/0`,
        lines: 3,
        dataset,
        model: 'ann',
        explainer,
        kind: 'explainer',
        instance: i,
        ...(dataset === 'adult' ? { group: i % 2 } : {}),
        metrics: { ...m, FA: m.FA! + (dataset === 'adult' ? 0.01 * i : 0) },
        diag: { neighbours: 90 + i },
      });
    }
  }
}
const report = {
  task: 'classification',
  accuracy: { train: 0.91, validation: 0.885, test: 0.872 },
  bestEpoch: 17,
  epochsRun: 30,
  selection: 'validation',
  stoppedEarly: true,
  settings: { epochs: 30, learningRate: 0.001, batchSize: 64, seed: 0, classWeights: null },
};
const manifest = {
  identityHash: '12'.repeat(32),
  floors: [],
  config: resolveBenchConfig({}, { models: 'ann' }),
  git: { commit: 'abc', dirty: false },
  versions: { '@xai/bench': '0.1.0' },
  plan: { units: 6, sha256: '34'.repeat(32) },
  invocations: [{ action: 'bench', argv: ['bench', '--datasets', 'synthetic,adult'] }],
  datasets: [
    { id: 'synthetic', instances: 3, features: 4, hash: 'aa'.repeat(32), groundTruth: {} },
    {
      id: 'adult',
      instances: 3,
      features: 13,
      hash: 'bb'.repeat(32),
      groundTruth: {},
      sensitive: { name: 'sex', groups: ['female', 'male'] },
    },
  ],
  models: [
    { dataset: 'synthetic', model: 'ann', hash: 'cc'.repeat(32), report },
    { dataset: 'adult', model: 'ann', hash: 'dd'.repeat(32), report },
  ],
} as unknown as RunManifest;
const summary = summarize(rows, { groupNames: { adult: ['female', 'male'] }, bootstrap: 20 });

describe('leaderboard', () => {
  it('ranks explainers per metric by its direction, per dataset x model, with receipts', () => {
    const board = leaderboard(summary, manifest);
    const order = (metric: string, dataset = 'synthetic') =>
      board.find((r) => r.metric === metric && r.dataset === dataset)!.ranked.map((x) => x.explainer);
    expect(order('FA')).toEqual(['lime', 'shap', 'grad']); // higher is better
    expect(order('PGU')).toEqual(['lime', 'shap', 'grad']); // lower is better
    expect(order('PGI')).toEqual(['shap', 'grad', 'lime']);
    expect(order('RIS')).toEqual(['grad', 'shap', 'lime']); // lower is more stable
    expect(board.find((r) => r.dataset === 'adult')!.receipt).toEqual({
      run: '12'.repeat(8),
      dataHash: 'bb'.repeat(8),
      modelHash: 'dd'.repeat(8),
    });
    const md = leaderboardMarkdown(summary, manifest);
    // One row per ranked method with its point rank among those ranked; no controls in this run,
    // so nothing can be tested against them; the receipt folded under the pair.
    expect(md).toContain('| synthetic · ANN | 1 of 3 | LIME | 0.800 ± 0 | ○ not testable here¹ |');
    expect(md).toContain('|  | 3 of 3 | Gradient | 0.600 ± 0 | ○ not testable here¹ |');
    expect(md).toContain(
      '| ↳ controls (reference, never ranked): — · receipt: run 1212121212121212 · data aaaaaaaaaaaaaaaa · model cccccccccccccccc |',
    );
    expect(md).toContain('¹ not testable here: no control has a finite value here');
    expect(md).toContain('- `command bench: xai bench --datasets synthetic,adult`');
    expect(md).toContain(`- \`run identity ${'12'.repeat(32)}\``);
  });
});

describe('--layout paper', () => {
  it("has exactly the table metrics as columns and OpenXAI's explainer order as rows", () => {
    const { markdown, csv } = paperLayout(summary, manifest);
    expect(markdown).toContain('## Table 2: Ground-truth faithfulness');
    expect(markdown).toContain('| Method | PRA | RC | FA | RA | SA | SRA |');
    expect(markdown).toContain('| Method | PGU↓ | PGI↑ |');
    expect(markdown).toContain('## Table 5: Stability, ANN');
    expect(markdown).not.toContain('Table 4'); // no LR in this run
    const t3 = markdown.slice(markdown.indexOf('Table 3'));
    const methods = [...t3.matchAll(/^\| (Gradient|KernelSHAP|LIME) \|/gm)].slice(0, 3).map((m) => m[1]);
    expect(methods).toEqual(['Gradient', 'KernelSHAP', 'LIME']); // OpenXAI order, not by score
    expect(csv.split('\n')[0]).toBe('table,dataset,model,explainer,metric,mean,se,logMean,logSe,count');
    expect(csv).toContain(`5,synthetic,ann,grad,RIS,3,0,${Math.log(3)},0,3`);
  });
});

describe('model facts and the navigable HTML', () => {
  it('report.md shows accuracy (validation, test), the chosen epoch and training settings', () => {
    const md = reportMarkdown(summary, manifest);
    expect(md).toContain(
      '**Model**: accuracy: validation 0.885, test 0.872 (train 0.910) · chosen epoch 17 of 30 (validation, stopped early) · training: epochs 30, learningRate 0.001, batchSize 64, seed 0',
    );
  });
  it('report.html has everything report.md has, a table of contents and a drill-down', async () => {
    const html = await reportHtml(summary, manifest, rows);
    expect(html).toContain('<nav id="toc">');
    for (const id of ['synthetic-ann', 'adult-ann', 'leaderboard', 'legend', 'receipt']) {
      expect(html).toContain(`href="#${id}"`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('accuracy: validation 0.885, test 0.872');
    expect(html).toContain('chosen epoch 17 of 30');
    expect(html).toContain('RIS median [q25, q75]');
    expect(html).toContain('neighbours kept');
    expect(html).toMatch(/disparity \(female − male\) \[95% CI\]/);
    expect(html).toContain('lower ↓');
    expect(html).toContain('<details class="drill" id="drill-adult-ann">');
    // 3 explainers x 3 instances per dataset x model in the drill-down
    const drills = [...html.matchAll(/<details class="drill" id="drill-[^"]+">(.*?)<\/details>/gs)].map((m) => m[1]!);
    expect(drills.map((d) => d.match(/<tbody>(.*)<\/tbody>/s)![1]!.split('<tr>').length - 1)).toEqual([9, 9]);
    expect(html).not.toContain('<script');
  });
});
