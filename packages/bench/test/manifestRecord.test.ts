// The manifest records what actually ran: every explainer setting per dataset x model x
// explainer comes from the very objects the workers build (real pipeline, two datasets).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../src/config/benchConfig.js';
import { createUnitRunner, prepare } from '../src/run/pipelineEngine.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'xai-record-cache-'));

describe('manifest settings = what the workers run', () => {
  it.each([['openxai'], ['default']] as const)(
    'preset %s: record and run agree for every dataset x model x explainer',
    async (preset) => {
      const config = resolveBenchConfig(
        {},
        {
          datasets: 'synthetic,german',
          models: 'lr',
          explainers: 'ig,lime,shap',
          instances: '4',
          preset,
          cacheDir,
          out: join(cacheDir, 'out'),
        },
      );
      const prepared = await prepare(config, { log: () => {} });
      const recorded = (
        prepared.settings as {
          explainers: Record<string, Record<string, Record<string, { noise?: string; fit?: string; baselineVector?: number[] }>>>;
        }
      ).explainers;
      // The worker side: the runner built from the payload, as in a worker thread.
      const runner = await createUnitRunner(structuredClone(prepared.payload));
      for (const d of prepared.datasets) {
        for (const e of config.explainers) expect(recorded[d.id]!.lr![e], `${d.id}/lr/${e}`).toEqual(runner.describe(d.id, 'lr', e));
      }
      // What the released-code parity needs, visible in the record.
      expect(recorded.synthetic!.lr!.lime!.noise).toBe(preset === 'openxai' ? 'numpy-batch' : 'keyed');
      // How LIME's ridge was fitted (its bits differ from the per-row fit's by rounding).
      expect(recorded.synthetic!.lr!.lime!.fit).toBe('noise');
      // The IG baseline is each dataset's own training mean, not the first dataset's.
      const synth = recorded.synthetic!.lr!.ig!.baselineVector!;
      const german = recorded.german!.lr!.ig!.baselineVector!;
      expect(synth).toHaveLength(prepared.datasets[0]!.features);
      expect(german).toHaveLength(prepared.datasets[1]!.features);
    },
    900_000,
  );
});

describe('per-family instance limits in the real pipeline', () => {
  it('stability on the first 3 of 6 instances gives exactly the values of a run without the limit', async () => {
    const { planUnits } = await import('../src/run/planUnits.js');
    const run = async (extra: Record<string, unknown>) => {
      const config = resolveBenchConfig(
        {},
        {
          datasets: 'synthetic',
          models: 'ann',
          explainers: 'grad',
          metrics: 'FA,PGI,RIS,ROS',
          instances: '6',
          blockSize: '6',
          cacheDir,
          out: join(cacheDir, 'out2'),
          ...extra,
        },
      );
      const prepared = await prepare(config, { log: () => {} });
      const units = planUnits({
        datasets: prepared.datasets,
        models: config.models,
        explainers: config.explainers,
        blockSize: config.blockSize,
        instanceOverrides: config.instanceOverrides,
        defaultInstances: config.instances,
        metrics: config.metrics,
      });
      const runner = await createUnitRunner(structuredClone(prepared.payload));
      const rows = [];
      for (const u of units) {
        const r = await runner(u);
        rows.push(...(Array.isArray(r) ? r : r.rows));
      }
      return { units, rows: rows.filter((r) => r.kind === 'explainer') };
    };
    const full = await run({});
    const cut = await run({ stabilityInstances: 'grad=3' });
    expect(cut.units.map((u) => u.limits)).toEqual([{ stability: 3 }]);
    for (let i = 0; i < 6; i++) {
      const a = full.rows.find((r) => r.instance === i)!;
      const b = cut.rows.find((r) => r.instance === i)!;
      expect(b.metrics.FA).toBe(a.metrics.FA);
      expect(b.metrics.PGI).toBe(a.metrics.PGI);
      if (i < 3) {
        expect(b.metrics.RIS).toBe(a.metrics.RIS);
        expect(b.metrics.ROS).toBe(a.metrics.ROS);
      } else {
        expect('RIS' in b.metrics).toBe(false);
        expect(b.diag?.neighbours).toBeUndefined();
      }
    }
  });
});
