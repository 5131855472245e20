import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTrainFolder, mergedModelsJson } from './trainFolder.js';

const root = mkdtempSync(join(tmpdir(), 'xai-train-folder-'));
const folder = (name: string, files: Record<string, string>): string => {
  const d = join(root, name);
  mkdirSync(d, { recursive: true });
  for (const [f, t] of Object.entries(files)) writeFileSync(join(d, f), t);
  return d;
};
const earlier = JSON.stringify({
  format: 'xai-bench-models@1',
  models: [{ dataset: 'german', model: 'lr', file: 'german-lr.json', preset: 'default', seed: 0 }],
});

describe('an xai train output folder', () => {
  it('absent or empty: nothing to keep', () => {
    expect(checkTrainFolder(join(root, 'none'), false).entries).toEqual([]);
    expect(checkTrainFolder(folder('empty', {}), false).entries).toEqual([]);
  });

  it("keeps an earlier run's entries and lists them again beside the new ones", () => {
    const d = folder('earlier', { 'models.json': earlier, 'german-lr.json': '{}' });
    const f = checkTrainFolder(d, false);
    expect(f.entries.map((e) => e.file)).toEqual(['german-lr.json']);
    const merged = JSON.parse(mergedModelsJson({ format: 'xai-bench-models@1' }, f.entries, [{ file: 'adult-lr.json' }]));
    expect(merged.models.map((e: { file: string }) => e.file)).toEqual(['german-lr.json', 'adult-lr.json']);
    // A model trained again replaces its own entry, once.
    expect(JSON.parse(mergedModelsJson({}, f.entries, [{ file: 'german-lr.json' }])).models).toEqual([{ file: 'german-lr.json' }]);
  });

  it('refuses files xai train did not write, and replacing an earlier model, unless forced', () => {
    const d = folder('user', { 'models.json': earlier, 'german-lr.json': '{}', 'notes.txt': 'mine' });
    expect(() => checkTrainFolder(d, false)).toThrow(/holds files xai train did not write \("notes\.txt"\); nothing was written.*--force/);
    expect(checkTrainFolder(d, true).entries).toHaveLength(1);
    const e = folder('again', { 'models.json': earlier, 'german-lr.json': '{}' });
    expect(() => checkTrainFolder(e, false).refuseReplacing('german-lr.json')).toThrow(
      /german-lr\.json holds a model an earlier xai train wrote \(models\.json: german\/lr, preset default, seed 0\)/,
    );
    expect(() => checkTrainFolder(e, true).refuseReplacing('german-lr.json')).not.toThrow();
    // A models.json another tool wrote is not ours to extend.
    const other = folder('other', { 'models.json': '{"models": 3}' });
    expect(() => checkTrainFolder(other, false)).toThrow(/"models\.json"/);
  });
});
