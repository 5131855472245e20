import { describe, expect, it } from 'vitest';
import type { ChoiceOf, UserDataFlags } from './settings.js';
import { SETTINGS, USER_DATA_KEYS, choicesOf } from './settings.js';
import { choiceSetting, listSetting } from './settingValues.js';

describe('choice and list settings read from their rows', () => {
  it('accept a row choice and an alias, and refuse anything else naming every choice', () => {
    expect(choiceSetting('precision', 'float32')).toBe('float32');
    expect(choiceSetting('backend', 'pure')).toBe('ts');
    expect(() => choiceSetting('missing', 'impute')).toThrow(/xai bench: missing: expected error or drop-rows, got "impute"/);
    expect(() => choiceSetting('preset', 3)).toThrow(/expected default, openxai, paper, quantus or captum, got 3/);
    expect(() => choiceSetting('treeShap', 'exact', { fn: 'xai explain', arg: '--tree-shap' })).toThrow(
      /xai explain: --tree-shap: expected path-dependent or interventional, got "exact"/,
    );
  });

  it('read a list in the row order, each name once, with all as the row says', () => {
    expect(listSetting('models', 'ann, lr,ann')).toEqual(['lr', 'ann']);
    expect(listSetting('datasets', 'all,pima')).toEqual(['pima', 'all']);
    expect(listSetting('explainers', 'all')).toEqual([...choicesOf('explainers')].slice(0, 7));
    expect(listSetting('metrics', 'fa,pgi')).toEqual(['FA', 'PGI']);
    expect(() => listSetting('models', 'svm')).toThrow(/unknown name "svm" \(choose from lr, ann, all\)/);
    expect(() => listSetting('models', [])).toThrow(/expected a comma-separated list or an array/);
  });

  it('give each choice row distinct choices, and aliases that name a choice', () => {
    for (const s of SETTINGS) {
      if (s.choices === undefined) continue;
      expect(s.choices.length, s.flag).toBeGreaterThan(0);
      expect(new Set(s.choices).size, s.flag).toBe(s.choices.length);
      for (const to of Object.values(s.aliases ?? {})) expect(s.choices, s.flag).toContain(to);
    }
  });

  it('derive the user CSV flags from the rows (typecheck fails if a derivation breaks)', () => {
    expect(USER_DATA_KEYS).toEqual(['data', 'label', 'test', 'schema', 'ignore', 'missing', 'encoding', 'decimal']);
    const flags: UserDataFlags = { data: 'a.csv', missing: 'drop-rows' };
    // @ts-expect-error --seed is not a setting of the user CSV
    const foreign: UserDataFlags = { seed: '1' };
    const precision: ChoiceOf<'precision'> = 'float64';
    // @ts-expect-error half is not a --precision choice
    const badPrecision: ChoiceOf<'precision'> = 'half';
    expect([flags, foreign, precision, badPrecision]).toHaveLength(4);
  });
});
