import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng } from '@xai/core';
import type { Split } from '@xai/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { TrainingData } from '../inputs/trainOrLoadModel.js';
import { trainOrLoadModel } from '../inputs/trainOrLoadModel.js';
import { pretrainModels } from './pretrainModels.js';

const dirs: string[] = [];
const freshDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'xai-pretrain-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A small two-class problem: the label is the sign of a fixed linear score. */
function split(rows: number, seed: number): Split {
  const rng = createRng(seed);
  const data = new Float64Array(rows * 3);
  rng.fillUniform(data);
  const y = new Int32Array(rows);
  for (let i = 0; i < rows; i++) y[i] = data[i * 3]! + 0.5 * data[i * 3 + 1]! - data[i * 3 + 2]! > 0.25 ? 1 : 0;
  return { x: { rows, cols: 3, data }, y };
}

function dataset(id: string, seed: number): TrainingData {
  return { id, trainingName: id, processingHash: `test-${id}-${seed}`, train: split(120, seed), test: split(40, seed + 1) };
}

const options = (cacheDir: string) => ({ preset: 'openxai' as const, seed: 3, cacheDir, versions: { test: '1' } });

describe('pretrainModels', () => {
  const sets = [dataset('one', 1), dataset('two', 5)];

  it('trains on threads the very bytes the main thread trains, and then finds them cached', async () => {
    const threaded = freshDir();
    const lines: string[] = [];
    const trained = await pretrainModels(sets, ['lr', 'ann'], 2, { ...options(threaded), log: (l) => lines.push(l) });
    expect([...trained].sort()).toEqual(['one/ann', 'one/lr', 'two/ann', 'two/lr']);
    expect(lines[0]).toMatch(/^training 4 models on 2 threads: /);
    expect(lines.filter((l) => l.startsWith('trained '))).toHaveLength(4);

    const main = freshDir();
    for (const ds of sets)
      for (const kind of ['lr', 'ann'] as const) {
        const here = trainOrLoadModel(ds, kind, options(main));
        const there = trainOrLoadModel(ds, kind, options(threaded));
        expect(here.cached).toBe(false);
        expect(there.cached).toBe(true);
        expect(there.json).toBe(here.json);
      }
    expect(readdirSync(join(threaded, 'models')).sort()).toEqual(readdirSync(join(main, 'models')).sort());
    expect((await pretrainModels(sets, ['lr', 'ann'], 2, options(threaded))).size).toBe(0);
  });

  it('sends the threads only what training reads: a dataset holding functions (a fitted scaler) trains too', async () => {
    const withScaler = sets.map((d) => ({ ...d, preprocessing: { transform: (v: number) => v } }));
    const trained = await pretrainModels(withScaler, ['lr'], 2, options(freshDir()));
    expect([...trained].sort()).toEqual(['one/lr', 'two/lr']);
  });

  it('leaves one model, or one worker, to the main thread', async () => {
    const dir = freshDir();
    expect((await pretrainModels(sets.slice(0, 1), ['lr'], 2, options(dir))).size).toBe(0);
    expect((await pretrainModels(sets, ['lr', 'ann'], 1, options(dir))).size).toBe(0);
    expect(() => readFileSync(join(dir, 'models'))).toThrow();
  });
});
