// One label reader, one code for one mistake: an empty label cell is PARSE_ERROR naming file,
// line and column on every path (parseUserDataset, its test file, loadUserDataset, applyPreprocessing).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPreprocessing } from '../applyPreprocessing.js';
import { loadUserDataset } from '../loadUserDataset.js';
import { parseUserDataset } from '../parseUserDataset.js';
import { errorOf, asyncErrorOf } from '../__fixtures__/errorOf.js';

const TRAIN = `a,y,t\n${Array.from({ length: 20 }, (_, i) => `${i},${i % 2},${(i * 0.37).toFixed(2)}`).join('\n')}\n`;
// Line 3 (the second data row) has an empty y and an empty t.
const HOLE = 'a,y,t\n1,0,0.5\n2,,\n';

describe('readLabelColumn through every path', () => {
  const cls = parseUserDataset(TRAIN, { label: 'y', schema: { label: 'y', ignore: ['t'] }, validationFraction: 0 });
  const reg = parseUserDataset(TRAIN, { label: 't', schema: { label: 't', ignore: ['y'] }, validationFraction: 0 });

  it('an empty label cell is PARSE_ERROR, file line 3 column 2 ("y") / column 3 ("t")', async () => {
    const y = /h\.csv, line 3, column 2 \("y"\): empty label cell/;
    const t = /h\.csv, line 3, column 3 \("t"\): empty label cell/;
    for (const [e, re] of [
      [errorOf(() => parseUserDataset(HOLE, { label: 'y', file: 'h.csv', schema: { label: 'y', ignore: ['t'] } })), y],
      [errorOf(() => parseUserDataset(HOLE, { label: 't', file: 'h.csv', schema: { label: 't', ignore: ['y'] } })), t],
      [errorOf(() => parseUserDataset(TRAIN, { label: 'y', testText: HOLE, testFile: 'h.csv', schema: { label: 'y', ignore: ['t'] } })), y],
      [errorOf(() => applyPreprocessing(HOLE, cls.preprocessing, { file: 'h.csv', ignore: ['t'] })), y],
      [errorOf(() => applyPreprocessing(HOLE, reg.preprocessing, { file: 'h.csv', ignore: ['y'] })), t],
    ] as const) {
      expect(e.code).toBe('PARSE_ERROR');
      expect(e.message).toMatch(re);
      expect(e.details).toMatchObject({ line: 3 });
    }
    const dir = mkdtempSync(join(tmpdir(), 'xai-label-'));
    try {
      const path = join(dir, 'h.csv');
      writeFileSync(path, HOLE);
      const e = await asyncErrorOf(() => loadUserDataset(path, { label: 'y', schema: { label: 'y', ignore: ['t'] } }));
      expect(e.code).toBe('PARSE_ERROR');
      expect(e.message).toContain(`${path}, line 3, column 2 ("y"): empty label cell`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a wrong label value is BAD_INPUT on both paths: an unknown class, a non-number target', () => {
    const text = 'a,y,t\n1,0,0.5\n2,7,x\n';
    for (const e of [
      errorOf(() => applyPreprocessing(text, cls.preprocessing, { ignore: ['t'] })),
      errorOf(() => parseUserDataset(TRAIN, { label: 'y', testText: text, schema: { label: 'y', ignore: ['t'] } })),
    ]) {
      expect(e.code).toBe('BAD_INPUT');
      expect(e.message).toMatch(/line 3, column 2 \("y"\): label "7" is not one of the (model's )?classes "0", "1"/);
    }
    for (const e of [
      errorOf(() => applyPreprocessing(text, reg.preprocessing, { ignore: ['y'] })),
      errorOf(() => parseUserDataset(TRAIN, { label: 't', testText: text, schema: { label: 't', ignore: ['y'] } })),
    ]) {
      expect(e.code).toBe('BAD_INPUT');
      expect(e.message).toMatch(/line 3, column 3 \("t"\): .*is not a number \(regression label\)/);
    }
  });
});
