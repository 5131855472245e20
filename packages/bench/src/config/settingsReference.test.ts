import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ConfigKey, FlagsOf } from './settings.js';
import { SETTINGS, SETTING_COMMANDS, settingsOf } from './settings.js';
import { REFERENCE_BEGIN, REFERENCE_END, settingsReference } from './settingsReference.js';

const PAGE = fileURLToPath(new URL('../../docs/cli-reference.md', import.meta.url));

describe('the settings table', () => {
  it('docs/cli-reference.md holds the tables generated from it (XAI_WRITE_REFERENCE=1 rewrites them)', () => {
    const page = readFileSync(PAGE, 'utf8');
    const begin = page.indexOf(REFERENCE_BEGIN);
    const end = page.indexOf(REFERENCE_END);
    expect(begin).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(begin);
    const wanted = `${page.slice(0, begin)}${settingsReference()}${page.slice(end + REFERENCE_END.length)}`;
    if (process.env.XAI_WRITE_REFERENCE === '1') writeFileSync(PAGE, wanted);
    expect(page).toBe(wanted);
  });

  it('gives each command a flag once, and each config key one row', () => {
    for (const command of SETTING_COMMANDS) {
      const flags = settingsOf(command).map((s) => s.flag);
      expect(new Set(flags).size, command).toBe(flags.length);
    }
    const keys = SETTINGS.flatMap((s) => (s.key === undefined ? [] : [s.key]));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has a bounds row for every numeric setting with a default, and sane bounds', () => {
    for (const s of SETTINGS) {
      if (s.bounds) expect(s.bounds.min, s.flag).toBeLessThanOrEqual(s.bounds.max);
      if (s.default !== undefined && /^\d+$/.test(s.default)) expect(s.bounds, s.flag).toBeDefined();
    }
  });
});

describe('the flag types derived from the table', () => {
  it('type each command from its rows (typecheck fails if a derivation breaks)', () => {
    const explain: FlagsOf<'explain'> = { model: 'm.json', method: 'grad', out: 'a.json', interactions: true };
    // @ts-expect-error --model is required on explain (its row says so)
    const missing: FlagsOf<'explain'> = { method: 'grad', out: 'a.json' };
    const bench: FlagsOf<'bench'> = { model: ['a.onnx', 'b.onnx'], blockSize: '5', full: true };
    // @ts-expect-error --full is a switch
    const badSwitch: FlagsOf<'bench'> = { full: 'yes' };
    // @ts-expect-error --interactions is not a flag of evaluate
    const foreign: FlagsOf<'evaluate'> = { model: 'm', attributions: 'a', metric: 'FA', interactions: true };
    const key: ConfigKey = 'stabilitySamples';
    // @ts-expect-error --input-dim has no config key
    const noKey: ConfigKey = 'inputDim';
    expect([explain, missing, bench, badSwitch, foreign, key, noKey]).toHaveLength(7);
  });
});
