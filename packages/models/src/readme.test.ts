// The README's first example runs as written (against the built dist, as a user would).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const pkg = fileURLToPath(new URL('..', import.meta.url));

describe('README', () => {
  it('the first example runs and prints what its comments say', () => {
    const text = readFileSync(join(pkg, 'README.md'), 'utf8');
    const code = /## Example[^\n]*\n+```js\n([\s\S]*?)```/.exec(text)?.[1];
    expect(code).toBeDefined();
    // inside the package folder, so `@xai/models` resolves to this package (self-reference)
    const dir = mkdtempSync(join(pkg, '.readme-'));
    try {
      writeFileSync(join(dir, 'example.mjs'), code!);
      const out = execFileSync(process.execPath, [join(dir, 'example.mjs')], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(out).toHaveLength(6);
      const [acc, epoch, rows] = out[0]!.split(' ').map(Number);
      expect(acc).toBeGreaterThan(0.9);
      expect(epoch).toBeGreaterThan(0);
      expect(rows).toBe(200);
      expect(out[1]).toBe('a,b,c,d,e');
      expect(out[2]).toBe('true');
      expect(Number(out[3])).toBeGreaterThan(0.9); // R² of a linear target
      const [g32, g64] = out[4]!.split(' ').map(Number);
      expect(Math.fround(g32!)).toBe(g32);
      expect(Math.abs(g32! - g64!)).toBeLessThan(1e-2 * Math.abs(g64!));
      expect(out[5]).toBe('5');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
