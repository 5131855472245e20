#!/usr/bin/env node
// Runs every shell command the READMEs show (the root README, every package and example README, and the docs
// they send a newcomer to) with the CLI installed from the packed tarballs, each code block in its own empty
// folder seeded with the committed fixtures its commands name. The commands are read from the READMEs, so an
// edited README is tested as written. A command that cannot run verbatim is listed in COMMANDS below with what
// runs instead and why; a README command neither run nor listed, a listed command no README shows, a non-zero
// exit or a named output that is missing or does not parse fails the run.
// Usage: node scripts/readme-commands.mjs [--plan] [--keep] [--write] [--only README.md]   (in a built checkout; prints one line
// per command; --plan only prints what would run; --only runs the blocks of the files named (comma-separated); --write also records what ran, the substitutions and the timings in docs/readme-commands.md)
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installTarballs, withoutWorkspace } from './pack-cli.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = resolve(ROOT, '..', 'shared', 'datasets');
const FIX = 'scripts/readme-commands';
const FOREIGN = 'packages/onnx/fixtures/foreign';
const TREES = 'packages/trees/fixtures';
const AUDIT = 'packages/audit/fixtures';

/** The files a newcomer is pointed to, besides every package and example README. */
const DOCS = ['README.md', 'packages/bench/docs/your-data.md', 'packages/bench/docs/scale-out.md'];

/**
 * Every file name the commands use, and the committed fixture it is (models trained in Python by the fixture
 * scripts beside them; `shared:` = the shared datasets folder, which tests read but never copy).
 */
const FIXTURES = {
  'my.csv': `${FOREIGN}/tabular_train.csv`,
  'my-notes.csv': `${FIX}/my-notes.csv`,
  'x.csv': `${FOREIGN}/tabular_test.csv`,
  'raw.csv': `${FOREIGN}/tabular_test.csv`,
  'new-rows.csv': `${FOREIGN}/tabular_test.csv`,
  'm.json': `${TREES}/xgb_binary.json`,
  'rf.onnx': `${TREES}/xgb_binary.onnx`,
  'trees.csv': `${FIX}/trees-x.csv`,
  'trees-bench.csv': `${FIX}/trees-bench.csv`,
  'a.onnx': `${FOREIGN}/torch_relu.onnx`,
  'b.onnx': `${FOREIGN}/torch_tanh.onnx`,
  'model.onnx': `${FOREIGN}/torch_relu.onnx`,
  'other.onnx': `${FOREIGN}/sklearn_lr.onnx`,
  'my-model.onnx': `${FOREIGN}/torch_tanh.onnx`,
  'traces_blind.jsonl': `${FIX}/traces_blind.jsonl`,
  'traces_labels.jsonl': `${FIX}/traces_labels.jsonl`,
  'b.jsonl': `${FIX}/traces_blind.jsonl`,
  'l.jsonl': `${FIX}/traces_labels.jsonl`,
  'survey.csv': `${FIX}/survey.csv`,
  'reviews.csv': `${FIX}/reviews.csv`,
  'snli_dev.jsonl': `${AUDIT}/snli/snli_1.0_dev.excerpt.jsonl`,
  'arct_test.tsv': `${AUDIT}/arct/train.first600.tsv`,
  'compas-train.csv': 'shared:compas/compas-train.csv',
  'compas-test.csv': 'shared:compas/compas-test.csv',
  'adult-train.csv': 'shared:adult/adult-train.csv',
  'adult-test.csv': 'shared:adult/adult-test.csv',
};

const SHORT = '5 instances instead of 1000 (the full protocol on every dataset: 12–20 min on 2 quiet cores): the same code path, shorter';
const TREE_ROWS =
  "m.json is XGBoost's model (rf.onnx its ONNX export) of the trees fixture: its rows stand in for x.csv, train.csv and bg.csv";

/**
 * The one table of README commands that do not run verbatim: `run` is what runs instead (null: nothing here,
 * `why` says where it runs), matched by the whole command (comments stripped) or by a pattern.
 */
const COMMANDS = [
  {
    match: /^npm install -g pnpm@[\d.]+ && pnpm install --frozen-lockfile && pnpm build( && pnpm start)?$/,
    run: null,
    why: "the checkout's set-up, CI's first steps (`pnpm start` is `xai bench`, run here by the installed CLI)",
  },
  { match: /^pnpm (test|build)$/, run: null, why: "the checkout's build and test: CI runs them (`.ci/run`)" },
  {
    match: /^pnpm --filter @xai\/example-[a-z-]+ test$|^cd examples\/readme-snippets && npx vitest run/,
    run: null,
    why: "an example's tests: `pnpm test` runs every workspace package's",
  },
  {
    match: /^pnpm --filter @xai\/example-[a-z-]+ start$/,
    run: (c) => `checkout: ${c}`,
    why: 'runs in the checkout (an example is a workspace package)',
  },
  {
    match: 'pnpm build && pnpm --filter @xai/repo-checks api:write',
    run: null,
    why: 'rewrites the public-API records in the checkout; their test in `pnpm test` compares them',
  },
  {
    match: 'npx esbuild packages/audit/dist/index.js --bundle --platform=browser --format=esm --outfile=/tmp/audit-browser.js',
    run: 'checkout: npx esbuild packages/audit/dist/index.js --bundle --platform=browser --format=esm --outfile=audit-browser.js',
    why: 'runs in the checkout (it bundles its dist/), writing into the test folder instead of /tmp',
  },
  { match: 'node scripts/pack-cli.mjs /tmp/xai-tarballs', run: null, why: 'this script packs with it before anything else' },
  { match: 'npm install -g /tmp/xai-tarballs/*.tgz', run: null, why: 'this script installs the tarballs so (into an empty --prefix)' },
  { match: 'cd /anywhere && xai bench --instances 5', run: 'xai bench --instances 5', why: 'the empty folder is /anywhere' },
  { match: 'open xai-results/report.html', run: 'test -s xai-results/report.html', why: 'no browser here: the page must exist' },
  {
    match: /^(npm install|pnpm add) @xai\//,
    run: (c) => `library: ${c.replace(/^pnpm add/, 'npm install')}`,
    why: 'into an empty npm project from the packed tarballs (nothing is published)',
  },
  {
    match: /^npm (i -g|install --ignore-scripts) onnxruntime-node@/,
    run: null,
    why: 'packages/bench/test/installedCli.test.ts adds it to an installed CLI and runs --backend ort',
  },
  { match: /^npm install onnxruntime-web@/, run: null, why: 'a browser runtime: packages/onnx tests load it' },
  {
    match: 'xai bench --datasets all --full --preset openxai --layout paper --save-explanations --out protocol',
    run: 'xai bench --datasets all --instances 5 --preset openxai --layout paper --save-explanations --out protocol',
    why: SHORT,
  },
  {
    match: 'xai bench --datasets all --full --preset openxai --stability-instances lime=100,shap=100,sg=100 --out protocol-100',
    run: 'xai bench --datasets all --instances 5 --preset openxai --stability-instances lime=3,shap=3,sg=3 --out protocol-100',
    why: SHORT,
  },
  {
    match: 'pnpm xai bench --datasets all --preset openxai --full --out protocol',
    run: 'xai bench --datasets all --preset openxai --instances 5 --out protocol',
    why: SHORT,
  },
  {
    match: 'pnpm xai bench --preset openxai --full --explainer-instances lime=100,shap=100 --layout paper --out paper',
    run: 'xai bench --preset openxai --instances 5 --explainer-instances lime=3,shap=3 --layout paper --out paper',
    why: SHORT,
  },
  {
    match: 'xai explain --model rf.onnx --instances x.csv --method treeshap --train train.csv --out a.json',
    run: 'xai explain --model rf.onnx --instances trees.csv --method treeshap --train trees.csv --out a.json',
    why: TREE_ROWS,
  },
  {
    match: 'xai explain --model m.json --instances x.csv --method treeshap --out a.json',
    run: 'xai explain --model m.json --instances trees.csv --method treeshap --out a.json',
    why: TREE_ROWS,
  },
  {
    match: 'xai explain --model m.json --instances x.csv --method treeshap --train bg.csv --tree-shap interventional --out a.json',
    run: 'xai explain --model m.json --instances trees.csv --method treeshap --train trees.csv --tree-shap interventional --out a.json',
    why: TREE_ROWS,
  },
  {
    match: 'xai explain --model m.json --instances x.csv --method treeshap --interactions --out a.json',
    run: 'xai explain --model m.json --instances trees.csv --method treeshap --interactions --out a.json',
    why: TREE_ROWS,
  },
  {
    match: 'xai bench --model m.json --data my.csv --label y',
    run: 'xai bench --model m.json --data trees-bench.csv --label y',
    why: TREE_ROWS,
  },
  {
    match: 'pnpm xai explain --model m.json --instances x.csv --method lime --out a.json',
    run: 'xai explain --model m.json --instances trees.csv --method lime --out a.json',
    why: TREE_ROWS,
  },
  {
    match: 'xai train --data my.csv --label y --ignore id,notes --out models',
    run: 'xai train --data my-notes.csv --label y --ignore id,notes --out models',
    why: 'my.csv has no id or notes column: the same rows with both',
  },
  { match: /^#!\/bin\/bash/, run: null, why: 'the Slurm array script: scripts/slurm-check.sh submits it to a real Slurm (CI)' },
  { match: /sbatch|XAI_DATA_DIR=\/shared/, run: null, why: 'the Slurm submission: scripts/slurm-check.sh runs it on a real Slurm (CI)' },
  {
    match: /^xai bench --full --datasets all --shard \$\{\{ matrix\.shard \}\}\/4 --resume --out shard-/,
    run: 'for s in 1 2 3 4; do xai bench --instances 5 --shard $s/4 --resume --out shard-$s || exit 1; done',
    why: 'the CI matrix: its four shards one after another, on the default job (5 instances)',
    outs: ['shard-1', 'shard-2', 'shard-3', 'shard-4'],
  },
  { match: /^pnpm xai /, run: (c) => c.replace(/^pnpm xai /, 'xai '), why: '`pnpm xai` is the checkout form of the installed `xai`' },
];

/** The ```sh / ```bash blocks of one Markdown file: {file, line, commands}. A `#!` block is one script. */
export function blocksOf(file, text) {
  const lines = text.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(sh|bash|shell)\s*$/.test(lines[i])) continue;
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j].startsWith('```'); j++) body.push(lines[j]);
    blocks.push({ file, line: i + 1, commands: body[0]?.startsWith('#!') ? [body[0]] : commandsOf(body) });
    i = j;
  }
  return blocks;
}

/** Lines joined at a trailing backslash, comments dropped. */
function commandsOf(body) {
  const out = [];
  let pending = '';
  for (const raw of body) {
    const line = raw.replace(/\s+#\s.*$/, '').trimEnd();
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const command = (pending + line.trim()).trim();
    pending = '';
    if (command !== '' && !command.startsWith('#')) out.push(command);
  }
  return out;
}

function readmeFiles() {
  const files = [...DOCS];
  for (const top of ['packages', 'examples'])
    for (const d of readdirSync(join(ROOT, top)).sort())
      if (existsSync(join(ROOT, top, d, 'README.md'))) files.push(`${top}/${d}/README.md`);
  return files;
}

const readmes = () => readmeFiles().flatMap((f) => blocksOf(f, readFileSync(join(ROOT, f), 'utf8')));

const entryOf = (command) => COMMANDS.find((e) => (typeof e.match === 'string' ? e.match === command : e.match.test(command)));

/** What runs for a README command: {run: string | null, why}. */
function plan(command) {
  const e = entryOf(command);
  if (!e) return { run: command, why: 'verbatim' };
  return { run: typeof e.run === 'function' ? e.run(command) : e.run, why: e.why, entry: e };
}

function seed(folder, command) {
  for (const [name, source] of Object.entries(FIXTURES)) {
    if (!new RegExp(`(^|[\\s=/])${name.replace(/[.]/g, '\\.')}(\\s|$)`).test(command)) continue;
    const from = source.startsWith('shared:') ? join(SHARED, source.slice(7)) : join(ROOT, source);
    if (!existsSync(join(folder, name))) copyFileSync(from, join(folder, name));
  }
}

/** Every --out / --outfile target must exist and, when JSON, parse (a folder: its top-level .json files). */
function checkOutputs(folder, command, named) {
  // A loop's `--out shard-$s` names its folders only after the shell expands it: the entry lists them.
  const outs = named ?? [...command.matchAll(/--out(?:file)?[= ](\S+)/g)].map((m) => m[1].replace(/^["']|["']$/g, ''));
  for (const o of outs) {
    const path = join(folder, o);
    if (!existsSync(path)) throw new Error(`${o} was not written`);
    const files = statSync(path).isDirectory() ? readdirSync(path).map((f) => join(path, f)) : [path];
    if (files.length === 0) throw new Error(`${o} is empty`);
    for (const f of files) if (f.endsWith('.json')) JSON.parse(readFileSync(f, 'utf8'));
  }
}

function shell(command, cwd, env) {
  const started = process.hrtime.bigint();
  const r = spawnSync('bash', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, seconds };
}

function userEnv(home, bin) {
  const path = (process.env.PATH ?? '')
    .split(':')
    .filter((p) => !p.includes('node_modules'))
    .join(':');
  const env = { ...withoutWorkspace(process.env), HOME: home, PATH: `${bin}:${path}`, NO_COLOR: '1', XAI_DATA_DIR: SHARED };
  for (const k of ['XAI_CACHE_DIR', 'XDG_DATA_HOME', 'XDG_CACHE_HOME']) delete env[k];
  return env;
}

/** `npm install @xai/a @xai/b` from the tarballs into an empty project, then import each package. */
function libraryRun(command, folder, packs, env) {
  const names = command.split(/\s+/).filter((w) => w.startsWith('@xai/'));
  const tarballs = readdirSync(packs).filter((f) => f.endsWith('.tgz'));
  const all = tarballs.map((t) => join(packs, t));
  const wanted = names.map((n) => {
    const t = tarballs.find((f) => f.startsWith(`xai-${n.slice(5)}-`));
    if (!t) throw new Error(`no tarball for ${n}`);
    return join(packs, t);
  });
  // Every @xai tarball is offered so npm takes a dependency's from the folder too; only the named ones are imported.
  const init = shell('npm init -y >/dev/null', folder, env);
  if (init.code !== 0) return init;
  const flags = '--prefer-offline --no-audit --no-fund --fetch-retries=0';
  const inst = shell(`npm install ${flags} ${[...new Set([...wanted, ...all])].join(' ')}`, folder, env);
  if (inst.code !== 0) return inst;
  const imports = names.map((n) => `await import('${n}');`).join(' ');
  const imp = shell(`node --input-type=module -e "${imports}"`, folder, env);
  return { ...imp, seconds: inst.seconds + imp.seconds };
}

const cell = (s) => `\`${s.replace(/\|/g, '\\|')}\``;

const DOC = join(ROOT, 'docs', 'readme-commands.md');
const TABLE_HEAD = '| README | command | ran instead (why) | wall s | load |';

/**
 * docs/readme-commands.md: every README command, what ran for it, why, its wall seconds and the load when it
 * started. A run of some files (--only) replaces their rows and keeps the others'.
 */
function writeDoc(rows, files) {
  const old = existsSync(DOC) ? readFileSync(DOC, 'utf8').split('\n') : [];
  const kept = old.filter((l) => /^\| [^ ]+:\d+ \|/.test(l) && !files.includes(l.slice(2).split(':')[0]));
  const fresh = rows.map((r) => {
    const instead = r.run === null ? `not here: ${r.why}` : r.run === '' ? 'verbatim' : `${cell(r.run)} (${r.why})`;
    const secs = r.run === null ? '' : `${r.seconds.toFixed(1)}${r.ok ? '' : ' FAILED'}`;
    return `| ${r.where} | ${cell(r.command)} | ${instead} | ${secs} | ${r.run === null ? '' : r.load.toFixed(0)} |`;
  });
  const order = (l) => {
    const [file, line] = l.slice(2).split(' ')[0].split(':');
    return [readmeFiles().indexOf(file), Number(line)];
  };
  const all = [...kept, ...fresh]
    .map((l, i) => ({ l, k: [...order(l), i] }))
    .sort((x, y) => x.k[0] - y.k[0] || x.k[1] - y.k[1] || x.k[2] - y.k[2])
    .map((x) => x.l);
  const ran = all.filter((l) => !l.includes('| not here: '));
  const seconds = ran.reduce((n, l) => n + (Number(l.split(' | ').at(-2)?.replace(' FAILED', '')) || 0), 0);
  const lines = [
    "# The READMEs' commands, run",
    '',
    'Written by `node scripts/readme-commands.mjs --write` (root `pnpm test:slow`, which CI runs after `pnpm test`):',
    `${ran.length} commands ran with the CLI installed from the packed tarballs, each README code block in its own empty`,
    `folder (${seconds.toFixed(0)} s wall in all, packing and installing not counted, at the load shown); ${all.length - ran.length} are run`,
    `elsewhere (the reason beside them); ${all.filter((l) => l.includes(' FAILED')).length} failed. Last written ${new Date().toISOString().slice(0, 10)}.`,
    'The substitutions are the `COMMANDS` table of the script; the files its commands name are the committed fixtures of',
    'its `FIXTURES` table (scripts/readme-commands/make-fixtures.py writes the ones made for it).',
    '',
    TABLE_HEAD,
    '|---|---|---|---|---|',
    ...all,
  ];
  writeFileSync(`${DOC}.tmp`, `${lines.join('\n')}\n`);
  renameSync(`${DOC}.tmp`, DOC);
}

/** --plan: what would run for each README command, and the table entries no README shows; runs nothing. */
function printPlan() {
  const used = new Set();
  for (const b of readmes())
    for (const c of b.commands) {
      const p = plan(c);
      if (p.entry) used.add(p.entry);
      process.stdout.write(`${b.file}:${b.line}  ${c}\n    -> ${p.run ?? '(not here)'}  [${p.why}]\n`);
    }
  const stale = COMMANDS.filter((e) => !used.has(e));
  for (const e of stale) process.stdout.write(`COMMANDS lists ${e.match} but no README shows it\n`);
  return stale.length === 0 ? 0 : 1;
}

function main() {
  if (process.argv.includes('--plan')) process.exit(printPlan());
  const keep = process.argv.includes('--keep');
  const top = mkdtempSync(join(tmpdir(), 'xai-readme-'));
  const packs = join(top, 'tarballs');
  const prefix = join(top, 'prefix');
  const home = join(top, 'home');
  mkdirSync(home);
  let t = process.hrtime.bigint();
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'pack-cli.mjs'), packs], { stdio: 'pipe' });
  installTarballs(packs, prefix);
  process.stdout.write(`packed and installed in ${(Number(process.hrtime.bigint() - t) / 1e9).toFixed(1)} s\n`);
  const env = userEnv(home, join(prefix, 'bin'));
  const only = process.argv.indexOf('--only');
  const blocks = readmes().filter((b) => only < 0 || process.argv[only + 1].split(',').includes(b.file));
  const used = new Set();
  const rows = [];
  const failures = [];
  let ran = 0;
  let listed = 0;
  t = process.hrtime.bigint();
  for (const [k, block] of blocks.entries()) {
    const folder = join(top, `block-${k}-${basename(dirname(block.file))}`);
    mkdirSync(folder);
    for (const command of block.commands) {
      const p = plan(command);
      if (p.entry) used.add(p.entry);
      const where = `${block.file}:${block.line}`;
      if (p.run === null) {
        listed++;
        rows.push({ where, command, run: null, why: p.why });
        process.stdout.write(`skip  ${where}  ${command}\n      (${p.why})\n`);
        continue;
      }
      if (!p.run.startsWith('library: ') && !p.run.startsWith('checkout: ')) seed(folder, p.run);
      const started = loadavg()[0];
      let r;
      if (p.run.startsWith('library: ')) r = libraryRun(p.run.slice(9), folder, packs, env);
      else if (p.run.startsWith('checkout: ')) r = shell(p.run.slice(10).replace('--outfile=', `--outfile=${folder}/`), ROOT, process.env);
      else r = shell(p.run, folder, env);
      ran++;
      let problem = r.code === 0 ? null : `exit ${r.code}: ${(r.stderr || r.stdout).trim().split('\n').slice(-6).join('\n')}`;
      if (!problem && !p.run.startsWith('library: ')) {
        try {
          checkOutputs(folder, p.run, p.entry?.outs);
        } catch (e) {
          problem = e.message;
        }
      }
      const shown = p.run === command ? '' : `\n      ran: ${p.run}  (${p.why})`;
      process.stdout.write(`${problem ? 'FAIL' : 'ok  '}  ${r.seconds.toFixed(1).padStart(6)} s  ${where}  ${command}${shown}\n`);
      if (problem) failures.push(`${where} ${command}\n  ${problem}`);
      rows.push({ where, command, run: p.run === command ? '' : p.run, why: p.why, seconds: r.seconds, ok: !problem, load: started });
    }
  }
  if (only < 0) for (const e of COMMANDS) if (!used.has(e)) failures.push(`COMMANDS lists ${e.match} but no README shows it`);
  const wall = Number(process.hrtime.bigint() - t) / 1e9;
  process.stdout.write(`\n${ran} commands ran, ${listed} listed as run elsewhere, ${failures.length} failed, ${wall.toFixed(0)} s\n`);
  for (const f of failures) process.stdout.write(`\nFAILED ${f}\n`);
  if (process.argv.includes('--write')) writeDoc(rows, only < 0 ? readmeFiles() : process.argv[only + 1].split(','));
  if (keep) process.stdout.write(`kept ${top}\n`);
  else rmSync(top, { recursive: true, force: true });
  process.exit(failures.length === 0 ? 0 : 1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
