// Packaging checks for every publishable package: publint (strict) and
// @arethetypeswrong/cli on the packed tarball (node16 ESM/CJS and bundler resolution).
// `node scripts/check-packages.mjs` after a build; exits non-zero on any problem.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
let failed = 0;
for (const dir of readdirSync(join(root, 'packages'))) {
  const cwd = join(root, 'packages', dir);
  const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
  if (pkg.private) continue;
  for (const [tool, args] of [
    ['publint', ['--strict']],
    ['attw', ['--pack', '.', '--profile', 'node16', '--format', 'ascii']],
  ]) {
    try {
      execFileSync(bin(tool), args, { cwd, stdio: 'pipe', env: { ...process.env, NO_COLOR: '1' } });
      console.log(`ok    ${pkg.name}: ${tool}`);
    } catch (e) {
      failed++;
      console.log(`FAIL  ${pkg.name}: ${tool}\n${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`);
    }
  }
}
console.log(failed === 0 ? 'packaging checks: all passed' : `packaging checks: ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
