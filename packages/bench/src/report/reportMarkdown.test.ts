import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { chartSpecs } from './chartSpecs.js';
import { buildReport } from './buildReport.js';
import { documentNotes } from './reportDocument.js';
import { renderHtml } from './renderHtml.js';
import { renderMarkdown } from './renderMarkdown.js';
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import { summarize } from '../results/summarize.js';

const metrics = { PRA: 0.9, RC: 0.8, FA: 0.7, RA: 0.6, SA: 0.5, SRA: 0.4, PGU: 0.02, PGI: 0.3, RIS: 2, ROS: 3, SPARSENESS: 0.3 };
/** Two instances per cell: instance i scores value × scale × (1 + i/10). */
function rows(model: string, explainer: string, kind: ResultRow['kind'], scale: number): ResultRow[] {
  return [0, 1].map((i) => ({
    unit: '',
    lines: 0,
    dataset: 'adult',
    model,
    explainer,
    kind,
    instance: i,
    group: i,
    metrics: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, v * scale * (1 + i / 10)])),
  }));
}
const all = ['lr', 'ann'].flatMap((m) => [
  ...rows(m, 'grad', 'explainer', 1),
  ...rows(m, 'grad', 'null', 0.5),
  ...rows(m, 'floor-global', 'floor', 0.8),
]);
const manifest = {
  identityHash: 'ab'.repeat(32),
  floors: ['floor-global'],
  config: resolveBenchConfig({}, {}),
  invocations: [],
  versions: {},
  plan: { units: 6, sha256: 'ee'.repeat(32) },
  datasets: [
    {
      id: 'adult',
      instances: 2,
      trainRows: 10,
      testRows: 2,
      features: 13,
      hash: 'cd'.repeat(32),
      groundTruth: { lr: 'model', ann: null },
      sensitive: { name: 'sex', groups: ['female', 'male'] },
    },
  ],
  models: [
    {
      dataset: 'adult',
      model: 'lr',
      hash: 'ef'.repeat(32),
      path: '',
      cached: false,
      featureKinds: { source: 'test', continuous: 12, discrete: [{ name: 'sex', levels: [0, 1] }], groups: [] },
    },
    { dataset: 'adult', model: 'ann', hash: 'fe'.repeat(32), path: '', cached: false },
  ],
} as unknown as RunManifest;

const summary = summarize(all, { groupNames: { adult: ['female', 'male'] }, bootstrap: 50 });
const doc = buildReport(summary, manifest);
const md = renderMarkdown(doc);
const lines = md.split('\n');
const line = (start: string, after = 0): string => lines.slice(after).find((l) => l.startsWith(start))!;

describe('report.md', () => {
  it('opens with the one-screen verdicts: per pair, explainers x metrics with ✓ / ✕ / ○ and the reason', () => {
    expect(md.indexOf('## Verdicts')).toBeLessThan(md.indexOf('## Legend'));
    const lr = lines.indexOf('### adult · LR');
    const ann = lines.indexOf('### adult · ANN');
    expect(lr).toBeGreaterThan(0);
    // LR: the ground truth is its weights (= the global floor): not testable, with the reason as a footnote;
    // PGU/PGI are tested, as a discrete column is flipped (ranking by |weight| is then not the best).
    expect(line('| Gradient |', lr)).toBe(
      '| Gradient | 0.95 ○¹ | 0.84 ○¹ | 0.73 ○¹ | 0.63 ○¹ | 0.525 ○¹ | 0.420 ○¹ | 0.0210 ✕ | 0.315 ✓ | 0.74 ○² | 1.15 ○² | 0.315 ✓ | 2 of 3 |',
    );
    expect(line('¹ not testable here: LR: the global floor is the model', lr)).toBeDefined();
    // ANN: FA beats the floor by 0.147 with a paired SE of 0.007 and the null by 0.3675 ± 0.0175: ✓;
    // PGU (lower is better) is above both the floor (0.8x) and the null (0.5x): ✕; stability cannot be tested.
    const annRow = line('| Gradient |', ann);
    expect(annRow.split(' | ').slice(1, 12)).toEqual([
      '0.95 ✓',
      '0.84 ✓',
      '0.73 ✓',
      '0.63 ✓',
      '0.525 ✓',
      '0.420 ✓',
      '0.0210 ✕',
      '0.315 ✓',
      '0.74 ○¹',
      '1.15 ○¹',
      '0.315 ✓',
    ]);
    expect(annRow.endsWith('| 8 of 9 |')).toBe(true);
    expect(line('| floor (best shortcut) |', ann)).toContain('| 0.76 | 0.67 | 0.588 |');
  });

  it('an LR whose features are all perturbed alike: PGU/PGI not testable (ranking by |weight| is the best there is)', () => {
    const kinds = { source: 'test', continuous: 13, discrete: [], groups: [] };
    const models = manifest.models.map((m) => (m.model === 'lr' ? { ...m, featureKinds: kinds } : m));
    const alike = renderMarkdown(buildReport(summary, { ...manifest, models } as RunManifest)).split('\n');
    const at = alike.indexOf('### adult · LR');
    const row = alike.slice(at).find((l) => l.startsWith('| Gradient |'))!;
    expect(row.split(' | ').slice(7, 9)).toEqual(['0.0210 ○²', '0.315 ○²']);
    expect(alike.slice(at).find((l) => l.startsWith('² not testable here: LR with every feature perturbed alike'))).toBeDefined();
  });

  it('has one detailed row per explainer and metric, the floor as a control row under it, lifts at their paired SE', () => {
    expect(md).toContain('| metric | explainer | score ± SE | n | null (permuted) | lift vs floor | lift vs null | verdict |');
    const ann = lines.indexOf('## adult · ANN');
    // FA: 0.7 and 0.77 -> 0.735 ± 0.035 (one digit of SE: 0.04); null 0.5x: 0.3675 ± 0.0175 (two digits: 0.018);
    // lifts 0.147 (paired SE 0.007) and 0.3675 (paired SE 0.0175).
    expect(line('| FA ↑ | Gradient (grad) |', ann)).toBe(
      '| FA ↑ | Gradient (grad) | 0.73 ± 0.04 | 2 | 0.367 ± 0.018 | +0.147 | +0.367 | ✓ |',
    );
    expect(line('| FA ↑ | floor (floor-global) |', ann)).toBe('| FA ↑ | floor (floor-global) | 0.588 ± 0.028 | 2 |  |  |  |  |');
    expect(line('| PGU ↓ | Gradient (grad) |', ann)).toContain('| −0.00420 | −0.0105 | ✕ below the floor; below the null |');
    const ris = line('| RIS ↓ | Gradient (grad) |', ann);
    expect(ris).toContain(`${Math.log(2.1).toFixed(2)} ± `);
    expect(ris).toContain('= score (perm.-inv.)');
  });

  it("says why a metric's null is not shown, under its table, in report.md and report.html alike", async () => {
    const note = md.split('\n').find((l) => l.startsWith('¹ SPARSENESS null:'));
    expect(note).toBeDefined();
    expect(line('| SPARSENESS ↑ | Gradient (grad) |')).toContain('| not meaningful¹ |');
    const html = await renderHtml(doc);
    expect(html).toContain('not meaningful¹');
    expect(html).toContain('<li>¹ SPARSENESS null:');
  });

  it('has a legend from the metric registry: what each metric measures and which direction is better', () => {
    expect(md).toMatch(/\| PGU↓ \| Prediction gap on unimportant features: output change[^|]*\| lower ↓ \|/);
    expect(md).toMatch(/\| FA \| Feature agreement: share of the top-k[^|]*\| higher ↑ \|/);
  });
  it('has subgroup means with the disparity and its interval', () => {
    expect(md).toContain('### Subgroups (sex)');
    expect(md).toMatch(/\| female \| male \| disparity \(female − male\) \\\[95% CI\\\] \|/);
  });
  it('names the ground truth and the hashes, and holds no timings', () => {
    expect(md).toContain("ground truth: the LR model's own weights");
    expect(md).toContain('`abababababababab`');
    expect(md).not.toMatch(/\d+(\.\d+)? s\b|elapsed|seconds/);
  });
  it('makes one chart per metric and one subgroup chart per metric', () => {
    const charts = chartSpecs(summary).filter((c) => c.model === 'lr');
    expect(charts.filter((c) => c.kind === 'metric').map((c) => c.metric)).toEqual(Object.keys(metrics));
    expect(charts.filter((c) => c.kind === 'subgroup')).toHaveLength(Object.keys(metrics).length);
    const fa = charts.find((c) => c.id === 'chart-adult-lr-FA')!.spec as { layer: unknown[] };
    expect(fa.layer).toHaveLength(4); // bars, error bars, null ticks, floor rule
  });
});

/** What a reader sees: Markdown without its markup and escapes; HTML without its tags and entities. */
const mdVisible = (s: string): string =>
  s
    .replace(/\\([\\`*[\]|#!~@_])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\*\*|`/g, '');
const htmlVisible = (s: string): string =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('one document, two renderers', () => {
  it('report.md and report.html carry the same notes and footnotes', async () => {
    const notes = documentNotes(doc);
    // The verdict legend and reasons, the controls note, the null notes, the stability note.
    expect(notes.length).toBeGreaterThan(8);
    expect(notes.some((n) => n.startsWith('¹ not testable here: LR'))).toBe(true);
    expect(notes.some((n) => n.startsWith('¹ SPARSENESS null:'))).toBe(true);
    const mdText = mdVisible(md);
    const htmlText = htmlVisible(await renderHtml(doc));
    for (const n of notes) {
      expect(mdText, n).toContain(n);
      expect(htmlText, n).toContain(n);
    }
  });
});
