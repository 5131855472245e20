// Builds the explorer once for every browser test file: dist/index.html into a temp folder,
// handed to the tests as `inject('pageUrl')`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export function setup({ provide }) {
  const here = fileURLToPath(new URL('../..', import.meta.url));
  const out = mkdtempSync(join(tmpdir(), 'xai-explorer-'));
  execFileSync(process.execPath, [join(here, 'build.mjs'), '--out', out], { stdio: 'pipe' });
  provide('pageUrl', pathToFileURL(join(out, 'index.html')).href);
  // The returned function is vitest's global teardown: the built page goes once every file is done.
  return () => rmSync(out, { recursive: true, force: true });
}
