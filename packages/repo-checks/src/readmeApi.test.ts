// A package whose README lists its whole root API exports exactly those names: the table and
// the recorded API (api/<package>.txt) cannot drift apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiFile } from './publicApi.js';
import { documentedExports } from './readmeApi.js';
import { REPO_ROOT } from './repoFiles.js';

const checksDir = fileURLToPath(new URL('..', import.meta.url));

/** The packages whose README export table is the whole root API. */
const DOCUMENTED_IN_FULL = ['bench'];

describe('the README documents the root API', () => {
  for (const name of DOCUMENTED_IN_FULL) {
    it(`@xai/${name}: the README's export table equals api/${name}.txt`, () => {
      const documented = documentedExports(readFileSync(join(REPO_ROOT, 'packages', name, 'README.md'), 'utf8'));
      const recorded = readFileSync(apiFile(checksDir, `@xai/${name}`), 'utf8')
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('. '))
        .map((l) => l.split(' ')[1]!)
        .sort();
      expect(documented).toEqual(recorded);
    });
  }

  it('reads the names of the table, and only of its first column', () => {
    const readme =
      '# x\n\n| export | what |\n|---|---|\n| `run(a, b?)`, `RunOptions` | runs; `NotAName` |\n| `Result` | x |\n\nafter `other`\n';
    expect(documentedExports(readme)).toEqual(['Result', 'RunOptions', 'run']);
    expect(documentedExports('no table')).toEqual([]);
  });
});
