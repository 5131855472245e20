// False alarms of the batteries the adapters build (ids, id-like fields, label copies included), 400
// datasets of each shape without a shortcut: at most 1 % may show any firing probe (pnpm test:slow).
import { describe, expect, it } from 'vitest';
import { alarmCount, alarmShapes } from '../bench/alarmShapes.mjs';
import * as audit from './index.js';

const ALARM_SHAPES = alarmShapes(audit);

describe('family-wise false alarms, 400 datasets per shape (slow)', () => {
  it.each(Object.keys(ALARM_SHAPES))('%s: any probe fires on at most 4 of 400', (shape) => {
    const { any, perProbe } = alarmCount(ALARM_SHAPES[shape]!, 400);
    expect(any, JSON.stringify(perProbe)).toBeLessThanOrEqual(4);
  });
});
