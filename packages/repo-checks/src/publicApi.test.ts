// Every package's public API equals its recorded list (api/<package>.txt): a name removed or
// renamed without a recorded, announced change fails here, naming the package and the lines.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiFile, publicApi, publicEntries, publishedPackages } from './publicApi.js';
import { REPO_ROOT } from './repoFiles.js';

const checksDir = fileURLToPath(new URL('..', import.meta.url));
const packages = publishedPackages(REPO_ROOT);

describe('public API of every package', () => {
  it('finds the ten packages', () => {
    expect(packages.map((p) => p.name)).toEqual(
      ['audit', 'bench', 'core', 'data', 'explainers', 'metrics', 'models', 'onnx', 'synth', 'trees'].map((n) => `@xai/${n}`),
    );
  });

  for (const { name, dir } of packages) {
    it(`${name} exports what api/${name.slice(5)}.txt records`, () => {
      const recorded = existsSync(apiFile(checksDir, name)) ? readFileSync(apiFile(checksDir, name), 'utf8').trim().split('\n') : [];
      const now = publicApi(dir);
      const removed = recorded.filter((l) => !now.includes(l));
      const added = now.filter((l) => !recorded.includes(l));
      expect({ removed, added }, 'record an intended change with `pnpm --filter @xai/repo-checks api:write`').toEqual({
        removed: [],
        added: [],
      });
    });
  }

  it('the listing sees through the exports map: the bench root has runBench and no internal chunk', () => {
    const bench = packages.find((p) => p.name === '@xai/bench');
    expect(bench).toBeDefined();
    const entries = publicEntries(bench?.dir ?? '');
    expect([...entries.keys()]).toContain('.');
    expect([...entries.keys()].some((k) => k.includes('internal'))).toBe(false);
    expect(publicApi(bench?.dir ?? '')).toContain('. runBench value');
  });
});
