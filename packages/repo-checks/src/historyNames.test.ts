// Names say what a thing is, not how it came to be: no tracker numbers or change history in file
// names or source comments, so a newcomer reads the code as it is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, repoFiles } from './repoFiles.js';

const HISTORY_WORDS = new Set(['review', 'refactor', 'fixes', 'extra', 'new']);
const HISTORY_TEXT = /\b(issues?|tasks?)\s*#?\d+\b|\breview fix(es)?\b/i;

/** True when a file name holds a word of change history (words split at camelCase, `.`, `-`, `_`). */
export function historyFileName(name: string): boolean {
  return name.split(/(?=[A-Z])|[._-]/).some((w) => HISTORY_WORDS.has(w.toLowerCase()));
}

/** Lines of a source or README that cite a tracker number or a review, as `file:line: text`. */
export function historyLines(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => HISTORY_TEXT.test(line))
    .map(({ line, i }) => `${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
}

const sources = repoFiles().filter(
  (f) =>
    /^(packages|examples)\/[^/]+\/(src|test)\/.*\.(ts|js|mjs)$/.test(f) &&
    !f.includes('/__fixtures__/') &&
    !f.startsWith('packages/repo-checks/'),
);
const readmes = repoFiles().filter((f) => /(^|\/)README\.md$/.test(f));

describe('names free of history', () => {
  it('no source file is named after a change (review, refactor, fixes, new, extra)', () => {
    const base = (f: string) => f.slice(f.lastIndexOf('/') + 1);
    expect(sources.filter((f) => historyFileName(base(f)))).toEqual([]);
  });

  it('no source or README cites a tracker number', () => {
    const files = [...sources, ...readmes];
    expect(files.flatMap((f) => historyLines(f, readFileSync(join(REPO_ROOT, f), 'utf8')))).toEqual([]);
  });

  it('the checks can fail', () => {
    expect(historyFileName('reviewFixes.test.ts')).toBe(true);
    expect(historyFileName('refactorParity.test.ts')).toBe(true);
    expect(historyFileName('renewLease.ts')).toBe(false);
    expect(historyLines('a.ts', '// Beyond OpenXAI (issue 14): families\nconst x = 1;')).toEqual([
      'a.ts:1: // Beyond OpenXAI (issue 14): families',
    ]);
  });
});
