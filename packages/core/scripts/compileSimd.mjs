// WAT -> wasm with wabt (a build-time dependency only; the package ships the bytes).
import wabtInit from 'wabt';
import { simdWat } from './simdWat.mjs';

/** The compiled module's bytes. */
export async function simdBytes() {
  const wabt = await wabtInit();
  const mod = wabt.parseWat('simd.wat', simdWat(), { simd: true });
  try {
    mod.validate();
    return mod.toBinary({ log: false, write_debug_names: false }).buffer;
  } finally {
    mod.destroy();
  }
}
