import { defineConfig } from 'tsup';
import { xaiTsup } from '../../tsup.base';

// onnx-proto's decoder and protobufjs's minimal runtime ship inside dist: installed, protobufjs 6
// brings 22 MB (its CLI's own node_modules) and @types/node with it.
export default defineConfig(xaiTsup({}, ['onnx-proto', 'protobufjs']));
