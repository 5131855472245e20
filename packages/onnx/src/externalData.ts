// Weights saved beside an .onnx file (`onnx.save_model(m, path, save_as_external_data=True)`, torch's
// export of a model over 2 GB): each such tensor names a file relative to the model's folder, an
// offset and a length. Node only (it reads files): the loaders take the model with its weights inlined.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { XaiError, systemError } from '@xai/core';
import type { TensorProto } from './internal/proto.js';
import { decodeModel, encodeModel } from './internal/proto.js';

/** TensorProto.DataLocation.EXTERNAL. */
const EXTERNAL = 1;

/** Every tensor of the main graph that may hold weights: initializers and Constant nodes' values. */
function graphTensors(model: ReturnType<typeof decodeModel>): TensorProto[] {
  const g = model.graph!;
  const constants = (g.node ?? []).flatMap((n) => (n.attribute ?? []).flatMap((a) => (a.t ? [a.t] : [])));
  return [...(g.initializer ?? []), ...constants];
}

const isExternal = (t: TensorProto): boolean => t.dataLocation === EXTERNAL || (t.externalData ?? []).length > 0;

/**
 * The model in `bytes` (read from `path`) with every externally stored tensor's values read from
 * the file it names (relative to the model's folder) into the tensor itself; `bytes` unchanged
 * when no tensor is stored outside. Typed errors name the model, the tensor and the data file:
 * NOT_FOUND for a data file that cannot be read, PARSE_ERROR for a location outside the model's
 * folder or an offset/length past the file's end.
 * @example const bytes = inlineExternalData(readFileSync('m.onnx'), 'm.onnx')
 * @since 0.4.0
 */
export function inlineExternalData(bytes: Uint8Array, path: string, fn = 'inlineExternalData'): Uint8Array {
  const model = decodeModel(bytes, path, fn);
  const tensors = graphTensors(model).filter(isExternal);
  if (tensors.length === 0) return bytes;
  const files = new Map<string, Uint8Array>();
  for (const t of tensors) {
    const entry = new Map((t.externalData ?? []).map((e) => [e.key ?? '', e.value ?? '']));
    const location = entry.get('location') ?? '';
    const name = t.name ?? '';
    const fail = (code: 'PARSE_ERROR', why: string): XaiError =>
      new XaiError(code, `${path}: tensor '${name}' keeps its values in '${location}', ${why}`, {
        fn,
        file: path,
        arg: 'pathOrBytes',
        value: location,
      });
    if (location === '' || isAbsolute(location) || normalize(location).split(sep).includes('..'))
      throw fail('PARSE_ERROR', "which is not a file inside the model's folder (ONNX external data is named relative to it)");
    const full = join(dirname(path), location);
    let data = files.get(full);
    if (data === undefined) {
      try {
        data = readFileSync(full);
      } catch (e) {
        throw systemError(e, {
          fn,
          path: full,
          action: `read the external data of ${path} (tensor '${name}'), the file`,
          arg: 'pathOrBytes',
        });
      }
      files.set(full, data);
    }
    const offset = Number(entry.get('offset') ?? 0);
    const length = entry.has('length') ? Number(entry.get('length')) : data.byteLength - offset;
    if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0 || offset + length > data.byteLength)
      throw fail(
        'PARSE_ERROR',
        `bytes ${offset}..${offset + length} of a ${data.byteLength}-byte file: is the data file from another save?`,
      );
    t.rawData = data.subarray(offset, offset + length);
    t.externalData = [];
    t.dataLocation = 0;
  }
  return encodeModel(model);
}
