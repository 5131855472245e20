// An XGBoost model saved with feature_names is matched to the data by those names, never by
// position: the same columns in another order (which a tree ensemble would score, wrongly) and
// other columns are refused naming the first differing column; in its order the rows are explained
// exactly as pred_contribs (the fixture's reference from @xai/trees' make_fixtures.py).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isXaiError } from '@xai/core';
import { afterAll, describe, expect, it } from 'vitest';
import { explainInstances } from '../src/explain/explainInstances.js';

const FIXTURES = fileURLToPath(new URL('../../trees/fixtures/', import.meta.url));
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<
  string,
  { x: (number | null)[][]; predContribs: number[][] }
>;
const dir = mkdtempSync(join(tmpdir(), 'xai-named-features-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NAMES = ['age', 'income', 'hours', 'tenure', 'score', 'visits', 'debt', 'rate'];
// The binary fixture saved as XGBoost does when trained on a DataFrame: with its columns' names.
const model = join(dir, 'named.json');
{
  const j = JSON.parse(readFileSync(join(FIXTURES, 'xgb_binary.json'), 'utf8')) as { learner: { feature_names: string[] } };
  j.learner.feature_names = NAMES;
  writeFileSync(model, JSON.stringify(j));
}
const e = expected.xgb_binary!;
const kept = e.x.flatMap((r, i) => (r.includes(null) ? [] : [i]));

/** The kept fixture rows as a CSV whose header is `names`, its columns taken in `order`. */
function csv(name: string, names: readonly string[], order: readonly number[]): string {
  const path = join(dir, `${name}.csv`);
  writeFileSync(path, `${names.join(',')}\n${kept.map((i) => order.map((j) => e.x[i]![j]).join(',')).join('\n')}\n`);
  return path;
}

const identity = NAMES.map((_, j) => j);
const base = { preset: 'default' as const, seed: 0, method: 'treeshap', model };

async function refusal(instances: string): Promise<string> {
  const err = await explainInstances({ ...base, instances }).catch((x: unknown) => x);
  expect(isXaiError(err) && err.code).toBe('BAD_INPUT');
  return (err as Error).message;
}

describe('a model file that names its features', () => {
  it('in its order: explained as pred_contribs (1e-5 of the row max)', async () => {
    const r = await explainInstances({ ...base, instances: csv('ordered', NAMES, identity) });
    const d = NAMES.length;
    kept.forEach((k, i) => {
      const ref = e.predContribs[k]!;
      const tol = 1e-5 * Math.max(...ref.map(Math.abs));
      for (let j = 0; j < d; j++) expect(Math.abs(r.attributions.data[i * d + j]! - ref[j]!)).toBeLessThanOrEqual(tol);
    });
  });

  it('the same columns in another order are refused, naming the first differing column and the order to use', async () => {
    const swapped = [2, 1, 0, ...identity.slice(3)];
    const message = await refusal(
      csv(
        'swapped',
        swapped.map((j) => NAMES[j]!),
        swapped,
      ),
    );
    expect(message).toContain('named.json names its features (feature_names)');
    expect(message).toContain('column 1 is "age" in the model, "hours" in the data');
    expect(message).toContain(`the same columns in another order: reorder them to ${NAMES.join(', ')}`);
  });

  it('other columns are refused, naming the column and what the model was trained on', async () => {
    const other = ['age', 'income', 'hours', 'tenure', 'score', 'visits', 'loans', 'rate'];
    const message = await refusal(csv('other', other, identity));
    expect(message).toContain('column 7 is "debt" in the model, "loans" in the data');
    expect(message).toContain(`the model was trained on ${NAMES.join(', ')}`);
  });
});
