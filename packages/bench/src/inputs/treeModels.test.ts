// runExplainers reads each --model file to tell tree ensembles from other models: a file that cannot
// be read is NOT_FOUND naming it (it was reported as "treeshap reads tree ensembles, and no model of
// the run is one").
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { runExplainers } from './treeModels.js';

describe('runExplainers', () => {
  it('a --model file that does not exist is NOT_FOUND naming it, before any explainer check', () => {
    let caught: unknown;
    try {
      runExplainers(['treeshap'], false, [], [{ id: 'gone', path: '/nonexistent/gone.onnx' }]);
    } catch (e) {
      caught = e;
    }
    expect(isXaiError(caught, 'NOT_FOUND')).toBe(true);
    expect((caught as Error).message).toContain('/nonexistent/gone.onnx');
    expect((caught as { details: { arg: string } }).details.arg).toBe('--model');
  });
});
