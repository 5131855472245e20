#!/usr/bin/env node
// Measures the install a CLI user makes: the packed tarballs `npm install -g`-ed into an empty prefix, then
// onnxruntime-node added the way `--backend ort` says. Prints a Markdown table (on disk, file bytes, wall,
// CPU-s of npm and its children, load) and, with --write, puts it into docs/performance.md between the
// install-figures markers.
// Usage: node scripts/install-figures.mjs [--write]   (in a built checkout; needs /usr/bin/time)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutWorkspace } from './pack-cli.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = join(ROOT, 'docs', 'performance.md');
const BEGIN = '<!-- install-figures:begin (node scripts/install-figures.mjs --write) -->';
const END = '<!-- install-figures:end -->';
const ORT = JSON.parse(readFileSync(join(ROOT, 'packages', 'bench', 'package.json'), 'utf8')).peerDependencies['onnxruntime-node'];
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--fetch-retries=0'];

/** `npm install -g` under /usr/bin/time: wall seconds and CPU seconds (user + sys, children included). */
function timedNpm(args) {
  const r = spawnSync('/usr/bin/time', ['-f', 'XAI_TIME %e %U %S', 'npm', 'install', '--global', ...NPM_FLAGS, ...args], {
    encoding: 'utf8',
    env: withoutWorkspace(process.env),
  });
  const m = /XAI_TIME (\S+) (\S+) (\S+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`npm install failed:\n${r.stderr}`);
  return { wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]) };
}

const du = (dir, apparent) =>
  Number(execFileSync('du', ['-s', '--block-size=1', ...(apparent ? ['--apparent-size'] : []), dir], { encoding: 'utf8' }).split('\t')[0]);
const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;

function measure() {
  const top = mkdtempSync(join(tmpdir(), 'xai-install-figures-'));
  const packs = join(top, 'tarballs');
  const prefix = join(top, 'prefix');
  try {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'pack-cli.mjs'), packs], { stdio: 'pipe' });
    const tarballs = readdirSync(packs).map((f) => join(packs, f));
    const load = loadavg()[0];
    const light = timedNpm(['--prefix', prefix, ...tarballs]);
    const lightSize = { disk: du(prefix, false), bytes: du(prefix, true) };
    const ort = timedNpm(['--prefix', prefix, '--ignore-scripts', `onnxruntime-node@${ORT}`]);
    const fullSize = { disk: du(prefix, false), bytes: du(prefix, true) };
    return {
      tarballs: tarballs.length,
      load,
      light,
      lightSize,
      ort,
      fullSize,
      npm: execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim(),
    };
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
}

function table(f) {
  const day = new Date().toISOString().slice(0, 10);
  return [
    `Measured ${day} by \`node scripts/install-figures.mjs --write\`: the ${f.tarballs} packed tarballs \`npm install -g\`-ed into an`,
    `empty prefix (npm ${f.npm}, warm cache, \`${NPM_FLAGS.join(' ')}\`), then \`onnxruntime-node@${ORT} --ignore-scripts\``,
    `added to the same prefix; load ${f.load.toFixed(1)} on ${process.arch} at the start. CPU-s = user + sys of npm and its children.`,
    '',
    '| install | on disk (`du -s`) | file bytes (`du -s --apparent-size`) | wall | CPU-s |',
    '|---|---|---|---|---|',
    `| the packed CLI, without onnxruntime-node | **${mb(f.lightSize.disk)}** | ${mb(f.lightSize.bytes)} | ${f.light.wall.toFixed(1)} s | ${f.light.cpu.toFixed(1)} |`,
    `| + onnxruntime-node (for \`--backend ort\`) | ${mb(f.fullSize.disk)} | ${mb(f.fullSize.bytes)} | + ${f.ort.wall.toFixed(1)} s | + ${f.ort.cpu.toFixed(1)} |`,
  ].join('\n');
}

const text = table(measure());
process.stdout.write(`${text}\n`);
if (process.argv.includes('--write')) {
  const doc = readFileSync(DOC, 'utf8');
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${DOC}: the install-figures markers are missing`);
  writeFileSync(`${DOC}.tmp`, `${doc.slice(0, a + BEGIN.length)}\n${text}\n${doc.slice(b)}`);
  execFileSync('mv', [`${DOC}.tmp`, DOC]);
}
