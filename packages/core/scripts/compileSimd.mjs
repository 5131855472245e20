// WAT -> wasm with wabt (a build-time dependency only; the package ships the bytes).
import wabtInit from 'wabt';
import { simdWat } from './simdWat.mjs';
import { subsetsWat } from './subsetsWat.mjs';

async function compile(name, wat, features) {
  const wabt = await wabtInit();
  const mod = wabt.parseWat(name, wat, features);
  try {
    mod.validate();
    return mod.toBinary({ log: false, write_debug_names: false }).buffer;
  } finally {
    mod.destroy();
  }
}

/** The SIMD kernels' module bytes. */
export function simdBytes() {
  return compile('simd.wat', simdWat(), { simd: true });
}

/** The random-subset sampler's module bytes (no SIMD: it runs wherever WebAssembly does). */
export function subsetsBytes() {
  return compile('subsets.wat', subsetsWat(), {});
}
