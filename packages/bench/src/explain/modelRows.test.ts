import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOnnxModel } from '@xai/onnx/node';
import { describe, expect, it } from 'vitest';
import { readModelRows } from './modelRows.js';

const FIXTURES = fileURLToPath(new URL('../../../onnx/fixtures/', import.meta.url));

/** A CSV of `d` columns whose values are far outside [0, 1], as raw incomes or ages are. */
function rawCsv(dir: string, d: number): string {
  const names = Array.from({ length: d }, (_, j) => `f${j}`);
  const rows = Array.from({ length: 8 }, (_, i) => names.map((_, j) => String(1000 * (i + 1) + 37 * j)).join(','));
  const path = join(dir, `raw${d}.csv`);
  writeFileSync(path, `${names.join(',')}\n${rows.join('\n')}\n`);
  return path;
}

describe('readModelRows on a model without a preprocessing block', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xai-model-rows-'));

  it('does not call raw rows unscaled for a graph that scales its own inputs (a scikit-learn Scaler first)', () => {
    const model = loadOnnxModel(readFileSync(join(FIXTURES, 'skl_pipeline.onnx')), { threads: 1 });
    expect(model.discovered.inputScaling).toBe('Scaler');
    const rows = readModelRows(rawCsv(dir, 4), model, { what: 'explain' });
    expect(rows.warnings).toEqual([]);
    expect(rows.x.data[0]).toBe(1000);
  });

  it('warns about the same rows for a graph that starts with its first layer', () => {
    const model = loadOnnxModel(readFileSync(join(FIXTURES, 'mlp_relu.onnx')), { threads: 1 });
    expect(model.discovered.inputScaling).toBeNull();
    const rows = readModelRows(rawCsv(dir, 6), model, { what: 'explain' });
    expect(rows.warnings).toHaveLength(1);
    expect(rows.warnings[0]).toMatch(/look unscaled/);
  });
});
