// The released OpenXAI code's runs (packages/metrics/bench/released/openxai_reference.py), and
// the files a user who has them would hand to `xai explain` / `xai evaluate`: the model as an
// xai-model@1 JSON, the instances and the training rows as CSVs (min-max scaled on their own
// split, as the released loader does), the released explanations as attributions files.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadDataset } from '@xai/data/node';
import { runCli } from '../cli/runCli.js';

export const RELEASED_DIR = resolve(__dirname, '../../../metrics/src/__fixtures__/released');
export const DATASETS_DIR = resolve(__dirname, '../../../../../shared/datasets');

export interface ReleasedMethod {
  readonly explanations: number[][];
  readonly metrics: Record<string, (number | null)[]>;
}

export interface ReleasedRun {
  readonly dataset: string;
  readonly model: 'lr' | 'ann';
  readonly featureNames: string[];
  readonly featureMetadata: unknown;
  readonly train: { rows: number; mean: number[]; rawMin: number[]; rawMax: number[] };
  readonly modelJson: unknown;
  readonly x: number[][];
  readonly predictions: number[];
  readonly probabilities: number[][];
  readonly methods: Record<string, ReleasedMethod>;
}

/** Every committed released run, `<dataset>-<model>.json`. */
export function releasedRuns(): ReleasedRun[] {
  if (!existsSync(RELEASED_DIR)) return [];
  return readdirSync(RELEASED_DIR)
    .filter((f) => /^[a-z]+-(lr|ann)\.json$/.test(f))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(RELEASED_DIR, f), 'utf8')) as ReleasedRun);
}

const csv = (names: readonly string[], rows: readonly (readonly number[])[]): string =>
  `${[names.join(','), ...rows.map((r) => r.join(','))].join('\n')}\n`;

/**
 * The raw training rows of a run's dataset, columns in the run's feature order: its
 * `<name>-train.csv`, or for pima (one file upstream) the loader's own split, which is what
 * packages/metrics/bench/released/pimaSplit.mjs gave the released code.
 */
export async function rawTrain(run: ReleasedRun): Promise<number[][]> {
  const file = join(DATASETS_DIR, run.dataset, `${run.dataset}-train.csv`);
  if (!existsSync(file)) {
    const x = (await loadDataset(run.dataset as 'pima', { dataDir: DATASETS_DIR, preset: 'openxai' })).raw.train;
    return Array.from({ length: x.rows }, (_, i) => Array.from(x.data.subarray(i * x.cols, (i + 1) * x.cols)));
  }
  const [head, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const cols = head!.split(',');
  const at = run.featureNames.map((n) => cols.indexOf(n));
  if (at.includes(-1)) throw new Error(`${file} lacks a column of ${run.dataset}`);
  return lines.map((l) => {
    const cells = l.split(',');
    return at.map((j) => Number(cells[j]));
  });
}

/**
 * The training rows as the released loader gives them: min-max scaled on the train split
 * (scikit-learn's `x · scale + min_`), then float32.
 */
export function scaledTrain(run: ReleasedRun, raw: readonly (readonly number[])[]): number[][] {
  const d = run.featureNames.length;
  const lo = new Array<number>(d).fill(Infinity);
  const hi = new Array<number>(d).fill(-Infinity);
  for (const r of raw)
    for (let j = 0; j < d; j++) {
      lo[j] = Math.min(lo[j]!, r[j]!);
      hi[j] = Math.max(hi[j]!, r[j]!);
    }
  const scale = lo.map((l, j) => 1 / (hi[j]! - l === 0 ? 1 : hi[j]! - l));
  return raw.map((r) => r.map((v, j) => Math.fround(v * scale[j]! - lo[j]! * scale[j]!)));
}

export interface RunFiles {
  readonly model: string;
  readonly instances: string;
  readonly train: string;
  /** The run's `feature_metadata` as a `--schema` file. */
  readonly schema: string;
  attributions(method: string): string;
}

/** Writes a run's model, instances, training rows and released attributions into `dir`. */
export function writeRunFiles(run: ReleasedRun, dir: string, train: readonly (readonly number[])[]): RunFiles {
  const model = join(dir, 'model.json');
  writeFileSync(model, JSON.stringify(run.modelJson));
  const instances = join(dir, 'instances.csv');
  writeFileSync(
    instances,
    csv(
      run.featureNames,
      run.x.map((r) => r.map(Math.fround)),
    ),
  );
  const trainPath = join(dir, 'train.csv');
  writeFileSync(trainPath, csv(run.featureNames, train));
  const schema = join(dir, 'feature-metadata.json');
  writeFileSync(schema, JSON.stringify(run.featureMetadata));
  return {
    model,
    instances,
    train: trainPath,
    schema,
    attributions(method) {
      const p = join(dir, `released-${method}.json`);
      if (!existsSync(p))
        writeFileSync(
          p,
          JSON.stringify({ method, preset: 'openxai', features: run.featureNames, attributions: run.methods[method]!.explanations }),
        );
      return p;
    },
  };
}

/**
 * Columns the documented kind rule cannot read from the released loader's min-max-scaled rows:
 * two-valued codes the release calls continuous (README, "Feature kinds of rows given as files").
 * A user with these files passes the release's metadata as `--schema`, and so does this test.
 */
export const RULE_DIFFERS: Readonly<Record<string, readonly string[]>> = { german: ['people-liable', 'foreign-worker'] };

/** `--schema <the run's metadata>` where the rule differs from it, else nothing. */
export const schemaArgs = (run: ReleasedRun, f: RunFiles): string[] => (RULE_DIFFERS[run.dataset] ? ['--schema', f.schema] : []);

/** `xai …` in-process: exit code, stdout, stderr. */
export async function xai(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(['node', 'xai', ...args], { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}
