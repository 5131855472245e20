// onnxruntime-node is an optional peer of the CLI: the pure-TS path (and the ONNX interpreter)
// needs no runtime. Where one is needed (`--backend ort`, a graph the interpreter does not run),
// a missing runtime is said up front, with the one command that adds it where this CLI lives.
import { sep } from 'node:path';
import { XaiError, isXaiError } from '@xai/core';
import pkg from '../../package.json';
import { installSource } from './gitCommit.js';

/** The onnxruntime-node this CLI is built and tested with (its peer range), e.g. `onnxruntime-node@1.30.0`. */
export const ONNX_RUNTIME_NODE = `onnxruntime-node@${(pkg as { peerDependencies: Record<string, string> }).peerDependencies['onnxruntime-node']}`;

/**
 * The command that installs onnxruntime-node where the running `@xai/bench` finds it, from the
 * folder it is installed in: an npm global install (`<prefix>/lib/node_modules/…`) gets
 * `npm i -g … --prefix <prefix>`, a project's `node_modules` gets `npm i --prefix <project>`
 * (`pnpm add` where pnpm installed it), a checkout gets `pnpm install`. `--ignore-scripts`: its
 * CPU binaries ship in the package, and its install script only fetches optional CUDA libraries.
 * @example onnxRuntimeInstallCommand('/usr/local/lib/node_modules/@xai/bench')
 *   // 'npm i -g onnxruntime-node@1.30.0 --ignore-scripts --prefix /usr/local'
 * @since 0.3.0
 */
export function onnxRuntimeInstallCommand(benchDir: string = installSource().path): string {
  const parts = benchDir.split(sep);
  const at = parts.indexOf('node_modules');
  if (at < 0) return 'pnpm install (in the checkout: onnxruntime-node is a dev dependency of @xai/bench)';
  const pnpm = parts.includes('.pnpm');
  const global = parts[at - 1] === 'lib';
  const root = parts.slice(0, global ? at - 1 : at).join(sep) || sep;
  if (pnpm) return global ? `pnpm add -g ${ONNX_RUNTIME_NODE}` : `pnpm add ${ONNX_RUNTIME_NODE} --dir ${root}`;
  return global
    ? `npm i -g ${ONNX_RUNTIME_NODE} --ignore-scripts --prefix ${root}`
    : `npm i ${ONNX_RUNTIME_NODE} --ignore-scripts --prefix ${root}`;
}

/** The generic advice of @xai/onnx's missing-runtime error, replaced by the exact command. */
const GENERIC_ADVICE = /; install onnxruntime-node@\S+ beside @xai\/onnx or your program$/;

/** A missing or unloadable onnxruntime-node (@xai/onnx's NOT_SUPPORTED on arg `onnxruntime-node`) not yet given the command. */
function isMissingRuntime(e: unknown): e is XaiError {
  return isXaiError(e, 'NOT_SUPPORTED') && e.details.arg === 'onnxruntime-node' && e.details.install === undefined;
}

/** What the error said, without its `[code] fn: arg:` prefix and generic advice, then the command. */
function missingRuntimeText(e: XaiError, command: string): string {
  const prefix = `[NOT_SUPPORTED] ${e.details.fn ? `${e.details.fn}: ` : ''}onnxruntime-node: `;
  const said = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  return `${said.replace(GENERIC_ADVICE, '')}; add it with: ${command}`;
}

/**
 * A missing or unloadable onnxruntime-node error rewritten to end with the command that adds it
 * (`details.install`); every other error unchanged.
 * @since 0.3.0
 */
export function withOnnxRuntimeInstallHint(e: unknown): unknown {
  if (!isMissingRuntime(e)) return e;
  const install = onnxRuntimeInstallCommand();
  return new XaiError('NOT_SUPPORTED', missingRuntimeText(e, install), { ...e.details, install });
}

/**
 * Loads onnxruntime-node once (a built-in LR through `@xai/onnx/node`'s own lookup) before a run
 * that needs it, so a missing runtime stops the run before any training, naming `why` and the
 * command that adds it.
 * @example await requireOnnxRuntime('--backend ort')
 * @since 0.3.0
 */
export async function requireOnnxRuntime(why: string): Promise<void> {
  const { createLogisticRegression } = await import('@xai/models');
  const { ortModel } = await import('@xai/onnx/node');
  try {
    ortModel(createLogisticRegression(1, { seed: 0 }), { threads: 1 }).dispose();
  } catch (e) {
    if (!isMissingRuntime(e)) throw e;
    const install = onnxRuntimeInstallCommand();
    throw new XaiError('NOT_SUPPORTED', `${why} runs on ONNX Runtime, and ${missingRuntimeText(e, install)}`, {
      ...e.details,
      fn: 'xai',
      install,
    });
  }
}
