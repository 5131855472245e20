import { XaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { ONNX_RUNTIME_NODE, onnxRuntimeInstallCommand, withOnnxRuntimeInstallHint } from './onnxRuntimeInstall.js';

describe('onnxRuntimeInstallCommand', () => {
  it('adds the runtime where the running CLI was installed', () => {
    expect(ONNX_RUNTIME_NODE).toMatch(/^onnxruntime-node@\d+\.\d+\.\d+$/);
    expect(onnxRuntimeInstallCommand('/opt/x/lib/node_modules/@xai/bench')).toBe(
      `npm i -g ${ONNX_RUNTIME_NODE} --ignore-scripts --prefix /opt/x`,
    );
    expect(onnxRuntimeInstallCommand('/home/u/proj/node_modules/@xai/bench')).toBe(
      `npm i ${ONNX_RUNTIME_NODE} --ignore-scripts --prefix /home/u/proj`,
    );
    expect(onnxRuntimeInstallCommand('/home/u/proj/node_modules/.pnpm/@xai+bench@0.3.0/node_modules/@xai/bench')).toBe(
      `pnpm add ${ONNX_RUNTIME_NODE} --dir /home/u/proj`,
    );
    expect(onnxRuntimeInstallCommand('/work/xai/packages/bench')).toMatch(/^pnpm install/);
  });

  it("rewrites only a missing runtime's error, ending it with the command", () => {
    const missing = new XaiError(
      'NOT_SUPPORTED',
      'cannot load onnxruntime-node; install onnxruntime-node@1.30.0 beside @xai/onnx or your program',
      { fn: 'ortModel', arg: 'onnxruntime-node' },
    );
    const e = withOnnxRuntimeInstallHint(missing) as XaiError;
    expect(e.details.install).toBe(onnxRuntimeInstallCommand());
    expect(e.message).toContain(`cannot load onnxruntime-node; add it with: ${onnxRuntimeInstallCommand()}`);
    const other = new XaiError('BAD_OPTION', 'x', { arg: '--backend' });
    expect(withOnnxRuntimeInstallHint(other)).toBe(other);
  });
});
