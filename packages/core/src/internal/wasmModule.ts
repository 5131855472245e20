// Compiles the package's embedded WebAssembly modules (base64 in generated source files) and
// instantiates them, through the part of the WebAssembly JS API that lib ES2022 does not declare.

/** The part of the WebAssembly JS API used here. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: Record<string, unknown> };
  validate(bytes: Uint8Array): boolean;
}

function decodeBase64(text: string): Uint8Array {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The compiled module, or null where WebAssembly (or a feature the module uses, e.g. SIMD) is missing. */
export function compileWasm(base64: string): object | null {
  const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (wasm === undefined || typeof wasm.Module !== 'function') return null;
  const bytes = decodeBase64(base64);
  return wasm.validate(bytes) ? new wasm.Module(bytes) : null;
}

/** A new instance of a module `compileWasm` returned: its exports. */
export function instantiateWasm(mod: object): Record<string, unknown> {
  return new (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly.Instance(mod).exports;
}

/** True when the environment variable `XAI_KERNELS=js` asks for the scalar JS kernels. */
export function jsKernelsForced(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.XAI_KERNELS === 'js';
}

/** A WebAssembly.Memory. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

const PAGE = 65536;

/** Grows `memory` to at least `bytes`; true when it grew (views over the old buffer are then detached). */
export function growMemory(memory: WasmMemory, bytes: number): boolean {
  const have = memory.buffer.byteLength;
  if (bytes <= have) return false;
  memory.grow(Math.ceil((bytes - have) / PAGE));
  return true;
}
