// An XGBoost estimator saved with missing=-999 reads every -999 cell as missing; the explainers here
// would read it as a number. A -999 cell is refused wherever a command meets the data (xai explain
// --instances / --data, xai bench), naming the file, row and column; the same rows with NaN are
// explained so that attributions + expected value give xgboost's predictions on the -999 rows (@xai/trees'
// fixtures/make_saved_settings.py: predict on the -999 rows).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isXaiError } from '@xai/core';
import { afterAll, describe, expect, it } from 'vitest';
import { explainInstances } from '../src/explain/explainInstances.js';

const FIXTURES = fileURLToPath(new URL('../../trees/fixtures/', import.meta.url));
const model = join(FIXTURES, 'xgb_sentinel.json');
const want = JSON.parse(readFileSync(join(FIXTURES, 'saved_settings.json'), 'utf8')) as { sentinel: { predict: number[] } };
const dir = mkdtempSync(join(tmpdir(), 'xai-missing-value-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = readFileSync(join(FIXTURES, 'saved_settings.csv'), 'utf8');
const withSentinel = join(dir, 'sentinel.csv');
writeFileSync(withSentinel, text.replace(/NaN/g, '-999'));
const firstMissing = ((): { row: number; column: string } => {
  const [header, ...lines] = text.trim().split('\n');
  const row = lines.findIndex((l) => l.includes('NaN'));
  return { row, column: header!.split(',')[lines[row]!.split(',').indexOf('NaN')]! };
})();
const base = { preset: 'default' as const, seed: 0, method: 'treeshap', model };

describe('a model file saved with a sentinel missing value', () => {
  it('xai explain --instances: a -999 cell is refused naming the CSV, row and column', async () => {
    const err = await explainInstances({ ...base, instances: withSentinel }).catch((x: unknown) => x);
    expect(isXaiError(err) && err.code).toBe('BAD_INPUT');
    expect((err as Error).message).toContain(
      `sentinel.csv: row ${firstMissing.row} column "${firstMissing.column}" holds -999, which ${model} reads as a missing value`,
    );
  });

  it("the same rows with NaN: TreeSHAP's attributions + expected value give xgboost's probabilities on the -999 rows", async () => {
    const r = await explainInstances({ ...base, instances: join(FIXTURES, 'saved_settings.csv') });
    const d = 5;
    want.sentinel.predict.forEach((p, i) => {
      const ev = r.treeShap!.expectedValue;
      let margin = ev[i] ?? ev[0]!;
      for (let j = 0; j < d; j++) margin += r.attributions.data[i * d + j]!;
      expect(Math.abs(1 / (1 + Math.exp(-margin)) - p)).toBeLessThan(1e-6);
    });
  });
});
