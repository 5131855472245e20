import * as core from '@xai/core';
import { describe, expect, it } from 'vitest';
import * as data from './index.js';

describe('Preset', () => {
  it("is core's: @xai/data re-exports the very PRESETS of @xai/core", () => {
    expect(data.PRESETS).toBe(core.PRESETS);
    expect([...data.PRESETS]).toEqual(['default', 'openxai', 'paper']);
  });
});
