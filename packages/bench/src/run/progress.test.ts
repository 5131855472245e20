import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, formatDuration } from './progress.js';

function sink(): { stream: NodeJS.WriteStream; text: () => string } {
  let buf = '';
  const w = new Writable({
    write(chunk, _enc, cb) {
      buf += String(chunk);
      cb();
    },
  });
  return { stream: w as unknown as NodeJS.WriteStream, text: () => buf };
}

describe('progress', () => {
  it('prints plain lines at most once per interval, with an ETA from the observed rate', () => {
    const out = sink();
    let t = 0;
    const p = createProgress({ stage: 'units', total: 10, stream: out.stream, tty: false, intervalMs: 1000, now: () => t });
    t = 500;
    p.tick(); // too soon: no line
    t = 2000;
    p.tick(); // 2 done in 2 s -> 8 left at 1 s each
    t = 2100;
    p.tick(); // too soon again
    p.stop();
    const lines = out.text().trim().split('\n');
    expect(lines[0]).toBe('20% of the work · units 2/10 · elapsed 2s · eta 8s');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^30% of the work · units 3\/10 · /);
  });
  it('counts a resumed run from where it was', () => {
    const out = sink();
    const p = createProgress({ stage: 'units', total: 4, start: 3, stream: out.stream, tty: false });
    p.tick();
    p.stop();
    expect(out.text()).toMatch(/^100% of the work · units 4\/4 · .* eta 0s\n$/);
  });
  it('draws a bar with an ETA on a terminal', () => {
    const out = sink();
    const p = createProgress({ stage: 'units', total: 2, stream: out.stream, tty: true });
    p.tick(2);
    p.stop();
    expect(out.text()).toMatch(/100% of the work · units 2\/2 · elapsed .* eta/);
  });
  it('formats durations', () => {
    expect(formatDuration(5)).toBe('5s');
    expect(formatDuration(125)).toBe('2m05s');
    expect(formatDuration(3720)).toBe('1h02m');
    expect(formatDuration(Number.NaN)).toBe('?');
  });
});

describe('progress weights', () => {
  it('uses the weights for the percentage and the ETA', () => {
    let buf = '';
    const stream = {
      write: (s: string) => {
        buf += s;
        return true;
      },
      isTTY: false,
    } as unknown as NodeJS.WriteStream;
    let t = 0;
    // 3 items: the first costs 8 of 10 weight units
    const p = createProgress({ stage: 'units', total: 3, weight: 10, stream, tty: false, intervalMs: 1, now: () => t });
    t = 8000;
    p.tick(1, 8); // 80% of the work in 8 s -> 2 s left
    expect(buf).toBe('80% of the work · units 1/3 · elapsed 8s · eta 2s\n');
  });
});
