// The repository's Markdown reads as documentation for users: every relative link resolves inside
// the repository, and README prose keeps to 140 characters a line (tables and code aside).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkTargets, markdownLines } from './markdownLines.js';
import { REPO_ROOT, repoFiles } from './repoFiles.js';

const markdown = repoFiles().filter((f) => f.endsWith('.md') && !f.includes('/__fixtures__/') && !f.includes('/fixtures/'));
const readmes = markdown.filter((f) => /(^|\/)README\.md$/.test(f));
const MAX_PROSE = 140;

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const line of markdownLines(readFileSync(join(REPO_ROOT, file), 'utf8'))) {
    for (const target of linkTargets(line.text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const path = decodeURI(target.replace(/[#?].*$/, ''));
      const resolved = normalize(join(dirname(join(REPO_ROOT, file)), path));
      const inside = !relative(REPO_ROOT, resolved).startsWith('..');
      if (!inside || !existsSync(resolved)) broken.push(`${file}:${line.number}: ${target}${inside ? '' : ' (outside the repository)'}`);
    }
  }
  return broken;
}

function longProse(file: string): string[] {
  return markdownLines(readFileSync(join(REPO_ROOT, file), 'utf8'))
    .filter((l) => l.kind === 'prose' && [...l.text].length > MAX_PROSE)
    .map((l) => `${file}:${l.number}: ${[...l.text].length} characters`);
}

describe('Markdown in the repository', () => {
  it('finds the READMEs it checks', () => {
    expect(readmes).toContain('README.md');
    expect(readmes.length).toBeGreaterThan(10);
  });

  it('every relative link resolves to a file inside the repository', () => {
    expect(markdown.flatMap(brokenLinks)).toEqual([]);
  });

  it(`README prose lines are at most ${MAX_PROSE} characters`, () => {
    expect(readmes.flatMap(longProse)).toEqual([]);
  });

  it('the checks can fail: a link outside the repository and a long line are found', () => {
    const lines = markdownLines('see [spec](../shared/spec.md)\n```\n[x](nowhere.md)\n```\n| a | b |');
    expect(lines.map((l) => l.kind)).toEqual(['prose', 'table']);
    expect(linkTargets(lines[0]?.text ?? '')).toEqual(['../shared/spec.md']);
    expect(linkTargets('`[x](y)` and [z](w.md "title")')).toEqual(['w.md']);
  });
});
