// Unknown option keys are BAD_OPTION in every options-taking function (did-you-mean included).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as synth from './node.js';
import { codeOf, codeOfAsync } from './__fixtures__/codeOf.js';

const tmp = mkdtempSync(join(tmpdir(), 'xai-synth-options-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('checkOptions in @xai/synth', () => {
  it('generateSynthGauss, synthGaussId and resolveSynthGaussParams reject a misspelt key with a hint', () => {
    expect(codeOf(() => synth.generateSynthGauss({ seeed: 1 } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => synth.synthGaussId({ dimm: 3 } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => synth.resolveSynthGaussParams({ clusterss: 3 }))).toBe('BAD_OPTION');
    let message = '';
    try {
      synth.generateSynthGauss({ nPerClustr: 5 } as never);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/did you mean 'nPerCluster'/);
  });

  it('regenerate (root and /node) and loadSynth reject unknown keys', async () => {
    const ds = synth.generateSynthGauss({ nPerCluster: 10, clusters: 2, dim: 2 });
    await synth.saveSynth(tmp, ds);
    expect(codeOf(() => synth.regenerate(ds.manifest, { dir: [tmp] } as never))).toBe('BAD_OPTION');
    expect(synth.regenerate(ds.id, { dirs: [tmp] }).id).toBe(ds.id);
    expect(await codeOfAsync(() => synth.loadSynth(tmp, { verfy: 'files' } as never))).toBe('BAD_OPTION');
    expect((await synth.loadSynth(tmp, { verify: 'regenerate' })).id).toBe(ds.id);
  });
});
