// The manifest records what actually ran: every explainer setting per dataset x model x
// explainer comes from the very objects the workers build (real pipeline, two datasets).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../src/benchConfig';
import { createUnitRunner, prepare } from '../src/pipelineEngine';

const cacheDir = mkdtempSync(join(tmpdir(), 'xai-record-cache-'));

describe('manifest settings = what the workers run', () => {
  it.each([['openxai'], ['default']] as const)('preset %s: record and run agree for every dataset x model x explainer', async (preset) => {
    const config = resolveBenchConfig({}, { datasets: 'synthetic,german', models: 'lr', explainers: 'ig,lime,shap', instances: '4', preset, cacheDir, out: join(cacheDir, 'out') });
    const prepared = await prepare(config, { log: () => {} });
    const recorded = (prepared.settings as { explainers: Record<string, Record<string, Record<string, { noise?: string; baselineVector?: number[] }>>> }).explainers;
    // The worker side: the runner built from the payload, as in a worker thread.
    const runner = createUnitRunner(structuredClone(prepared.payload));
    for (const d of prepared.datasets) {
      for (const e of config.explainers) expect(recorded[d.id]!.lr![e], `${d.id}/lr/${e}`).toEqual(runner.describe(d.id, 'lr', e));
    }
    // What the released-code parity needs, visible in the record.
    expect(recorded.synthetic!.lr!.lime!.noise).toBe(preset === 'openxai' ? 'numpy-batch' : 'keyed');
    // The IG baseline is each dataset's own training mean, not the first dataset's.
    const synth = recorded.synthetic!.lr!.ig!.baselineVector!;
    const german = recorded.german!.lr!.ig!.baselineVector!;
    expect(synth).toHaveLength(prepared.datasets[0]!.features);
    expect(german).toHaveLength(prepared.datasets[1]!.features);
  }, 900_000);
});
