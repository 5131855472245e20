// Bundle sizes, minified and gzipped: what a web page pays for one metric, for the explainers,
// and for the whole explorer page. `node scripts/sizes.mjs` (after `pnpm build`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('..', import.meta.url));
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

async function sizeOf(contents) {
  const r = await build({
    stdin: { contents, resolveDir: here, loader: 'js' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    external: ['onnxruntime-web'],
  });
  const code = r.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const cases = [
  ['@xai/metrics/pgi (one metric)', "export { pgi } from '@xai/metrics/pgi';"],
  ['@xai/metrics (all metrics)', "export * from '@xai/metrics';"],
  ['@xai/explainers (all explainers)', "export * from '@xai/explainers';"],
  ['@xai/models', "export * from '@xai/models';"],
  ['@xai/core', "export * from '@xai/core';"],
];
console.log('| bundle | minified | min + gzip |\n|---|---:|---:|');
for (const [label, src] of cases) {
  const s = await sizeOf(src);
  console.log(`| ${label} | ${kib(s.min)} | ${kib(s.gzip)} |`);
}
const out = mkdtempSync(join(tmpdir(), 'xai-explorer-size-'));
execFileSync(process.execPath, [join(here, 'build.mjs'), '--out', out], { stdio: 'pipe' });
const page = readFileSync(join(out, 'index.html'));
console.log(
  `| explorer page (index.html: page + both workers + Vega) | ${kib(page.length)} | ${kib(gzipSync(page, { level: 9 }).length)} |`,
);
