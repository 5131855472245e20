// Valid inputs the corpus cases start from (each case breaks one thing): a small CSV with a
// low-cardinality integer column, a continuous one, a 0/1 one and a 0/1 label; its test file;
// model files for it (JSON and ONNX, 2-class, 3-class, regression); instances and attributions;
// and finished runs (a whole one and two shards) for the report and merge cases.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseModelJson } from '@xai/models';
import { neuralModelToOnnx } from '@xai/onnx';

/** Rows of the valid CSV: a ∈ {0..4}, b continuous, c ∈ {0, 1}, y = [a + 2b − c > 3]. */
export function csvRows(n: number, offset = 0): number[][] {
  return Array.from({ length: n }, (_, k) => {
    const i = k + offset;
    const a = (i * 3) % 5;
    const b = Math.round(((i * 37) % 100) * 3.7) / 100;
    const c = i % 2;
    return [a, b, c, a + 2 * b - c > 3 ? 1 : 0];
  });
}

export const HEADER = 'a,b,c,y';
export const csvText = (rows: readonly (readonly (number | string)[])[], header = HEADER): string =>
  `${header}\n${rows.map((r) => r.join(',')).join('\n')}\n`;

export function lrJson(classes: number, output: 'softmax' | 'identity' = 'softmax', inputDim = 3): string {
  const weight = Array.from({ length: classes }, (_, k) => Array.from({ length: inputDim }, (_, j) => (k - 0.5) * (j + 1) * 0.4));
  return JSON.stringify({
    format: 'xai-model@1',
    kind: 'lr',
    inputDim,
    classes,
    layers: [{ weight, bias: Array.from({ length: classes }, (_, k) => k * 0.1), activation: 'none' }],
    output,
  });
}

/** Attributions JSON for `rows` rows of `cols` values, as another tool would write them (features a, b, c…; no record of a model). */
export const attributionsJson = (rows: number, cols: number): string =>
  JSON.stringify({
    method: 'grad',
    preset: 'default',
    features: Array.from({ length: cols }, (_, j) => String.fromCharCode(97 + j)),
    attributions: Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i + 1) * 0.01 * (j + 1))),
  });

/** The cheapest real `xai bench` on a user CSV (LR, Gradient, PGI, one worker); `--out` comes last. @since 0.3.0 */
export const quickBench = (data: string, cacheDir: string, out: string, extra: readonly string[] = []): string[] => [
  'bench',
  '--data',
  data,
  '--label',
  'y',
  '--models',
  'lr',
  '--explainers',
  'grad',
  '--metrics',
  'PGI',
  '--workers',
  '1',
  '--cache-dir',
  cacheDir,
  ...extra,
  '--out',
  out,
];

/** Names that differ only in an umlaut carry the label: Müller 1, Möller 0 (merged into one category they say nothing). @since 0.3.0 */
export const peopleCsv = (n: number): string =>
  `name,x,y\n${Array.from({ length: n }, (_, i) => `${i % 2 ? 'Müller' : 'Möller'},${i % 5},${i % 2}`).join('\n')}\n`;

/** `text` as Windows-1252 bytes (its characters are all in Latin-1). @since 0.3.0 */
export const cp1252Bytes = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

function run(cli: string, args: string[]): void {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`corpus setup: xai ${args.join(' ')} failed: ${r.stderr}`);
}

/** Writes the valid inputs into `dir` and makes the finished runs with `cli`. @since 0.3.0 */
export function writeShared(dir: string, cli: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'data.csv'), csvText(csvRows(60)));
  writeFileSync(join(dir, 'test.csv'), csvText(csvRows(20, 60)));
  writeFileSync(join(dir, 'lr.json'), lrJson(2));
  writeFileSync(join(dir, 'lr.onnx'), neuralModelToOnnx(parseModelJson(lrJson(2))));
  writeFileSync(join(dir, 'three.onnx'), neuralModelToOnnx(parseModelJson(lrJson(3))));
  writeFileSync(join(dir, 'reg.json'), lrJson(1, 'identity'));
  writeFileSync(join(dir, 'g.json'), attributionsJson(20, 3));
  // A second model and instances file, and attributions xai explain made (JSON and CSV) for the contract cases.
  writeFileSync(join(dir, 'lr2.json'), lrJson(2).replace('"bias":[0,0.1]', '"bias":[0.3,0.1]'));
  writeFileSync(join(dir, 'test2.csv'), csvText(csvRows(20, 90)));
  for (const out of ['explained.json', 'explained.csv'])
    run(cli, [
      'explain',
      '--model',
      join(dir, 'lr.json'),
      '--instances',
      join(dir, 'test.csv'),
      '--label',
      'y',
      '--method',
      'grad',
      '--out',
      join(dir, out),
    ]);
  // A model whose preprocessing one-hot encodes names with umlauts, for the encoding cases.
  writeFileSync(join(dir, 'people.csv'), peopleCsv(200));
  run(cli, [
    'train',
    '--data',
    join(dir, 'people.csv'),
    '--label',
    'y',
    '--models',
    'lr',
    '--cache-dir',
    join(dir, 'cache'),
    '--out',
    join(dir, 'people'),
  ]);
  const bench = (out: string, extra: string[] = []): string[] =>
    quickBench(join(dir, 'data.csv'), join(dir, 'cache'), join(dir, out), [
      '--test',
      join(dir, 'test.csv'),
      '--instances',
      '4',
      '--block-size',
      '2',
      ...extra,
    ]);
  run(cli, bench('run'));
  run(cli, bench('s1', ['--shard', '1/2']));
  run(cli, bench('s2', ['--shard', '2/2']));
}
