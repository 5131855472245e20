// `--preset openxai` from files against the released OpenXAI code, as a user with files runs it:
// `xai explain|evaluate --model model.json --instances instances.csv --train train.csv
// [--attributions a.json --metric M] --preset openxai`, no dataset name. The expected values are
// the released code's own outputs on the first 100 test rows (committed runs of
// packages/metrics/bench/released/openxai_reference.py; stability on the first rows the run
// recorded). XAI_RELEASED_FULL=1 checks every method x metric in the run and prints the table
// (XAI_RELEASED_TABLE=<file> also writes it as markdown rows, the table of
// docs/openxai-released-parity.md); the default run checks the deterministic explanations,
// the agreement metrics and Gradient's PGI/PGU per run.
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReleasedRun, RunFiles } from '../__fixtures__/releasedRuns.js';
import { RULE_DIFFERS, rawTrain, releasedRuns, scaledTrain, schemaArgs, writeRunFiles, xai } from '../__fixtures__/releasedRuns.js';

const FULL = process.env.XAI_RELEASED_FULL === '1';
const TABLE = process.env.XAI_RELEASED_TABLE;
const ONLY = process.env.XAI_RELEASED_ONLY?.split(',');
const dir = mkdtempSync(join(tmpdir(), 'xai-released-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DETERMINISTIC = ['grad', 'itg', 'ig'];
const GROUND_TRUTH = ['PRA', 'RC', 'FA', 'RA', 'SA', 'SRA'];
const GAPS = ['PGI', 'PGU'];
const STABILITY = ['RIS', 'RRS', 'ROS'];

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const se = (v: readonly number[]) => {
  const m = mean(v);
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1) / v.length);
};

interface KindsRecord {
  readonly continuous: number;
  readonly discrete: readonly { name: string }[];
  readonly groups: readonly (readonly string[])[];
}

/** The kinds record the release's `feature_metadata` describes, with `asContinuous` moved to discrete. */
function releasedKinds(run: ReleasedRun, asDiscrete: readonly string[]): { discrete: string[]; groups: string[][] } {
  // A list of kinds, one per column, or german's {feature_types, feature_n_cols}.
  const given = run.featureMetadata as string[] | { feature_types: string[]; feature_n_cols: number[] };
  const meta = Array.isArray(given) ? { feature_types: given, feature_n_cols: given.map(() => 1) } : given;
  const discrete: string[] = [];
  const groups: string[][] = [];
  let col = 0;
  meta.feature_types.forEach((t, k) => {
    const names = run.featureNames.slice(col, col + meta.feature_n_cols[k]!);
    col += names.length;
    if (names.length > 1) groups.push(names);
    else if (t === 'd' || asDiscrete.includes(names[0]!)) discrete.push(names[0]!);
  });
  return { discrete: discrete.sort(), groups };
}

async function explain(f: RunFiles, method: string, out: string, extra: readonly string[] = []): Promise<number[][]> {
  const r = await xai(
    'explain',
    ...extra,
    '--model',
    f.model,
    '--instances',
    f.instances,
    '--train',
    f.train,
    '--method',
    method,
    '--preset',
    'openxai',
    '--out',
    out,
  );
  if (r.code !== 0) throw new Error(r.err);
  return JSON.parse(readFileSync(out, 'utf8')).attributions;
}

async function evaluate(
  f: RunFiles,
  metric: string,
  attributions: string,
  method: string,
  extra: readonly string[] = [],
): Promise<{ values: (number | null)[] }> {
  const r = await xai(
    'evaluate',
    ...extra,
    '--json',
    // The values alone are compared with the released code's: no controls.
    '--no-controls',
    // The released code's explanations: made elsewhere, matched by feature name.
    '--allow-foreign-attributions',
    ...['--model', f.model, '--instances', f.instances, '--train', f.train, '--attributions', attributions],
    ...['--metric', metric, '--method', method, '--preset', 'openxai'],
  );
  if (r.code !== 0) throw new Error(r.err);
  return JSON.parse(r.out);
}

/** One comparison: what, released, ours, and whether it holds. */
interface Check {
  readonly what: string;
  readonly released: number;
  readonly ours: number;
  readonly tolerance: string;
  readonly ok: boolean;
}

/** The run cut to its first `n` rows: stability was recorded on fewer rows than the rest. */
function firstRows(run: ReleasedRun, n: number): ReleasedRun {
  const methods = Object.fromEntries(Object.entries(run.methods).map(([m, r]) => [m, { ...r, explanations: r.explanations.slice(0, n) }]));
  return { ...run, x: run.x.slice(0, n), predictions: run.predictions.slice(0, n), methods };
}

const runs = releasedRuns().filter((r) => ONLY === undefined || ONLY.includes(`${r.dataset}-${r.model}`));

describe('openxai from files vs the released OpenXAI code', () => {
  for (const run of runs) {
    it(`${run.dataset} ${run.model}`, async () => {
      const at = mkdtempSync(join(dir, `${run.dataset}-${run.model}-`));
      const train = scaledTrain(run, await rawTrain(run));
      // Our scaled training rows are the released X_train: its column means agree to float32.
      train[0]!.forEach((_, j) => expect(Math.abs(mean(train.map((r) => r[j]!)) - run.train.mean[j]!)).toBeLessThan(2e-6));
      const f = writeRunFiles(run, at, train);
      const byRows = new Map<number, RunFiles>([[run.x.length, f]]);
      const checks: Check[] = [];
      // The documented rule on these rows gives the release's metadata, but for the columns it names.
      const differs = RULE_DIFFERS[run.dataset] ?? [];
      const ruleOut = join(at, 'rule-kinds.json');
      await explain(f, 'grad', ruleOut);
      const rule = JSON.parse(readFileSync(ruleOut, 'utf8')).featureKinds as KindsRecord;
      const want = releasedKinds(run, differs);
      const got = { discrete: rule.discrete.map((c) => c.name).sort(), groups: rule.groups };
      checks.push({
        what: `feature kinds by the rule${differs.length ? ` (it reads ${differs.join(', ')} as discrete; the checks below pass --schema)` : ''}`,
        released: want.discrete.length + want.groups.length,
        ours: got.discrete.length + got.groups.length,
        tolerance: 'equal',
        ok: JSON.stringify(got) === JSON.stringify(want),
      });
      const methods = Object.keys(run.methods).filter((m) => FULL || DETERMINISTIC.includes(m));
      for (const m of methods) {
        const released = run.methods[m]!;
        if (DETERMINISTIC.includes(m)) {
          const ours = await explain(f, m, join(at, `ours-${m}.json`), schemaArgs(run, f));
          let worst = 0;
          let top = 0;
          released.explanations.forEach((r, i) =>
            r.forEach((v, j) => {
              worst = Math.max(worst, Math.abs(v - ours[i]![j]!));
              top = Math.max(top, Math.abs(v));
            }),
          );
          checks.push({
            what: `${m} explanations max |diff|`,
            released: top,
            ours: worst,
            tolerance: '1e-4 of max',
            ok: worst <= 1e-4 * top,
          });
        }
        for (const metric of Object.keys(released.metrics)) {
          const ref = released.metrics[metric]!;
          const wanted = GROUND_TRUTH.includes(metric) || (FULL ? true : GAPS.includes(metric) && m === 'grad');
          if (!wanted) continue;
          const n = ref.length;
          if (!byRows.has(n)) byRows.set(n, writeRunFiles(firstRows(run, n), mkdtempSync(join(at, `first${n}-`)), train));
          const fn = byRows.get(n)!;
          const ours = (await evaluate(fn, metric, fn.attributions(m), m, schemaArgs(run, fn))).values;
          if (GROUND_TRUTH.includes(metric)) {
            const diff = Math.max(...ref.map((v, i) => Math.abs(v! - ours[i]!)));
            checks.push({
              what: `${m} ${metric}`,
              released: mean(ref as number[]),
              ours: mean(ours as number[]),
              tolerance: '1e-12',
              ok: diff <= 1e-12,
            });
          } else if (GAPS.includes(metric)) {
            // Paired: same rows, explanations and model; only the random draws differ.
            const d = ref.map((v, i) => ours[i]! - v!);
            const tol = 3 * se(d);
            checks.push({
              what: `${m} ${metric}`,
              released: mean(ref as number[]),
              ours: mean(ours as number[]),
              tolerance: `3 SE = ${tol.toExponential(1)}`,
              ok: Math.abs(mean(d)) <= tol,
            });
          } else if (STABILITY.includes(metric)) {
            const r = ref.slice(0, n).filter((v): v is number => v !== null && v > 0);
            const o = ours.slice(0, ref.length).filter((v): v is number => v !== null && v > 0);
            checks.push({
              what: `${m} ln ${metric}`,
              released: Math.log(mean(r)),
              ours: Math.log(mean(o)),
              tolerance: 'seed study',
              ok: true,
            });
          }
        }
      }
      if (TABLE !== undefined)
        for (const c of checks)
          appendFileSync(
            TABLE,
            `| ${run.dataset} | ${run.model} | ${c.what.replaceAll('|', '\\|')} | ${c.released.toPrecision(6)} | ${c.ours.toPrecision(6)} | ${c.tolerance} | ${c.ok ? 'ok' : 'FAIL'} |\n`,
          );
      for (const c of checks)
        console.log(
          `${run.dataset} ${run.model} ${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: released ${c.released.toPrecision(6)} ours ${c.ours.toPrecision(6)} (${c.tolerance})`,
        );
      expect(checks.filter((c) => !c.ok).map((c) => c.what)).toEqual([]);
    });
  }
});
