// The page's pure helpers in Node: the header the label picker shows agrees with @xai/data's
// reader; time left follows the measured pace; errors read as one sentence with a details line.
import { parseUserDataset } from '@xai/data';
import { describe, expect, it } from 'vitest';
import { csvHeader } from '../src/csvHeader.js';
import { startJobClock } from '../src/jobClock.js';
import { userError } from '../src/userError.js';

/** The columns @xai/data reads (numeric files: the features as they are) plus the label. */
function dataColumns(text, label) {
  const ds = parseUserDataset(text, { label });
  return [...ds.preprocessing.features, ds.preprocessing.label.name];
}

describe('csvHeader', () => {
  const rows = (header, row) => `${header}\n${Array.from({ length: 12 }, (_, i) => row(i)).join('\n')}\n`;
  const cases = {
    'a quoted comma': rows('"income, net",age,y', (i) => `${i * 10},${i},${i % 2}`),
    'a doubled quote and a BOM': `\uFEFF${rows('"say ""hi""",b,y', (i) => `${i},${i * 2},${i % 2}`)}`,
    'a line break inside quotes': rows('"two\nlines",b,y', (i) => `${i},${i * 3},${i % 2}`),
    tabs: rows('a b\tc\ty', (i) => `${i}\t${i + 1}\t${i % 2}`),
    'semicolons and CRLF': rows('a;b;y', (i) => `${i};${i * 5};${i % 2}`).replaceAll('\n', '\r\n'),
  };
  for (const [name, text] of Object.entries(cases)) {
    it(`reads the header @xai/data reads: ${name}`, () => {
      const header = csvHeader(text);
      expect(header).toEqual(dataColumns(text, header.at(-1)));
    });
  }
});

describe('startJobClock', () => {
  it('measures nothing before two points of the explaining phase, then extrapolates their pace', () => {
    let now = 1000;
    const clock = startJobClock(() => now);
    now = 3000;
    clock.update(0.1, 'train');
    expect(clock.remainingMs()).toBeNull();
    clock.update(0.1, 'explain');
    expect(clock.remainingMs()).toBeNull();
    now = 7000;
    clock.update(0.3, 'explain');
    // 0.2 of the bar in 4 s: the remaining 0.7 take 14 s.
    expect(clock.remainingMs()).toBeCloseTo(14_000, 9);
    now = 8000;
    expect(clock.remainingMs()).toBeCloseTo(13_000, 9);
    expect(clock.elapsedMs()).toBe(7000);
    expect(clock.text()).toBe('elapsed 7.0 s · about 13 s left (from the pace so far)');
  });
});

describe('userError', () => {
  it('keeps a reader-facing message from the data reader, with the code on the details line', () => {
    const message = '[BAD_INPUT] parseUserDataset: file: one.csv: the label "y" has a single class "1"; a classifier needs two';
    const e = { code: 'BAD_INPUT', message, details: { fn: 'parseUserDataset', arg: 'file', file: 'one.csv' } };
    expect(userError(e)).toEqual({
      message: 'one.csv: the label "y" has a single class "1"; a classifier needs two',
      details: `BAD_INPUT: ${message}`,
    });
  });

  it('says where an internal error comes from without blaming the data, and hides nothing', () => {
    const message = '[EMPTY] fa: input.attributions: expected at least 1 row';
    const out = userError({ code: 'EMPTY', message, details: { fn: 'fa', arg: 'input.attributions' } });
    expect(out.message).toBe(
      'The computation stopped: expected at least 1 row. Try fewer instances, other explainers or another model; if it repeats, report the details line below.',
    );
    expect(out.details).toBe(`EMPTY: ${message}`);
    expect(userError(new TypeError('x is undefined')).message).toMatch(/^Something went wrong inside the explorer/);
  });
});
