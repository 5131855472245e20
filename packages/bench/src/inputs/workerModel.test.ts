import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng, kernelBackend } from '@xai/core';
import { createAnn, toModelJson } from '@xai/models';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig, runIdentity } from '../config/benchConfig.js';
import { backendNote, buildWorkerModel } from './workerModel.js';

const cwd = mkdtempSync(join(tmpdir(), 'xai-backend-'));

describe('--backend js', () => {
  it('rebuilds the model on the scalar JS kernels, with the same bits as ts (float64 and float32)', () => {
    const json = JSON.stringify(toModelJson(createAnn(6, { seed: 3 })));
    const x = { rows: 40, cols: 6, data: new Float64Array(240) };
    createRng(1).fillNormal(x.data);
    const t = Int32Array.from({ length: 40 }, (_, i) => i % 2);
    for (const precision of ['float64', 'float32'] as const) {
      const ts = buildWorkerModel({ kind: 'json', json, backend: 'ts' }, 'k', null, precision);
      const js = buildWorkerModel({ kind: 'json', json, backend: 'js' }, 'k', null, precision);
      expect([ts.backend, js.backend]).toEqual(['ts', 'js']);
      const kernels = (w: typeof ts) => {
        const m = w.neural as unknown as { f32: { kernels: string } | null; core: { kernels: string } };
        return m.f32 === null ? m.core.kernels : m.f32.kernels;
      };
      expect([kernels(ts), kernels(js)]).toEqual([kernelBackend(), 'js']);
      expect(process.env.XAI_KERNELS).toBeUndefined(); // set only while the model is made
      expect(Array.from(js.model.predictProba(x).data)).toEqual(Array.from(ts.model.predictProba(x).data));
      expect(Array.from(js.neural!.inputGradient(x, t).data)).toEqual(Array.from(ts.neural!.inputGradient(x, t).data));
    }
  });

  it('is part of the config and the manifest note but not of the run identity (ort is)', () => {
    const ts = resolveBenchConfig({}, {}, { cwd });
    const js = resolveBenchConfig({}, { backend: 'js' }, { cwd });
    const ort = resolveBenchConfig({}, { backend: 'ort' }, { cwd });
    expect(js.backend).toBe('js');
    expect(runIdentity(js)).toEqual(runIdentity(ts));
    expect(runIdentity(ort)).not.toEqual(runIdentity(ts));
    expect(backendNote('js', 'float64')).toMatch(/^js: .*scalar JS kernels/);
    expect(backendNote('ts', 'float64')).toMatch(kernelBackend() === 'simd' ? /WebAssembly SIMD/ : /scalar JS/);
    // `pure` is the docs' name of the default path: the same config and run as ts
    expect(resolveBenchConfig({}, { backend: 'pure' }, { cwd })).toEqual(ts);
    expect(() => resolveBenchConfig({}, { backend: 'wasm' }, { cwd })).toThrow(/backend.*ts, js or ort/);
  });
});
