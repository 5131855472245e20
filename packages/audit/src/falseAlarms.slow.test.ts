// False alarms of the batteries the adapters build (ids, id-like fields, label copies included), 400
// datasets of each shape without a shortcut: at most 1 % may show any firing probe (pnpm test:slow).
import { describe, expect, it } from 'vitest';
import { ALARM_SHAPES, alarmCount } from '../test/alarmShapes.js';

describe('family-wise false alarms, 400 datasets per shape (slow)', () => {
  it.each(Object.keys(ALARM_SHAPES))('%s: any probe fires on at most 4 of 400', (shape) => {
    const { any, perProbe } = alarmCount(shape, 400);
    expect(any, JSON.stringify(perProbe)).toBeLessThanOrEqual(4);
  });
});
