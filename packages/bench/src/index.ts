// @xai/bench: the benchmark runner and the `xai` command line. The root exports what the README
// documents (the runner, the CLI entry, config and result types); every other module is internal.
export { resolveBenchConfig } from './config/benchConfig.js';
export type { BenchConfig, BenchConfigInput, ResolveBenchConfigOptions } from './config/benchConfig.js';
export { readConfigFile } from './config/configFile.js';
export { runCli } from './cli/runCli.js';
export { EXIT } from './cli/cliIo.js';
export type { CliIo } from './cli/cliIo.js';
export { runBench } from './run/runBench.js';
export type { RunBenchOptions, RunBenchResult } from './run/runBench.js';
export { mergeRuns } from './results/mergeRuns.js';
export type { MergeRunsOptions } from './results/mergeRuns.js';
export { rebuildReports } from './report/rebuildReports.js';
export type { RebuildReportsOptions, RebuildReportsResult } from './report/rebuildReports.js';
export type { Summary, SummaryCell } from './results/summarize.js';
export type { RunManifest } from './results/runManifest.js';
export type { ResultRow } from './results/resultRow.js';
