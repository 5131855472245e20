// The chosen output's width: a one-row probe of a synchronous session (which also checks the
// feature count against a dynamic graph), else an asynchronous loader's probe, else the
// declared shape, else the imported last layer.
import { XaiError } from '@xai/core';
import type { ValueInfo } from '../proto.js';
import type { Runner } from '../runner.js';

export interface WidthSources {
  readonly info: ValueInfo;
  readonly runner: Runner | undefined;
  /** Measured by an asynchronous loader's probe. */
  readonly probedWidth: number | undefined;
  /** The imported last layer's width, when the graph imported. */
  readonly importedWidth: number | undefined;
  readonly inputDim: number;
  readonly file: string;
  readonly fn: string;
}

export function outputWidth({ info, runner, probedWidth, importedWidth, inputDim: d, file, fn }: WidthSources): number {
  const tensorOut = info.kind === 'tensor';
  let width: number | undefined;
  if (tensorOut && runner?.runSync !== undefined) {
    const probe = runner.runSync({ rows: 1, cols: d, data: new Float64Array(d) }, [info.name])[0]!;
    width = probe.dims.length === 1 ? 1 : probe.dims[1];
    if (probe.dims.length > 2 || width === undefined || probe.dims[0] !== 1)
      throw new XaiError(
        'NOT_SUPPORTED',
        `${file}: output '${info.name}' has shape [${probe.dims.join(', ')}] for one row; expected [1, k] or [1]`,
        { fn, arg: 'outputName', file, value: probe.dims },
      );
  } else if (tensorOut && probedWidth !== undefined) width = probedWidth;
  else if (tensorOut && typeof info.shape?.[1] === 'number') width = info.shape[1];
  else if (tensorOut && info.shape?.length === 1) width = 1;
  if (width === undefined) width = importedWidth;
  if (width === undefined)
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: cannot tell the width of output '${info.name}' without running it; use loadOnnxModelAsync`,
      { fn, arg: 'outputName', file },
    );
  return width;
}
