// Feature kinds of rows given as files, through the CLI: a {1, 2}-coded column is discrete and
// flips between 1 and 2 (never to 0), the kinds are printed and recorded by explain and
// evaluate, and an explicit --schema overrides the inferred ones.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import { metrics } from '@xai/metrics';
import { fromModelJson } from '@xai/models';
import { runCli } from '../src/cli/runCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-feature-kinds-'));
async function xai(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(['node', 'xai', ...args], { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// age continuous, sex coded 1/2: an LR whose logit difference is 2·sex − 3 + 0.5·age.
const modelJson = {
  format: 'xai-model@1',
  kind: 'lr',
  inputDim: 2,
  classes: 2,
  output: 'softmax',
  layers: [
    {
      weight: [
        [0, 0],
        [0.5, 2],
      ],
      bias: [0, -3],
      activation: 'none',
    },
  ],
};
const rows = [
  [0.2, 1],
  [0.4, 2],
  [0.6, 1],
  [0.8, 2],
];
const csv = (r: number[][]) => `age,sex\n${r.map((v) => v.join(',')).join('\n')}\n`;

describe('feature kinds of files', () => {
  it('a {1, 2} column flips between its two values: xai evaluate equals PGU with levels [1, 2], and records it', async () => {
    const model = join(dir, 'm.json');
    writeFileSync(model, JSON.stringify(modelJson));
    const instances = join(dir, 'x.csv');
    writeFileSync(instances, csv(rows));
    const ex = await xai(
      'explain',
      '--model',
      model,
      '--instances',
      instances,
      '--train',
      instances,
      '--method',
      'grad',
      '--out',
      join(dir, 'g.json'),
    );
    expect(ex.code).toBe(0);
    expect(ex.err).toContain('feature kinds (inferred from the values): 1 continuous; 1 discrete: sex {1, 2}');
    expect(JSON.parse(readFileSync(join(dir, 'g.json'), 'utf8')).featureKinds.discrete).toEqual([{ name: 'sex', levels: [1, 2] }]);
    const ev = await xai(
      'evaluate',
      '--json',
      '--model',
      model,
      '--instances',
      instances,
      '--train',
      instances,
      '--attributions',
      join(dir, 'g.json'),
      '--metric',
      'PGU',
      '--preset',
      'openxai',
      '--precision',
      'float64',
    );
    expect(ev.code).toBe(0);
    const got = JSON.parse(ev.out);
    expect(got.featureKinds).toEqual({
      source: 'inferred from the values',
      continuous: 1,
      discrete: [{ name: 'sex', levels: [1, 2] }],
      groups: [],
    });
    const attributions = fromRows(JSON.parse(readFileSync(join(dir, 'g.json'), 'utf8')).attributions);
    const schema = { names: ['age', 'sex'], kinds: ['continuous', 'discrete'] as const, groups: [], levels: [null, [1, 2]] as const };
    const want = metrics.PGU.evaluate(
      { x: fromRows(rows), attributions, model: fromModelJson(modelJson), schema },
      { preset: 'openxai', seed: 0, useGivenAttributions: true },
    );
    got.values.forEach((v: number, i: number) => expect(v).toBeCloseTo(want.values[i]!, 12));
  });

  it('--schema overrides the inferred kinds (sex continuous), on explain and evaluate alike', async () => {
    const model = join(dir, 'm.json');
    const instances = join(dir, 'x.csv');
    const meta = join(dir, 'meta.json');
    writeFileSync(meta, JSON.stringify(['c', 'c']));
    const ex = await xai(
      'explain',
      '--model',
      model,
      '--instances',
      instances,
      '--method',
      'grad',
      '--schema',
      meta,
      '--out',
      join(dir, 'g2.json'),
    );
    expect(ex.code).toBe(0);
    expect(ex.err).toContain(`feature kinds (${meta} (OpenXAI feature metadata)): 2 continuous`);
    const ev = await xai(
      'evaluate',
      '--json',
      '--model',
      model,
      '--instances',
      instances,
      '--attributions',
      join(dir, 'g2.json'),
      '--metric',
      'PGU',
      '--schema',
      meta,
    );
    expect(JSON.parse(ev.out).featureKinds.discrete).toEqual([]);
  });
});
