// Two versions of the SIMD kernel generator, side by side: compiles each (e.g. the committed
// scripts/simdWat.mjs and an older one from `git show <rev>:packages/core/scripts/simdWat.mjs`),
// runs both on the default ANN's product shapes with the same operands, alternating rounds in
// one process, and prints CPU time per call, new ÷ old, and whether the outputs have the same bits.
// `--shapes mlp`: the float32 products of the interpreter's 32-256-256-256-2 LayerNorm/GELU MLP
// (forward and dX = dY·Wᵀ), batch 1000, with GFLOP/s.
//   node bench/compare-kernels.mjs <old simdWat.mjs> <new simdWat.mjs> [--rounds 60] [--shapes ann|mlp]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import wabtInit from 'wabt';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const rounds = Number(flag('rounds', 60));
const shapes = flag('shapes', 'ann');
const paths = args.filter((a, q) => !a.startsWith('--') && !args[q - 1]?.startsWith('--'));
if (paths.length !== 2 || !Number.isInteger(rounds) || rounds < 1 || !['ann', 'mlp'].includes(shapes)) {
  console.error('usage: node bench/compare-kernels.mjs <old simdWat.mjs> <new simdWat.mjs> [--rounds N] [--shapes ann|mlp]');
  process.exit(2);
}

const wabt = await wabtInit();
async function instantiate(path) {
  const { simdWat } = await import(pathToFileURL(resolve(path)).href);
  const mod = wabt.parseWat('simd.wat', simdWat(), { simd: true });
  mod.validate();
  const bytes = mod.toBinary({}).buffer;
  mod.destroy();
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
}
const kernels = [await instantiate(paths[0]), await instantiate(paths[1])];

/** A 32-bit integer hash: a seeded value per position, the same in every run. */
function mix(q) {
  const h = Math.imul(q ^ (q >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}
const uniform = (q) => mix(q + 0x9e37) / 2 ** 32 - 0.5;

/** Where A is zero: nowhere, at independent places, or at the same terms in every row (1 in 32 flipped). */
const ZEROS = {
  none: () => false,
  apart: (q) => mix(q) % 100 < 51,
  shared: (q, k) => mix(q % k) % 100 < 51 !== (mix(q + 7919) % 32 === 0),
};

// [kernel, k, m, zeros]: the default ANN's 20-100-100-2 layers, forward (bias + ReLU) and backward;
// or the MLP's float32 products (+ bias), forward 32→256→256→256→2 and back
const CASES = {
  ann: [
    ['mm', 20, 100, 'none'],
    ['mms', 100, 100, 'shared'],
    ['mms', 100, 100, 'apart'],
    ['mm', 100, 2, 'shared'],
    ['mm', 2, 100, 'none'],
    ['mm', 100, 20, 'shared'],
  ],
  mlp: [
    ['mm', 32, 256, 'none'],
    ['mm', 256, 256, 'none'],
    ['mm', 256, 2, 'none'],
    ['mm', 2, 256, 'none'],
    ['mm', 256, 32, 'none'],
  ],
}[shapes];
const n = shapes === 'ann' ? 2000 : 1000;
const [t, Arr, mode] = shapes === 'ann' ? ['f64', Float64Array, 2] : ['f32', Float32Array, 1];
const el = Arr.BYTES_PER_ELEMENT;

function layOut(ex, k, m, A, B, bias) {
  const pa = 64;
  const pb = pa + n * k * el;
  const pc = pb + k * m * el;
  const pbias = pc + n * m * el;
  const scratch = pbias + m * el + 64;
  const need = scratch + 2 * el * k + 4 * k + 64;
  if (ex.memory.buffer.byteLength < need) ex.memory.grow(Math.ceil((need - ex.memory.buffer.byteLength) / 65536));
  new Arr(ex.memory.buffer, pa, n * k).set(A);
  new Arr(ex.memory.buffer, pb, k * m).set(B);
  new Arr(ex.memory.buffer, pbias, m).set(bias);
  return { pa, pb, pc, pbias, scratch };
}

for (const [fn, k, m, zeros] of CASES) {
  const A = Arr.from({ length: n * k }, (_, q) => (ZEROS[zeros](q, k) ? 0 : uniform(q)));
  const B = Arr.from({ length: k * m }, (_, q) => uniform(q + 1e7));
  const bias = Arr.from({ length: m }, (_, q) => uniform(q + 2e7));
  const at = kernels.map((ex) => layOut(ex, k, m, A, B, bias));
  const call = (e) => {
    const { pa, pb, pc, pbias, scratch } = at[e];
    const f = kernels[e][`${fn}_${t}`];
    f(n, k, m, pa, k, pb, m, pc, m, pbias, mode, scratch);
  };
  for (let w = 0; w < 30; w++) for (const e of [0, 1]) call(e);
  const cpu = [0, 0];
  for (let r = 0; r < rounds; r++)
    for (const e of [r % 2, 1 - (r % 2)]) {
      const t0 = process.cpuUsage();
      for (let c = 0; c < 10; c++) call(e);
      const t = process.cpuUsage(t0);
      cpu[e] += (t.user + t.system) / 10;
    }
  const out = kernels.map((ex, e) => new Arr(ex.memory.buffer, at[e].pc, n * m));
  const same = out[0].every((v, q) => Object.is(v, out[1][q]));
  const [us0, us1] = cpu.map((c) => c / rounds);
  const gflops = (us) => (shapes === 'mlp' ? ` (${((2 * n * k * m) / us / 1e3).toFixed(1)} GFLOP/s)` : '');
  console.log(
    `${`${fn}_${t} ${n}x${k} · ${k}x${m}, A zeros ${zeros}`.padEnd(42)} old ${us0.toFixed(0).padStart(5)} µs${gflops(us0)}  new ${us1.toFixed(0).padStart(5)} µs${gflops(us1)}  new/old ${(us1 / us0).toFixed(3)}  same bits: ${same}`,
  );
}
