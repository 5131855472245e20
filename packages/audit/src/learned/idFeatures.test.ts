import { describe, expect, it } from 'vitest';
import { emitIdView, idContext, idGroups } from './idFeatures.js';

describe('id groups and views', () => {
  it('groups FEVER-Symmetric siblings under the original id, SNLI pair ids under their image, and leaves a shared tag alone', () => {
    const fever = ['54253', '542530000002', '542530000003', '542530000004', '7208', '72080000002'];
    expect(idGroups(fever)).toEqual(['54253', '54253', '54253', '54253', '7208', '7208']);
    const snli = ['686293997.jpg#4r1e', '686293997.jpg#4r1n', '686293997.jpg#4r1c', '3416050480.jpg#4r1e'];
    expect(idGroups(snli)).toEqual(['686293997.jpg', '686293997.jpg', '686293997.jpg', undefined]);
    const tagged = Array.from({ length: 50 }, (_, i) => `rec-${String(1000 + i)}`);
    expect(idGroups(tagged).every((g) => g === undefined)).toBe(true);
  });
  it('the group view reads what follows the group; the suffix view the end; the prefix view the start', () => {
    const ids = ['54253', '542530000002', '99'];
    const ctx = idContext(ids);
    const view = (id: string, v: 'group' | 'suffix' | 'prefix') => {
      const out: string[] = [];
      emitIdView(id, v, ctx, (s) => out.push(s));
      return out;
    };
    expect(view('542530000002', 'group')).toEqual([
      'rest=0000002',
      'rest length=7',
      ...'2000000'.split('').map((c, i) => `rest char[-${i + 1}]=${c}`),
    ]);
    expect(view('54253', 'group')).toEqual(['rest=∅ (the group root)', 'rest length=0']);
    expect(view('99', 'group')).toEqual(['group=none']);
    expect(view('99', 'suffix')).toEqual(['char[-1]=9', 'char[-2]=9', 'length=2', 'last segment=99', 'last segment shape=9{2}']);
    expect(view('99', 'prefix')).toEqual(['char[0]=9', 'char[1]=9', 'length=2', 'shape=9{2}']);
  });
});
