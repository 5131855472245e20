#!/usr/bin/env node
// Packs the `xai` CLI and every @xai/* package it depends on (its workspace closure, read from the
// package.json files, so a new package is never forgotten) into one folder, ready for `npm install -g`.
// Usage: node scripts/pack-cli.mjs <destination folder> [--install <prefix>]   (in a built checkout)
// With --install, also `npm install -g` the tarballs into <prefix> (its bin/ then holds `xai`), as a user does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages');

/** The package folders @xai/bench needs at run time, sorted. */
export function cliClosure(root = '@xai/bench') {
  const byName = new Map();
  for (const dir of readdirSync(PACKAGES)) {
    const path = join(PACKAGES, dir, 'package.json');
    if (!existsSync(path)) continue;
    const pkg = JSON.parse(readFileSync(path, 'utf8'));
    byName.set(pkg.name, { dir, deps: Object.keys(pkg.dependencies ?? {}).filter((d) => d.startsWith('@xai/')) });
  }
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    if (!byName.has(name)) throw new Error(`pack-cli: ${name} is not a package under ${PACKAGES}`);
    seen.add(name);
    for (const d of byName.get(name).deps) visit(d);
  };
  visit(root);
  return [...seen].map((n) => byName.get(n).dir).sort();
}

/**
 * `npm install -g` every tarball in `packs` into `prefix`. No retries: npm looks the @xai/* names up on the
 * registry before taking the local tarballs, and a failing look-up would otherwise back off for minutes per
 * package (the third-party ones come from the cache).
 */
export function installTarballs(packs, prefix) {
  const tarballs = readdirSync(packs)
    .filter((f) => f.endsWith('.tgz'))
    .map((f) => join(resolve(packs), f));
  const args = ['install', '--global', '--prefix', resolve(prefix), '--prefer-offline', '--no-audit', '--no-fund', '--fetch-retries=0'];
  execFileSync('npm', [...args, ...tarballs], { stdio: 'pipe', env: withoutWorkspace(process.env) });
}

/** The environment without pnpm's: its NODE_PATH and npm_* settings would point npm at the workspace. */
export function withoutWorkspace(env) {
  const out = { ...env };
  for (const k of Object.keys(out))
    if (k.startsWith('npm_') || k.startsWith('PNPM_') || k === 'NODE_PATH' || k === 'INIT_CWD') delete out[k];
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dest, flag, prefix] = process.argv.slice(2);
  if (!dest || (flag !== undefined && (flag !== '--install' || !prefix))) {
    process.stderr.write('usage: node scripts/pack-cli.mjs <destination folder> [--install <prefix>]\n');
    process.exit(2);
  }
  mkdirSync(dest, { recursive: true });
  for (const dir of cliClosure()) {
    try {
      execFileSync('pnpm', ['pack', '--pack-destination', resolve(dest)], { cwd: join(PACKAGES, dir), stdio: 'pipe' });
    } catch (e) {
      process.stderr.write(`pack-cli: pnpm pack in packages/${dir} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}\n`);
      process.exit(1);
    }
  }
  if (prefix) {
    try {
      installTarballs(dest, prefix);
    } catch (e) {
      process.stderr.write(`pack-cli: npm install of the tarballs failed:\n${e.stdout ?? ''}${e.stderr ?? ''}\n`);
      process.exit(1);
    }
  }
  process.stdout.write(`${cliClosure().join(' ')}\n`);
}
