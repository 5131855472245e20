// No test may fail because the machine is busy: a time limit on a test, a hook, a child process or
// a browser wait is a wall-clock assertion. Hangs are caught by the run's own limit instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, repoFiles } from './repoFiles.js';

/** Places in a test source that set a time limit, as `file:line: text`. */
export function timeLimits(file: string, text: string): string[] {
  const patterns = [
    new RegExp(`\\b(${['test', 'hook', 'teardown'].map((k) => `${k}Timeout`).join('|')})\\s*:\\s*[1-9]`), // vitest config keys
    /^\s*\}\s*,\s*[0-9][0-9_]*\s*\)\s*;?\s*$/, // it('…', fn, 60_000)
    /\btimeout\s*:\s*[1-9][0-9_]*/, // { timeout: 120_000 } on it(), execFileSync, page.waitFor…
    /\bvi\.setConfig\(\s*\{[^}]*Timeout/,
  ];
  return text
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => patterns.some((p) => p.test(line)))
    .map(({ line, i }) => `${file}:${i + 1}: ${line.trim()}`);
}

// This package's own tests hold the patterns as data (to show the check can fail).
const isTestSource = (f: string) =>
  !f.startsWith('packages/repo-checks/') &&
  (/\.test\.(ts|js|mjs)$/.test(f) ||
    /(^|\/)vitest\.(config|shared)\.(ts|js|mjs)$/.test(f) ||
    /^packages\/[^/]+\/test\/.*\.(ts|js|mjs)$/.test(f) ||
    /^examples\/[^/]+\/test\/.*\.(ts|js|mjs)$/.test(f) ||
    /^packages\/testing-browser\/src\/.*\.ts$/.test(f));

describe('tests hold on a busy machine', () => {
  const files = repoFiles().filter(isTestSource);

  it('finds the test sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('no test, hook, child process or browser wait has a time limit', () => {
    expect(files.flatMap((f) => timeLimits(f, readFileSync(join(REPO_ROOT, f), 'utf8')))).toEqual([]);
  });

  it('the check can fail', () => {
    const ms = 60 * 1000;
    const off = `${'test'}Timeout: 0`; // a limit turned off is allowed
    const text = `it('x', () => {\n  run();\n}, ${ms});\nexecFileSync(a, b, { timeout: ${2 * ms} });\nconst n = { ${off} };`;
    expect(timeLimits('t.test.ts', text)).toEqual([`t.test.ts:3: }, ${ms});`, `t.test.ts:4: execFileSync(a, b, { timeout: ${2 * ms} });`]);
  });
});
