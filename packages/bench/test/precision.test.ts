// Under `--preset openxai` the built-in models compute in float32 (the released
// code's torch arithmetic: `withPrecision` in pure TS, natively under `--backend ort`);
// `--precision float64` restores the reference arithmetic; the manifest says which ran.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-precision-'));
const cache = join(dir, 'cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  readonly precision: string | undefined;
  /** Gradient attributions of synthetic × ann (first instances), from --save-explanations. */
  readonly grad: Float64Array;
  readonly cells: { model: string; explainer: string; metric: string; kind?: string; mean: number | null }[];
}

function run(name: string, extra: string[]): Run {
  const out = join(dir, name);
  const args = ['bench', '--preset', 'openxai', '--explainers', 'grad', '--metrics', 'PGI,RIS', '--instances', '12'];
  args.push('--stability-instances', '4', '--workers', '1', '--cache-dir', cache, '--out', out, '--save-explanations', ...extra);
  const r = runCliSync(args);
  if (r.code !== 0) throw new Error(`xai ${args.join(' ')} failed: ${r.stderr}`);
  const bytes = readFileSync(join(out, 'explanations', 'synthetic-ann-grad.f64'));
  return {
    precision: JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).config.precision,
    grad: new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
    cells: JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).cells,
  };
}

const isFloat32 = (v: number): boolean => Math.fround(v) === v;

describe('xai bench --preset openxai computes in float32', () => {
  let f32: Run;
  let f64: Run;
  let ort: Run;
  beforeAll(() => {
    assertBuilt();
    f32 = run('f32', []);
    f64 = run('f64', ['--precision', 'float64']);
    ort = run('ort', ['--backend', 'ort']);
  });

  it('records the precision that ran', () => {
    expect([f32.precision, f64.precision, ort.precision]).toEqual(['float32', 'float64', 'float32']);
  });

  it('float32 gradients are float32 values, in pure TS and through ONNX Runtime; float64 ones are not', () => {
    expect(f32.grad.length).toBeGreaterThan(0);
    expect(f32.grad.every(isFloat32)).toBe(true);
    expect(ort.grad.every(isFloat32)).toBe(true);
    expect(f64.grad.every(isFloat32)).toBe(false);
  });

  it('the two float32 runs and the float64 one differ by float32 rounding only', () => {
    let scale = 0;
    for (const v of f64.grad) scale = Math.max(scale, Math.abs(v));
    for (let k = 0; k < f64.grad.length; k++) {
      expect(Math.abs(f32.grad[k]! - f64.grad[k]!)).toBeLessThanOrEqual(1e-5 * scale);
      expect(Math.abs(ort.grad[k]! - f32.grad[k]!)).toBeLessThanOrEqual(1e-5 * scale);
    }
    // ... and so do the prediction-gap scores
    const pgi = (r: Run) =>
      r.cells.find((c) => c.model === 'ann' && c.explainer === 'grad' && c.metric === 'PGI' && c.kind === 'explainer');
    expect(pgi(f32)!.mean).toBeCloseTo(pgi(f64)!.mean!, 4);
  });

  it('rejects an unknown precision naming the flag', () => {
    const r = runCliSync(['bench', '--precision', 'half', '--out', join(dir, 'bad')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/precision: expected float32 or float64, got "half"/);
  });
});
