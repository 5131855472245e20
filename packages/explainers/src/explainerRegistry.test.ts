import { describe, expect, it } from 'vitest';
import type { DeepLiftConfig, DeepLiftOptions } from './deepLiftExplainer.js';
import type { ExplainerConfigById, ExplainerId, ExplainerOptionsById } from './createExplainer.js';
import {
  ALL_EXPLAINER_IDS,
  BEYOND_OPENXAI_EXPLAINER_IDS,
  EXPLAINER_IDS,
  EXTRA_EXPLAINER_IDS,
  FEATURE_SCALE_EXPLAINER_IDS,
  OPENXAI_EXPLAINER_IDS,
  createExplainer,
  isExplainerId,
} from './createExplainer.js';
import { EXPLAINER_REGISTRY } from './explainerRegistry.js';
import type { FixedTunnelOptions } from './explainerRegistry.js';
import type { LimeConfig, LimeOptions } from './limeExplainer.js';
import type { NoiseTunnelConfig } from './noiseTunnelExplainer.js';
import type { SmoothGradConfig, SmoothGradOptions } from './smoothGradExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { uniformMatrix } from './__fixtures__/models.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(ok: Equal<A, B>): Equal<A, B> => ok;

describe('EXPLAINER_REGISTRY', () => {
  it("lists OpenXAI's seven first, in its table order, and derives every id list from the table", () => {
    expect([...OPENXAI_EXPLAINER_IDS]).toEqual(['control', 'grad', 'sg', 'ig', 'itg', 'shap', 'lime']);
    expect(EXPLAINER_IDS).toBe(OPENXAI_EXPLAINER_IDS);
    expect(EXTRA_EXPLAINER_IDS).toBe(BEYOND_OPENXAI_EXPLAINER_IDS);
    expect([...ALL_EXPLAINER_IDS]).toEqual([...OPENXAI_EXPLAINER_IDS, ...BEYOND_OPENXAI_EXPLAINER_IDS]);
    expect(ALL_EXPLAINER_IDS.every(isExplainerId)).toBe(true);
    expect(isExplainerId('toString')).toBe(false);
  });

  it('per id: the factory builds that id, accepts exactly the listed option keys, and rejects others', () => {
    const train = uniformMatrix(10, 3, 1);
    for (const id of ALL_EXPLAINER_IDS) {
      const { create, optionKeys } = EXPLAINER_REGISTRY[id];
      const e = (create as (o: object) => { id: string })({ train });
      expect(e.id).toBe(id);
      const undefinedForEach = Object.fromEntries(optionKeys.map((k) => [k, undefined]));
      expect(
        codeOf(() => createExplainer(id, { ...undefinedForEach, train } as never)),
        id,
      ).toBe('none');
      expect(
        codeOf(() => createExplainer(id, { notAnOption: 1 } as never)),
        id,
      ).toBe('BAD_OPTION');
      expect(optionKeys.includes('featureScale'), id).toBe(EXPLAINER_REGISTRY[id].info.featureScale);
    }
    expect(FEATURE_SCALE_EXPLAINER_IDS.every((id) => EXPLAINER_REGISTRY[id].info.featureScale)).toBe(true);
    expect(codeOf(() => createExplainer('sg2', { base: 'ig' } as never))).toBe('BAD_OPTION');
  });

  it('the option and config types by id are the factories own', () => {
    expect(same<ExplainerOptionsById['lime'], LimeOptions>(true)).toBe(true);
    expect(same<ExplainerOptionsById['sg'], SmoothGradOptions>(true)).toBe(true);
    expect(same<ExplainerOptionsById['deeplift'], DeepLiftOptions>(true)).toBe(true);
    expect(same<ExplainerOptionsById['vargrad'], FixedTunnelOptions>(true)).toBe(true);
    expect(same<ExplainerConfigById['lime'], LimeConfig>(true)).toBe(true);
    expect(same<ExplainerConfigById['sg'], SmoothGradConfig>(true)).toBe(true);
    expect(same<ExplainerConfigById['deeplift'], DeepLiftConfig>(true)).toBe(true);
    expect(same<ExplainerConfigById['ig-sg'], NoiseTunnelConfig>(true)).toBe(true);
    expect(same<ExplainerId, (typeof ALL_EXPLAINER_IDS)[number]>(true)).toBe(true);
  });
});
