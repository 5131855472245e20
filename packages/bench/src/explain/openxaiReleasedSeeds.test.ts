// Stability under `--preset openxai` from files against the released code's own seed noise. The
// released RIS/RRS/ROS are one draw each: the neighbours come from a stream seeded by the instance
// index, or, for explainers with a configured seed (control, sg, shap, lime), by that seed alone
// (see packages/metrics/bench/released/stability_seed_study.py). Its committed output holds R
// released draws of every instance; ours are `xai evaluate --seed s` for s = 0..S-1 on the same
// files. Per method x metric, the mean over draws of ln(mean over instances) must agree within 3
// standard errors of the difference of the two means (two independent samples of draws).
// XAI_RELEASED_SEED_TABLE=<file> writes the rows of docs/openxai-released-parity.md's seed table.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RELEASED_DIR, rawTrain, releasedRuns, scaledTrain, schemaArgs, writeRunFiles, xai } from '../__fixtures__/releasedRuns.js';

const SEEDS_DIR = join(RELEASED_DIR, 'seeds');
const OUR_SEEDS = Number(process.env.XAI_RELEASED_SEEDS ?? 4);
const TABLE = process.env.XAI_RELEASED_SEED_TABLE;
const dir = mkdtempSync(join(tmpdir(), 'xai-released-seeds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface SeedStudy {
  readonly dataset: string;
  readonly model: string;
  readonly rows: number;
  /** method -> metric -> rep -> per-instance values. */
  readonly methods: Record<string, Record<string, (number | null)[][]>>;
}

const studies: SeedStudy[] = existsSync(SEEDS_DIR)
  ? readdirSync(SEEDS_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(SEEDS_DIR, f), 'utf8')) as SeedStudy)
  : [];

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const variance = (v: readonly number[]) => {
  const m = mean(v);
  return v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1);
};
/** ln of the mean over the instances with a defined, positive value (the released runner's log(mean)). */
const lnMean = (v: readonly (number | null)[]) => Math.log(mean(v.filter((x): x is number => x !== null && x > 0)));

describe('openxai stability from files vs the released code, over seeds', () => {
  for (const study of studies) {
    it(`${study.dataset} ${study.model}`, async () => {
      const full = releasedRuns().find((r) => r.dataset === study.dataset && r.model === study.model);
      if (full === undefined) throw new Error(`no released run for the seed study of ${study.dataset} ${study.model}`);
      const n = study.rows;
      const run = {
        ...full,
        x: full.x.slice(0, n),
        methods: Object.fromEntries(Object.entries(full.methods).map(([m, r]) => [m, { ...r, explanations: r.explanations.slice(0, n) }])),
      };
      const f = writeRunFiles(run, mkdtempSync(join(dir, `${study.dataset}-${study.model}-`)), scaledTrain(run, await rawTrain(run)));
      const failed: string[] = [];
      for (const [method, byMetric] of Object.entries(study.methods)) {
        for (const [metric, reps] of Object.entries(byMetric)) {
          // Rep 0 is the released run itself.
          const committed = full.methods[method]?.metrics[metric]?.slice(0, n);
          if (committed !== undefined) expect(reps[0]).toEqual(committed);
          const released = reps.map(lnMean);
          const ours: number[] = [];
          for (let s = 0; s < OUR_SEEDS; s++) {
            const r = await xai(
              'evaluate',
              ...['--model', f.model, '--instances', f.instances, '--train', f.train, '--attributions', f.attributions(method)],
              ...['--metric', metric, '--method', method, '--preset', 'openxai', '--seed', String(s)],
              ...['--allow-foreign-attributions', '--json', '--no-controls'],
              ...schemaArgs(run, f),
            );
            if (r.code !== 0) throw new Error(r.err);
            ours.push(lnMean(JSON.parse(r.out).values));
          }
          const se = Math.sqrt(variance(released) / released.length + variance(ours) / ours.length);
          const z = (mean(ours) - mean(released)) / se;
          const line = `${study.dataset} ${study.model} ${method} ln ${metric}: released ${mean(released).toFixed(3)} (sd ${Math.sqrt(variance(released)).toFixed(3)}, ${released.length} draws) ours ${mean(ours).toFixed(3)} (sd ${Math.sqrt(variance(ours)).toFixed(3)}, ${ours.length} seeds) z ${z.toFixed(2)}`;
          console.log(line);
          if (TABLE !== undefined)
            appendFileSync(
              TABLE,
              `| ${study.dataset} | ${study.model} | ${method} | ${metric} | ${mean(released).toFixed(3)} ± ${Math.sqrt(variance(released)).toFixed(3)} | ${mean(ours).toFixed(3)} ± ${Math.sqrt(variance(ours)).toFixed(3)} | ${z.toFixed(2)} | ${Math.abs(z) <= 3 ? 'ok' : 'FAIL'} |\n`,
            );
          if (!(Math.abs(z) <= 3)) failed.push(line);
        }
      }
      expect(failed).toEqual([]);
    });
  }
});
