// Timing figures for @xai/synth (build first: npx tsup). Not a test: the machine may be
// shared, so figures are noisy; the median of several runs is printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSynthGauss, loadSynth, regenerate, saveSynth } from '../dist/node.js';

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}
function time(label, runs, f) {
  f(); // warm-up
  const ms = [];
  let out;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    out = f();
    ms.push(performance.now() - t);
  }
  return { label, ms: median(ms), out };
}
const rowsOf = (ds) => ds.train.x.rows + (ds.validation?.x.rows ?? 0) + ds.test.x.rows;
const line = ({ label, ms, out }) =>
  console.log(
    `${label.padEnd(54)} ${ms.toFixed(1).padStart(8)} ms   ${out ? `${rowsOf(out)} rows, ${(rowsOf(out) / ms / 1000).toFixed(2)} M rows/s` : ''}`,
  );

console.log(`node ${process.version}, median of runs (shared machine: noisy)`);
line(time('generateSynthGauss() paper defaults (10 x 1000, d 20)', 15, () => generateSynthGauss()));
line(time("generateSynthGauss({variant:'openxai-code'}) (10 x 2500)", 9, () => generateSynthGauss({ variant: 'openxai-code' })));
line(time('generateSynthGauss K 100 x 1000, d 20', 3, () => generateSynthGauss({ clusters: 100 })));
line(time('generateSynthGauss K 10 x 1000, d 100', 3, () => generateSynthGauss({ dim: 100 })));
const ds = generateSynthGauss();
line(time('regenerate(manifest) paper defaults', 9, () => regenerate(ds.manifest)));

const dir = mkdtempSync(join(tmpdir(), 'synth-perf-'));
try {
  const save = [];
  const load = [];
  for (let r = 0; r < 5; r++) {
    let t = performance.now();
    await saveSynth(join(dir, `r${r}`), ds);
    save.push(performance.now() - t);
    t = performance.now();
    await loadSynth(join(dir, `r${r}`));
    load.push(performance.now() - t);
  }
  console.log(`${'saveSynth paper defaults (CSV + manifest)'.padEnd(54)} ${median(save).toFixed(1).padStart(8)} ms`);
  console.log(`${'loadSynth paper defaults (sha256 + parse + verify)'.padEnd(54)} ${median(load).toFixed(1).padStart(8)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The hash alone: @xai/core's pure-JS sha256 (ids and data hashes, root and browser) against node:crypto on the same bytes.
{
  const { sha256Hex } = await import('@xai/core');
  const { createHash } = await import('node:crypto');
  const bytes = new Uint8Array(4 << 20).map((_, i) => (i * 2654435761) >>> 24);
  const pure = time('sha256 4 MiB @xai/core sha256', 5, () => {
    sha256Hex(bytes);
  });
  const native = time('sha256 4 MiB node:crypto', 5, () => {
    createHash('sha256').update(bytes).digest();
  });
  line(pure);
  line(native);
  console.log(`ratio ${(pure.ms / native.ms).toFixed(1)}x`);
}
