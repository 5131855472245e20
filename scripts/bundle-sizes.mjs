#!/usr/bin/env node
// The browser bundle of one metric alone: esbuild bundles `import { pgi } from '@xai/metrics/pgi'`
// (and the same for fa) from the built packages, minified for the browser, and gzips it (level 9).
// Usage: node scripts/bundle-sizes.mjs [--write]   (in a built checkout; --write puts the figures in README.md)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = [
  { name: 'pgi', code: "import { pgi } from '@xai/metrics/pgi'; globalThis.metric = pgi;" },
  { name: 'fa', code: "import { fa } from '@xai/metrics/fa'; globalThis.metric = fa;" },
];

/** KiB, one decimal, of `bytes`. */
const kib = (bytes) => (bytes / 1024).toFixed(1);

async function size(entry) {
  const r = await build({
    stdin: { contents: entry.code, resolveDir: join(ROOT, 'packages', 'metrics'), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const bytes = r.outputFiles[0].contents;
  return { name: entry.name, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const sizes = [];
for (const e of ENTRIES) sizes.push(await size(e));
for (const s of sizes) process.stdout.write(`@xai/metrics/${s.name}: ${kib(s.minified)} KiB minified, ${kib(s.gzip)} KiB gzipped\n`);
if (process.argv.includes('--write')) {
  const readme = join(ROOT, 'README.md');
  const text = readFileSync(readme, 'utf8');
  const [pgi, fa] = sizes;
  const line = /\d+(\.\d+)? KiB gzipped for `@xai\/metrics\/pgi`, \d+(\.\d+)? KiB for `@xai\/metrics\/fa`/;
  if (!line.test(text)) throw new Error('README.md: the bundle-size sentence was not found');
  writeFileSync(
    readme,
    text.replace(line, `${kib(pgi.gzip)} KiB gzipped for \`@xai/metrics/pgi\`, ${kib(fa.gzip)} KiB for \`@xai/metrics/fa\``),
  );
  process.stdout.write('README.md updated\n');
}
