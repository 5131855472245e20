// Missing cells (NaN) in the rows of a tree model: the column descriptions read past them, the steps that need complete rows refuse them.
import type { Matrix } from '@xai/core';
import { XaiError } from '@xai/core';
import type { ExplainerInfo } from '@xai/explainers';
import { EXPLAINER_INFO } from '@xai/explainers';
import { metricInfo } from '@xai/metrics';
import { RANDOM_CONTROL } from '../report/controlLift.js';
import { EXTENDED_METRICS } from '../config/ids.js';

/**
 * A BAD_INPUT naming the first missing cell (file, 1-based data row, column) of the rows or the
 * training rows, for a step that needs complete rows; `why` says why and what to do instead.
 */
export function refuseMissingCells(
  rows: { readonly x: Matrix; readonly names: readonly string[]; readonly source: string },
  train: { readonly x: Matrix | undefined; readonly source: string | undefined },
  fn: string,
  why: string,
): void {
  for (const [x, file] of [
    [rows.x, rows.source],
    [train.x, train.source],
  ] as const) {
    if (x === undefined) continue;
    const at = x.data.findIndex(Number.isNaN);
    if (at < 0) continue;
    const i = Math.floor(at / x.cols);
    const name = rows.names[at % x.cols] ?? String(at % x.cols);
    throw new XaiError('BAD_INPUT', `data row ${i + 1}, column ${JSON.stringify(name)} is a missing value; ${why}`, {
      fn,
      arg: file ?? '--train',
      value: null,
      ...(file !== undefined ? { file } : {}),
    });
  }
}

/**
 * The metrics that take a tree model's rows with missing cells: the prediction gaps and the
 * relative stabilities perturb only the observed cells (a missing cell stays missing in every
 * perturbed copy and neighbour, so the tree sends it down the same missing-value branch), and RIS
 * measures the input's change over the observed cells.
 */
export const MISSING_CELL_METRICS: readonly string[] = Object.values(metricInfo)
  .filter((i) => i.missingCells === true)
  .map((i) => i.id);

/** The explainers of a bench run that take rows with missing cells: the registry's (TreeSHAP: each split's missing branch) and the random control. */
export const MISSING_CELL_EXPLAINERS: readonly string[] = [
  ...Object.entries(EXPLAINER_INFO as Readonly<Record<string, ExplainerInfo>>)
    .filter(([, info]) => info.missingCells === true)
    .map(([id]) => id),
  RANDOM_CONTROL,
];

/**
 * BAD_OPTION when a run's model rows (a tree model's, read with `--missing nan`) hold a missing
 * cell and an explainer or an extended metric of the run cannot take one, naming the first cell
 * and what to run instead.
 */
export function refuseMissingForExplainers(
  explainers: readonly string[],
  extendedMetrics: readonly string[],
  space: { readonly train: Matrix; readonly test: Matrix },
  file: string,
  names: readonly string[],
): void {
  const others = [
    ...explainers.filter((e) => !MISSING_CELL_EXPLAINERS.includes(e)),
    ...extendedMetrics.filter((m) => !MISSING_CELL_METRICS.includes(m)),
  ];
  if (others.length === 0) return;
  const flag = others.some((e) => explainers.includes(e)) ? '--explainers' : '--metrics';
  for (const [x, split] of [
    [space.test, 'test'],
    [space.train, 'train'],
  ] as const) {
    const at = x.data.findIndex(Number.isNaN);
    if (at < 0) continue;
    const column = names[at % x.cols] ?? String(at % x.cols);
    throw new XaiError(
      'BAD_OPTION',
      `${file} holds missing cells (the first in ${split} row ${Math.floor(at / x.cols) + 1}, column ${JSON.stringify(column)}), read as NaN for the tree model: ${others.join(', ')} cannot take them; run --explainers ${MISSING_CELL_EXPLAINERS.join(',')} with the metrics ${MISSING_CELL_METRICS.join(', ')} (each missing cell goes down its split's missing-value branch and stays missing under perturbation), or --missing drop-rows`,
      { fn: 'xai bench', arg: flag, value: others, file },
    );
  }
}

/** What the run does with a tree model's missing cells, for the log; null when its rows hold none. */
export function missingCellsNote(space: { readonly train: Matrix; readonly test: Matrix }, key: string): string | null {
  const count = (x: Matrix): number => x.data.reduce((n, v) => n + (Number.isNaN(v) ? 1 : 0), 0);
  const test = count(space.test);
  const train = count(space.train);
  if (test + train === 0) return null;
  return `${key}: ${test} missing cells in the test rows, ${train} in the train rows (NaN): each goes down its split's missing-value branch; TreeSHAP follows it as XGBoost's pred_contribs does; PGI/PGU perturb only the observed cells and the stability neighbours keep each missing cell missing (RIS measures the input's change over the observed cells); noise units, feature levels and the floors come from the observed cells`;
}

/** What a run leaves out of its default set because its rows hold missing cells, and why. */
export interface LeftOut {
  readonly explainers: readonly string[];
  readonly metrics: readonly string[];
  readonly reason: string;
}

/**
 * With the default explainers or metrics (no `--explainers`, `--metrics`) on a `--data` CSV whose rows hold missing cells
 * (read as NaN for a tree model): the explainers and extended metrics that cannot take them (the
 * registries' `missingCells` facts) and why, so the run scores what can run; null when nothing is
 * left out. An explicit `--explainers` or `--metrics` keeps {@link refuseMissingForExplainers}' refusal.
 */
export function leftOutForMissingCells(
  config: {
    readonly explainers: readonly string[];
    readonly metrics: readonly string[];
    readonly defaultExplainers?: boolean;
    readonly defaultMetrics?: boolean;
  },
  rows: { readonly train: Matrix; readonly test: Matrix },
  file: string,
): LeftOut | null {
  if (config.defaultExplainers !== true && config.defaultMetrics !== true) return null;
  const cells = [rows.test, rows.train].reduce((n, x) => n + x.data.reduce((k, v) => k + (Number.isNaN(v) ? 1 : 0), 0), 0);
  if (cells === 0) return null;
  const explainers = config.defaultExplainers === true ? config.explainers.filter((e) => !MISSING_CELL_EXPLAINERS.includes(e)) : [];
  const metrics =
    config.defaultMetrics === true
      ? config.metrics.filter((m) => (EXTENDED_METRICS as readonly string[]).includes(m) && !MISSING_CELL_METRICS.includes(m))
      : [];
  if (explainers.length + metrics.length === 0) return null;
  const named = explainers.map((e) => `${e} (${(EXPLAINER_INFO as Readonly<Record<string, ExplainerInfo>>)[e]?.name ?? e})`);
  return {
    explainers,
    metrics,
    reason: `the train and test rows of ${file} hold ${cells} missing cells (NaN for the tree model), and only ${MISSING_CELL_EXPLAINERS.join(', ')} take them (each missing cell down its split's missing-value branch)${metrics.length > 0 ? ` with the metrics ${MISSING_CELL_METRICS.join(', ')}` : ''}; left out of the default set: ${[...named, ...metrics].join(', ')}. Give --explainers to choose, or --missing drop-rows to score complete rows only`,
  };
}

/** The run's configuration without what {@link leftOutForMissingCells} left out. */
export function withoutLeftOut<C extends { readonly explainers: readonly string[]; readonly metrics: readonly string[] }>(
  config: C,
  left: LeftOut | null | undefined,
): C {
  if (!left) return config;
  return {
    ...config,
    explainers: config.explainers.filter((e) => !left.explainers.includes(e)),
    metrics: config.metrics.filter((m) => !left.metrics.includes(m)),
  };
}
