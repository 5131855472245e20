import type { Command } from 'commander';
import { Option } from 'commander';
import { XaiError } from '@xai/core';
import type { BenchConfig, BenchConfigInput } from '../config/benchConfig.js';
import type { RunBenchResult } from '../run/runBench.js';
import type { CliIo } from './cliIo.js';
import { addSettings } from './settingOptions.js';
import type { FlagsOf } from '../config/settings.js';

/** `--engine` is a hidden testing hook outside the settings table. */
type BenchFlags = FlagsOf<'bench'> & { engine?: string };

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
  return addSettings(command, 'bench')
    .addOption(new Option('--engine <module>', 'engine module (testing)').hideHelp())
    .addHelpText('after', EXAMPLES)
    .action(async (flags: BenchFlags) => {
      const t0 = performance.now();
      const [{ resolveCommandConfig }, { readConfigFile }] = await Promise.all([
        import('./commandConfig.js'),
        import('../config/configFile.js'),
      ]);
      const file = flags.config === undefined ? undefined : readConfigFile(flags.config);
      const config = resolveCommandConfig('bench', {
        flags: configInput(flags),
        ...(flags.config !== undefined ? { config: { path: flags.config, value: file } } : {}),
      });
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
