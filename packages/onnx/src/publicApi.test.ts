// The runtime exports of both entries: a rename or removal fails here (keep the old name as
// an alias and add the new one to the list).
import { describe, expect, it } from 'vitest';
import * as node from './node.js';
import * as root from './index.js';

const ROOT = ['inspectOnnx', 'loadOnnxModelAsync', 'neuralModelToOnnx'];

describe('public API', () => {
  it('@xai/onnx exports the browser-safe functions', () => {
    expect(Object.keys(root).sort()).toEqual(ROOT);
  });
  it('@xai/onnx/node adds the Node runtime', () => {
    expect(Object.keys(node).sort()).toEqual([...ROOT, 'inlineExternalData', 'loadOnnxModel', 'ortModel'].sort());
  });
});
