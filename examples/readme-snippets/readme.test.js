// Every package README opens with a runnable ESM example; run each one from inside its package
// (so `@xai/<name>` resolves through the package's own exports map) and require a clean exit.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const packagesDir = new URL('../../packages/', import.meta.url).pathname;
// A package with nothing to import (no exports map, e.g. the repository's own checks) has no example to run.
const importable = (p) => JSON.parse(readFileSync(join(packagesDir, p, 'package.json'), 'utf8')).exports !== undefined;
const packages = readdirSync(packagesDir).filter((p) => existsSync(join(packagesDir, p, 'README.md')) && importable(p));

describe('README examples run', () => {
  it('finds package READMEs', () => expect(packages.length).toBeGreaterThan(0));
  for (const name of packages) {
    it(`@xai/${name}`, () => {
      const md = readFileSync(join(packagesDir, name, 'README.md'), 'utf8');
      const block = /```js\n([\s\S]*?)```/.exec(md);
      expect(block, `packages/${name}/README.md has no \`\`\`js example`).not.toBeNull();
      const file = join(packagesDir, name, `.readme-example-${process.pid}.mjs`);
      writeFileSync(file, block[1]);
      try {
        execFileSync(process.execPath, [file], { cwd: join(packagesDir, name), stdio: 'pipe' });
      } catch (e) {
        throw new Error(`README example of @xai/${name} failed:\n${e.stderr?.toString() ?? e}`);
      } finally {
        rmSync(file, { force: true });
      }
    });
  }
});
