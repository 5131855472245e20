// An .onnx model whose weights are ONNX external data (@xai/onnx's fixtures/external, a torch
// LayerNorm/GELU/residual net): `xai bench` reads the data file beside it into the bytes its workers
// load, so every score equals the run on the same model with its weights inside, and the model's
// hash covers the weights (a changed data file is another model), as does the model sha256 xai explain
// records. Before, the run failed: the workers' bytes held no weights.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineExternalData, loadOnnxModel } from '@xai/onnx/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const MODEL = fileURLToPath(new URL('../../onnx/fixtures/external/ln_gelu_res.onnx', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'xai-external-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const inlined = join(dir, 'inlined.onnx');
const data = join(dir, 'data.csv');

beforeAll(() => {
  assertBuilt();
  const full = inlineExternalData(readFileSync(MODEL), MODEL);
  writeFileSync(inlined, full);
  // 80 seeded rows labelled by the model itself (every seventh flipped), so the run's sanity check passes
  let s = 7;
  const next = (): number => {
    s = (s * 16807) % 2147483647;
    return (s / 2147483647) * 4 - 2;
  };
  const rows = Array.from({ length: 80 }, () => Array.from({ length: 5 }, next));
  const m = loadOnnxModel(MODEL);
  const p = m.predictProba({ rows: rows.length, cols: 5, data: Float64Array.from(rows.flat()) }).data;
  const lines = rows.map((r, i) => [...r, (p[2 * i + 1]! > 0.5 ? 1 : 0) ^ (i % 7 === 0 ? 1 : 0)].join(','));
  writeFileSync(data, `f0,f1,f2,f3,f4,y\n${lines.join('\n')}\n`);
});

function bench(model: string, out: string, backend = 'ts'): { results: string[]; hash: string; backend: string } {
  const flags = ['--explainers', 'grad,ig', '--metrics', 'PGI,PGU', '--instances', '8', '--workers', '1', '--backend', backend];
  const r = runCliSync(['bench', '--model', model, '--data', data, '--label', 'y', ...flags, '--out', join(dir, out)]);
  expect(r.code, r.stderr).toBe(0);
  const results = readFileSync(join(dir, out, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const manifest = JSON.parse(readFileSync(join(dir, out, 'manifest.json'), 'utf8')) as {
    models: { hash: string; source: { backend: string } }[];
  };
  const m = manifest.models[0]!;
  const metrics = results.map((l) => JSON.stringify((JSON.parse(l) as { metrics?: unknown }).metrics ?? null));
  return { results: metrics, hash: m.hash, backend: m.source.backend };
}

describe('xai bench on an .onnx model with external data', () => {
  it("scores equal the same model's with its weights inside; the hash is the inlined model's", () => {
    const ext = bench(MODEL, 'external');
    const inside = bench(inlined, 'inside');
    expect(ext.results.length).toBeGreaterThan(0);
    expect(ext.results).toEqual(inside.results);
    const sha = createHash('sha256').update(readFileSync(inlined)).digest('hex');
    expect(ext.hash).toBe(sha);
    expect(inside.hash).toBe(sha);
  });

  it("xai explain records the inlined model's sha256, so xai evaluate tells another data file from this one", () => {
    const rows = join(dir, 'rows.csv');
    writeFileSync(
      rows,
      readFileSync(data, 'utf8')
        .split('\n')
        .slice(0, 9)
        .map((l) => l.split(',').slice(0, 5).join(','))
        .join('\n'),
    );
    const out = join(dir, 'grad.json');
    const r = runCliSync(['explain', '--model', MODEL, '--instances', rows, '--method', 'grad', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const sha = createHash('sha256').update(readFileSync(inlined)).digest('hex');
    expect((JSON.parse(readFileSync(out, 'utf8')) as { model: { sha256: string } }).model.sha256).toBe(sha);
  });

  it('--backend ort: the forward passes run on ONNX Runtime (recorded), the scores within float32 rounding of the interpreter run', () => {
    const pure = bench(MODEL, 'pure');
    const ort = bench(MODEL, 'ort', 'ort');
    expect(pure.backend).toBe('xai-interpreter');
    expect(ort.backend).toBe('onnxruntime-node');
    expect(ort.results.length).toBe(pure.results.length);
    pure.results.forEach((line, i) => {
      const a = JSON.parse(line) as Record<string, number> | null;
      const b = JSON.parse(ort.results[i]!) as Record<string, number> | null;
      if (a === null || b === null) return expect(b).toEqual(a);
      for (const [k, v] of Object.entries(a)) expect(Math.abs(b[k]! - v)).toBeLessThanOrEqual(1e-5 * Math.abs(v) + 1e-7);
    });
  });
});
