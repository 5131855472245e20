import type { Command } from 'commander';
import { TREE_SHAP_FLAG_HELP } from '../inputs/treeModels.js';
import { ALLOW_APPROXIMATE_HELP, OUTPUT_FLAG_HELP } from '../inputs/loadCliModel.js';
import { Option } from 'commander';
import { XaiError } from '@xai/core';
import type { BenchConfig, BenchConfigInput } from '../config/benchConfig.js';
import type { RunBenchResult } from '../run/runBench.js';
import type { CliIo } from './cliIo.js';
import { DECIMAL_FLAG_HELP, ENCODING_FLAG_HELP, IGNORE_FLAG_HELP, MISSING_FLAG_HELP } from './userDataFlags.js';

interface BenchFlags {
  config?: string;
  datasets?: string;
  models?: string;
  explainers?: string;
  metrics?: string;
  instances?: string;
  full?: boolean;
  preset?: string;
  dataDir?: string;
  cacheDir?: string;
  out?: string;
  workers?: string;
  seed?: string;
  resume?: boolean;
  force?: boolean;
  shard?: string;
  blockSize?: string;
  stabilityNeighbours?: string;
  stabilitySamples?: string;
  download?: boolean;
  engine?: string;
  layout?: string;
  explainerInstances?: string;
  groundTruthInstances?: string;
  predictionInstances?: string;
  stabilityInstances?: string;
  saveExplanations?: boolean;
  model?: string[];
  data?: string;
  label?: string;
  test?: string;
  schema?: string;
  ignore?: string;
  missing?: string;
  encoding?: string;
  decimal?: string;
  backend?: string;
  precision?: string;
  modelInput?: string;
  strict?: boolean;
  treeShap?: string;
  output?: string;
  allowApproximate?: boolean;
}

/** commander collector of a repeatable flag. */
export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

const EXAMPLES = `
Examples:
  $ xai bench                                          # ≤ 3 min on 2 cores: synthetic, LR + ANN, 7 explainers, 11 metrics, 100 instances
  $ xai bench --explainers grad,ig,lime --metrics FA,PGI,RIS --instances 20
  $ xai bench --data my.csv --label y                  # your CSV: LR + ANN trained on it, same report
  $ xai bench --model a.onnx --model b.onnx --data my.csv --label y   # your models compared on your data
  $ xai bench --backend ort                            # forward passes through ONNX Runtime (same results within 1e-5)
  $ xai bench --metrics all --instances 20             # + the extended metric families (faithfulness, robustness, …)
  $ xai bench --datasets all --full --preset openxai --out openxai-full
  $ xai bench --datasets all --full --preset openxai --stability-instances lime=100,shap=100,sg=100 --out protocol
                                                       # the whole OpenXAI protocol in one run, one folder
  $ xai bench --config run.json --resume               # after a crash or kill: finishes, identical results
  $ xai bench --shard 1/3 --out s1 && xai bench --shard 2/3 --out s2 && xai bench --shard 3/3 --out s3
  $ xai merge s1 s2 s3 --out merged                    # byte-identical to one unsharded run

Sharding on a cluster (each task runs one shard, then one merge):
  Kubernetes indexed Job:  xai bench --shard $((JOB_COMPLETION_INDEX+1))/$N --out /results/shard-$JOB_COMPLETION_INDEX
  Slurm array (1..N):      xai bench --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT --out shard-$SLURM_ARRAY_TASK_ID
  CI matrix:               xai bench --shard \${{ matrix.shard }}/4 --out shard-\${{ matrix.shard }}
`;

/** The flags of `xai bench`, in help order. */
function benchOptions(command: Command): Command {
  return command
    .option(
      '--datasets <list>',
      'comma-separated: synthetic, adult, compas, german, gmsc, heart, heloc, pima, gaussian, or all (synthetic + every real dataset found) [synthetic]',
    )
    .option('--models <list>', 'built-in models to train: lr, ann [lr,ann; none when --model is given]')
    .option(
      '--model <file>',
      'a model file to evaluate: xai-model@1 JSON, an XGBoost JSON model, or .onnx (repeat to compare several on the same data); tree models run control, shap, lime, treeshap by default',
      collect,
    )
    .option('--data <csv>', 'your own CSV as a dataset (with --label; replaces the default synthetic set unless --datasets is given)')
    .option('--label <column>', 'the label column of --data')
    .option('--test <csv>', 'a separate test CSV for --data (else a seeded stratified 80/20 split)')
    .option('--schema <json>', 'a schema file for --data (feature kinds, categorical columns, one-hot groups, classes)')
    .option('--ignore <columns>', IGNORE_FLAG_HELP)
    .option('--missing <mode>', MISSING_FLAG_HELP)
    .option('--encoding <name>', ENCODING_FLAG_HELP)
    .option('--decimal <mark>', DECIMAL_FLAG_HELP)
    .option(
      '--backend <name>',
      'forward passes of the built-in models and xai-model@1 files (an .onnx file always runs on ONNX Runtime): ts or pure (pure TS, the reference; WebAssembly SIMD kernels where available), js (pure TS on the scalar JS kernels: the same bits, slower) or ort (ONNX Runtime, 1 thread per worker) [ts]',
    )
    .option(
      '--precision <p>',
      "arithmetic of the built-in and JSON models: float32 (the released OpenXAI code's torch float32) or float64 [float32 under --preset openxai, else float64]",
    )
    .option(
      '--model-input <space>',
      'what a --model file without a preprocessing block eats on --data: raw (the CSV columns as given) or scaled (min-max on the training rows) [raw]',
    )
    .option('--strict', 'refuse a model that predicts one class or does not beat the base rate (else a loud warning)')
    .option('--tree-shap <algorithm>', TREE_SHAP_FLAG_HELP)
    .option('--output <kind>', OUTPUT_FLAG_HELP)
    .option('--allow-approximate', ALLOW_APPROXIMATE_HELP)
    .option(
      '--explainers <list>',
      'control, grad, sg, ig, itg, shap, lime (all = these seven); also shapley, permshap, occlusion, sg2, vargrad, ig-sg, itg-sg, gradshap, deeplift [the seven]',
    )
    .option(
      '--metrics <list>',
      'PRA, RC, FA, RA, SA, SRA, PGU, PGI, RIS, RRS, ROS [these eleven]; all = these + the extended ones (INFIDELITY, DELETION, MAX_SENSITIVITY, SPARSENESS, …; see README)',
    )
    .option('--instances <n>', 'first N test instances per dataset [100]')
    .option('--full', 'the OpenXAI protocol: 1000 instances')
    .option('--explainer-instances <list>', 'per-explainer instance counts, e.g. lime=100,shap=100 (all metrics of that explainer)')
    .option('--stability-instances <n|list>', 'stability (RIS/RRS/ROS) instance count: 100 for every explainer, or lime=100,shap=100')
    .option('--prediction-instances <n|list>', 'PGI/PGU instance count, as --stability-instances')
    .option('--ground-truth-instances <n|list>', 'PRA..SRA instance count, as --stability-instances')
    .option('--layout <name>', 'default | paper (also report-paper.md and paper.csv: OpenXAI tables 2–5) [default]')
    .option(
      '--save-explanations',
      'also write the attributions per dataset x model x explainer under <out>/explanations/ (CSV and .f64 + .json header)',
    )
    .option('--preset <name>', 'default | openxai | paper | quantus | captum [default]')
    .option('--config <file>', 'a JSON file with any of these settings (camelCase keys; flags win; unknown keys are errors)')
    .option('--data-dir <dir>', 'real datasets [$XAI_DATA_DIR, else $XDG_DATA_HOME/xai/datasets, else ~/.local/share/xai/datasets]')
    .option('--cache-dir <dir>', 'trained models and downloads [$XAI_CACHE_DIR, else $XDG_CACHE_HOME/xai, else ~/.cache/xai]')
    .option('--out <dir>', 'output folder [xai-results]')
    .option('--workers <n>', 'worker threads [the CPUs allocated to this process: affinity and cgroup quota]')
    .option('--seed <n>', 'run seed [0]')
    .option('--resume', 'continue an interrupted run in --out: complete units are kept, the rest computed')
    .option('--force', 'replace the outputs of another run in --out (without it, or --resume, that is refused)')
    .option('--shard <i/n>', 'compute only shard i of n (1-based) of the units; combine with xai merge')
    .option('--block-size <n>', 'instances per unit of work [10]')
    .option('--stability-neighbours <n>', 'stability: same-label neighbours kept per instance [100]')
    .option('--stability-samples <n>', 'stability: candidate draws per instance [1000]')
    .option('--download', 'fetch missing real datasets from their canonical address into the cache');
}

/** The flags as the config resolver takes them (`--model` is repeatable: `modelFiles`). */
function configInput(flags: BenchFlags): BenchConfigInput {
  const { config: _config, force: _force, engine: _engine, model, ...settings } = flags;
  return { ...settings, modelFiles: model };
}

/** A flag that only means something beside others is an error alone, never silently ignored. */
function checkFlagCombinations(config: BenchConfig): void {
  if (config.modelInput !== 'raw' && (config.modelFiles.length === 0 || config.userData === null))
    throw new XaiError('BAD_OPTION', '--model-input says what a --model file eats on --data: give --model <file> and --data <csv> too', {
      fn: 'xai bench',
      arg: '--model-input',
      value: config.modelInput,
    });
}

/** The closing lines: time, units, where each stage went, where the outputs are. */
function printSummary(io: CliIo, result: RunBenchResult, config: BenchConfig, secs: number): void {
  io.out(`done in ${secs.toFixed(1)} s: ${result.unitsComputed} units computed, ${result.unitsSkipped} reused\n`);
  const inv = result.manifest.invocations.at(-1);
  if (inv && result.unitsComputed > 0) {
    const stages = Object.entries(inv.stages)
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ');
    const cpu = inv.unitCpuSeconds;
    const top = Object.entries(cpu ?? inv.unitWallSeconds ?? {})
      .slice(0, 6)
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ');
    io.out(
      `stages (wall): ${stages}; process CPU ${inv.cpuSeconds?.toFixed(1) ?? '?'} s; pool utilisation ${inv.poolUtilisation ?? '?'}; ` +
        `unit ${cpu ? 'CPU' : 'wall'} time (all workers): ${top}\n`,
    );
  }
  const paper = config.layout === 'paper' ? `  ${result.dir}/report-paper.md` : '';
  io.out(
    `results: ${result.dir}/results.jsonl\nreport:  ${result.dir}/report.md  ${result.dir}/report.html  ${result.dir}/leaderboard.md${paper}\n`,
  );
}

/** `xai bench`: the main job. @since 0.1.0 */
export function benchCommand(program: Command, io: CliIo): Command {
  const command = program
    .command('bench')
    .description('Run the benchmark: datasets x models x explainers x metrics, each score beside its floor and null.');
  return benchOptions(command)
    .addOption(new Option('--engine <module>', 'engine module (testing)').hideHelp())
    .addHelpText('after', EXAMPLES)
    .action(async (flags: BenchFlags) => {
      const t0 = performance.now();
      const [{ resolveBenchConfig }, { readConfigFile }] = await Promise.all([
        import('../config/benchConfig.js'),
        import('../config/configFile.js'),
      ]);
      const file = flags.config === undefined ? undefined : readConfigFile(flags.config);
      const config = resolveBenchConfig(file, configInput(flags));
      checkFlagCombinations(config);
      // Loaded only once the flags are valid: a typo fails fast.
      const { runBench } = await import('../run/runBench.js');
      const result = await runBench(config, {
        argv: process.argv.slice(2),
        log: (line) => io.out(`${line}\n`),
        force: flags.force === true,
        ...(flags.engine ? { engine: flags.engine } : {}),
      });
      printSummary(io, result, config, (performance.now() - t0) / 1000);
    });
}
