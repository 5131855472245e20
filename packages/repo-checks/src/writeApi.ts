// Records the public API of every package (after `pnpm build`): `pnpm --filter @xai/repo-checks api:write`.
// Run it when a change to a package's surface is intended, and say so in that package's README;
// `publicApi.test.ts` fails on any change that was not recorded.
//   tsx src/writeApi.ts [--root DIR] [--out DIR]   (another checkout, e.g. to compare two commits)
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiFile, publicApi, publishedPackages } from './publicApi.js';
import { REPO_ROOT } from './repoFiles.js';

const { values } = parseArgs({ options: { root: { type: 'string' }, out: { type: 'string' } } });
const root = values.root ?? REPO_ROOT;
const out = values.out ?? fileURLToPath(new URL('..', import.meta.url));
mkdirSync(`${out}/api`, { recursive: true });
for (const { name, dir } of publishedPackages(root)) {
  const lines = publicApi(dir);
  writeFileSync(apiFile(out, name), `${lines.join('\n')}\n`);
  console.log(`${name}: ${lines.length} exports`);
}
