// The packed packages as a user installs them: `pnpm pack` every @xai/* package the CLI needs,
// `npm install -g` the tarballs into an empty prefix outside the repository, and run `xai` from
// an empty folder with an empty HOME. The installed run must equal the checkout's run byte for
// byte, find nothing through the working directory, and say so in its receipt.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, assertBuilt } from './spawnCli.js';

const PACKAGES = fileURLToPath(new URL('../..', import.meta.url));
const PACK_CLI = fileURLToPath(new URL('../../../scripts/pack-cli.mjs', import.meta.url));
const SHARED = fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));

interface Done {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Done> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += String(b);
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr += String(b);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The environment of a user who set nothing: no XAI_* folders, an empty HOME, the installed bin first on PATH,
 * and nothing of the checkout's: pnpm's NODE_PATH (which would resolve any package from the workspace) and
 * its node_modules/.bin folders are gone.
 */
function userEnv(home: string, bin: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? '')
    .split(':')
    .filter((p) => !p.includes('node_modules'))
    .join(':');
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, PATH: `${bin}:${path}`, NO_COLOR: '1', ...extra };
  for (const k of ['XAI_DATA_DIR', 'XAI_CACHE_DIR', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'INIT_CWD', 'npm_config_prefix', 'NODE_PATH'])
    delete env[k];
  for (const k of Object.keys(env)) if (k.startsWith('npm_') || k.startsWith('PNPM_')) delete env[k];
  return { ...env, ...extra };
}

/** Bytes of every file under `dir` (what `du` counts, without block rounding). */
function folderBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) n += statSync(join(e.parentPath, e.name)).size;
  return n;
}

const ORT = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { peerDependencies: Record<string, string> })
  .peerDependencies['onnxruntime-node'];

// biome-ignore lint/suspicious/noExplicitAny: manifest fields are read loosely
const json = (path: string): Record<string, any> => JSON.parse(readFileSync(path, 'utf8'));

describe('the packed CLI, installed with npm outside the repository', () => {
  const top = mkdtempSync(join(tmpdir(), 'xai-installed-'));
  const packs = join(top, 'tarballs');
  const prefix = join(top, 'prefix');
  const home = join(top, 'home');
  const work = join(top, 'work');
  const bin = join(prefix, 'bin');
  let closure: string[] = [];
  let bench: Done;
  let paper: Done;
  let reference: Done;
  let referencePaper: Done;
  let ort: Done;
  let referenceOrt: Done;
  let noRuntime: Done;
  let lightBytes = 0;
  let lightHasRuntime = true;

  beforeAll(async () => {
    assertBuilt();
    for (const d of [packs, home, work]) mkdirSync(d, { recursive: true });
    // The README's own packing and installing step: bench and its @xai/* closure, into an empty prefix.
    const packed = await run(process.execPath, [PACK_CLI, packs, '--install', prefix], top, process.env);
    if (packed.code !== 0) throw new Error(`scripts/pack-cli.mjs failed: ${packed.stderr}`);
    closure = packed.stdout.trim().split(' ');
    bench = await run('xai', ['bench', '--instances', '5'], work, userEnv(home, bin));
    const ref = join(top, 'reference');
    reference = await run(
      process.execPath,
      [CLI, 'bench', '--instances', '5', '--out', ref, '--cache-dir', join(top, 'reference-cache')],
      top,
      userEnv(home, bin),
    );
    // The README's report rebuild with OpenXAI's tables, on the installed CLI and on the checkout's.
    paper = await run('xai', ['report', 'xai-results', '--layout', 'paper'], work, userEnv(home, bin));
    referencePaper = await run(process.execPath, [CLI, 'report', ref, '--layout', 'paper'], top, userEnv(home, bin));
    // onnxruntime-node is an optional peer: the light install has none, and --backend ort says how to add it.
    const ortArgs = ['bench', '--instances', '5', '--backend', 'ort', '--explainers', 'grad,shap'];
    lightBytes = folderBytes(prefix);
    lightHasRuntime = existsSync(join(prefix, 'lib', 'node_modules', 'onnxruntime-node'));
    noRuntime = await run('xai', [...ortArgs, '--out', join(top, 'no-runtime')], work, userEnv(home, bin));
    const add = await run(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        `onnxruntime-node@${ORT}`,
      ],
      top,
      userEnv(process.env.HOME ?? home, bin),
    );
    if (add.code !== 0) throw new Error(`npm install onnxruntime-node failed: ${add.stderr}`);
    ort = await run('xai', [...ortArgs, '--out', join(top, 'installed-ort')], work, userEnv(home, bin));
    referenceOrt = await run(
      process.execPath,
      [CLI, ...ortArgs, '--out', join(top, 'reference-ort'), '--cache-dir', join(top, 'reference-cache')],
      top,
      userEnv(home, bin),
    );
  });

  it('puts xai on PATH from the tarballs alone', () => {
    const version = (d: string): string =>
      (JSON.parse(readFileSync(join(PACKAGES, d, 'package.json'), 'utf8')) as { version: string }).version;
    expect(closure).toEqual(expect.arrayContaining(['bench', 'core', 'onnx', 'trees']));
    expect(readdirSync(packs).sort()).toEqual(closure.map((d) => `xai-${d}-${version(d)}.tgz`));
    expect(existsSync(join(bin, 'xai'))).toBe(true);
  });

  it("links only to files in its own tarball from each packed README (or a dependency's README installed beside it)", () => {
    let checked = 0;
    for (const tarball of readdirSync(packs)) {
      const path = join(packs, tarball);
      const entries = new Set(execFileSync('tar', ['-tzf', path], { encoding: 'utf8' }).split('\n'));
      const readme = execFileSync('tar', ['-xOzf', path, 'package/README.md'], { encoding: 'utf8' });
      const manifest = JSON.parse(execFileSync('tar', ['-xOzf', path, 'package/package.json'], { encoding: 'utf8' })) as {
        dependencies?: Record<string, string>;
      };
      const beside = Object.keys(manifest.dependencies ?? {})
        .filter((d) => d.startsWith('@xai/'))
        .map((d) => `${d.slice('@xai/'.length)}/README.md`);
      const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!.split('#')[0]!)
        .filter((l) => l !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(l));
      checked += links.length;
      const dead = links.filter((l) => {
        const target = posix.normalize(posix.join('package', l));
        if (target.startsWith('package/')) return !entries.has(target) && ![...entries].some((e) => e.startsWith(`${target}/`));
        return !beside.includes(posix.normalize(l).replace(/^\.\.\//, ''));
      });
      expect(dead, tarball).toEqual([]);
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('runs `xai bench --instances 5` in an empty folder, with the same results and summary as the checkout', () => {
    expect(bench.code, bench.stderr).toBe(0);
    const out = join(work, 'xai-results');
    const ref = join(top, 'reference');
    expect(reference.code, reference.stderr).toBe(0);
    for (const f of ['results.jsonl', 'summary.csv', 'summary.json'])
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(ref, f), 'utf8'));
    const report = readFileSync(join(out, 'report.md'), 'utf8');
    expect(report).toContain('5 instances, 20 features');
    for (const name of ['Gradient (grad)', 'SmoothGrad (sg)', 'Integrated Gradients (ig)', 'KernelSHAP (shap)', 'LIME (lime)'])
      expect(report).toContain(name);
    const summary = json(join(out, 'summary.json'));
    const fa = (summary.cells as { model: string; explainer: string; kind: string; metric: string; mean: number; count: number }[]).filter(
      (c) => c.explainer === 'grad' && c.kind === 'explainer' && c.metric === 'FA',
    );
    expect(fa.map((c) => [c.model, c.count])).toEqual([
      ['lr', 5],
      ['ann', 5],
    ]);
    // Closed form: a linear model's gradient ranks features exactly as its weights do, so FA = 1.
    expect(fa[0]!.mean).toBe(1);
  });

  it('rebuilds the reports with `xai report xai-results --layout paper`: the same OpenXAI tables as the checkout', () => {
    expect(paper.code, paper.stderr).toBe(0);
    expect(referencePaper.code, referencePaper.stderr).toBe(0);
    const out = join(work, 'xai-results');
    expect(readFileSync(join(out, 'paper.csv'), 'utf8')).toBe(readFileSync(join(top, 'reference', 'paper.csv'), 'utf8'));
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(readFileSync(join(top, 'reference', 'results.jsonl'), 'utf8'));
    expect(readFileSync(join(out, 'report-paper.md'), 'utf8')).toContain('Integrated Gradients');
  });

  it('installs without onnxruntime-node, under 80 MB, and `--backend ort` then names the command that adds it', () => {
    expect(lightHasRuntime).toBe(false);
    expect(lightBytes).toBeLessThan(80 * 1024 * 1024);
    expect(noRuntime.code).toBe(1);
    expect(noRuntime.stderr).toContain('--backend ort runs on ONNX Runtime');
    expect(noRuntime.stderr).toContain(`add it with: npm i -g onnxruntime-node@${ORT} --ignore-scripts --prefix ${prefix}`);
    expect(existsSync(join(top, 'no-runtime'))).toBe(false);
  });

  it('runs `--backend ort` once that command added onnxruntime-node, with the same results as the checkout', () => {
    expect(ort.code, ort.stderr).toBe(0);
    expect(referenceOrt.code, referenceOrt.stderr).toBe(0);
    expect(readFileSync(join(top, 'installed-ort', 'results.jsonl'), 'utf8')).toBe(
      readFileSync(join(top, 'reference-ort', 'results.jsonl'), 'utf8'),
    );
    expect(json(join(top, 'installed-ort', 'manifest.json')).config.backend).toBe('ort');
  });

  it('reads and caches only in per-user folders, and its receipt says where everything came from', () => {
    const m = json(join(work, 'xai-results', 'manifest.json'));
    expect(m.config.dataDir).toBe(join(home, '.local', 'share', 'xai', 'datasets'));
    expect(m.config.cacheDir).toBe(join(home, '.cache', 'xai'));
    const models = readdirSync(join(home, '.cache', 'xai', 'models')).filter((f) => !f.endsWith('.report.json'));
    expect(models.map((f) => f.replace(/-[0-9a-f]+\.json$/, '')).sort()).toEqual(['synthetic-ann', 'synthetic-lr']);
    expect(m.config.sources).toMatchObject({ dataDir: 'home', cacheDir: 'home', out: 'working directory', workers: 'allocation' });
    expect(m.config.workers).toBe(m.config.sources.allocation.cpus);
    expect(m.install).toMatchObject({ kind: 'package', path: join(prefix, 'lib', 'node_modules', '@xai', 'bench'), git: null });
    expect(m.git).toBeNull();
    expect(Object.keys(m.versions)).toEqual([
      'node',
      '@xai/core',
      '@xai/data',
      '@xai/synth',
      '@xai/models',
      '@xai/explainers',
      '@xai/metrics',
      '@xai/audit',
      '@xai/onnx',
      '@xai/bench',
    ]);
    expect(Object.values(m.versions).every((v) => v !== 'unknown')).toBe(true);
    expect(m.versions).toEqual(json(join(top, 'reference', 'manifest.json')).versions);
    const checkout = json(join(top, 'reference', 'manifest.json'));
    expect(checkout.install.kind).toBe('checkout');
    expect(checkout.git.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(readdirSync(work)).toEqual(['xai-results']);
  });

  it("follows the README's your-data steps in an empty folder: train with --ignore, explain raw rows with ig and no --train", async () => {
    const mine = join(top, 'mine');
    mkdirSync(mine);
    const rows = Array.from({ length: 120 }, (_, i) => {
      const size = ((i * 37) % 100) / 10;
      const weight = ((i * 53) % 50) + 1;
      return `${i},${size},${weight},${size + weight / 10 > 6 ? 'yes' : 'no'},note ${(i * 7919) % 1000}`;
    });
    writeFileSync(join(mine, 'my.csv'), `id,size,weight,y,notes\n${rows.join('\n')}\n`);
    const env = userEnv(home, bin);
    const train = await run(
      'xai',
      ['train', '--data', 'my.csv', '--label', 'y', '--ignore', 'id,notes', '--models', 'lr', '--out', 'models'],
      mine,
      env,
    );
    expect(train.code, train.stderr).toBe(0);
    const explain = await run(
      'xai',
      ['explain', '--model', 'models/my-lr.json', '--instances', 'my.csv', '--method', 'ig', '--out', 'ig.json'],
      mine,
      env,
    );
    expect(explain.code, explain.stderr).toBe(0);
    expect((json(join(mine, 'ig.json')).attributions as number[][]).length).toBe(120);
    const exported = await run(
      'xai',
      ['data', 'export', '--data', 'my.csv', '--label', 'y', '--ignore', 'id,notes', '--out', 'exported'],
      mine,
      env,
    );
    expect(exported.code, exported.stderr).toBe(0);
    const header = readFileSync(join(mine, 'exported', 'train.csv'), 'utf8')
      .split('\n')[0]!
      .split(',');
    expect(header).toEqual(expect.arrayContaining(['size', 'weight']));
    expect(header).not.toContain('id');
    expect(header).not.toContain('notes');
  });

  it.skipIf(!existsSync(SHARED))('finds real datasets through XAI_DATA_DIR from any folder', async () => {
    const r = await run('xai', ['data', 'list', '--json'], work, userEnv(home, bin, { XAI_DATA_DIR: SHARED }));
    expect(r.code, r.stderr).toBe(0);
    const pima = (JSON.parse(r.stdout) as { name: string; status: string; files: string[] }[]).find((d) => d.name === 'pima');
    expect(pima?.status).toBe('found');
    expect(pima?.files.every((f) => f.startsWith(SHARED))).toBe(true);
  });
});
