// Runs the synchronous explainers and metrics on a model that answers with a Promise, with no
// second copy of any algorithm: the computation is run against a synchronous stand-in that
// answers every row it has seen from a table and collects the rows it has not (answering them
// with placeholder probabilities meanwhile); the collected rows are sent to the model in batches,
// and the computation runs again. Every draw is keyed by content, so each pass asks for the same
// rows; the last pass, in which every row was answered by the model, is the result — the same
// numbers a synchronous model with these answers gives.
import { ASYNC_MODEL_DEFAULTS, isAsyncModel } from './asyncModel.js';
import type { AsyncModel } from './asyncModel.js';
import { notAModelError } from './adapterHints.js';
import { XaiError, describeValue } from './errors.js';
import { RowTable } from './internal/rowTable.js';
import type { Matrix } from './matrix.js';
import { assertFinite, assertMatrix, strideOf } from './matrix.js';
import type { Model } from './model.js';
import { assertProbabilities } from './model.js';
import { PROBABILITY_TOLERANCE, toFloat64Matrix } from './modelBoundary.js';
import { checkOptions } from './options.js';
import type { OptionKeys } from './options.js';
import { intOption } from './optionValues.js';

/** What one pass of {@link withAsyncModel} did. @since 0.3.0 */
export interface AsyncPass {
  /** 1, 2, …: the computation's run number. */
  readonly pass: number;
  /** Rows the pass asked for that the model had not answered; sent to it after the pass. */
  readonly newRows: number;
  /** Calls to `predictProbaAsync` that sent them. */
  readonly calls: number;
  /** Distinct rows the model has answered, after this pass's calls. */
  readonly answeredRows: number;
  /** On the last pass only: answered rows it never read (asked for while earlier passes ran on placeholder answers). */
  readonly unusedRows?: number;
}

/** Options of {@link withAsyncModel}. @since 0.3.0 */
export interface WithAsyncModelOptions {
  /** Passes before giving up on a computation that keeps asking for new rows. @defaultValue 32 */
  readonly maxPasses?: number;
  /** Called after every pass (progress, and how many rows each pass sent). */
  readonly onPass?: (pass: AsyncPass) => void;
  /** The entry point named in errors. @defaultValue 'withAsyncModel' */
  readonly caller?: string;
}

const OPTION_KEYS: OptionKeys<WithAsyncModelOptions> = ['maxPasses', 'onPass', 'caller'];

/** The model's declarations, checked with errors naming the bad field. */
function asyncFacts(model: AsyncModel, fn: string) {
  const d = model.inputDim;
  const c = model.classes;
  const value = model.output === 'value';
  if (!Number.isInteger(d) || d < 1)
    throw new XaiError('BAD_INPUT', `model.inputDim must be a positive integer, got ${describeValue(d)}`, { fn, arg: 'model.inputDim' });
  if (!Number.isInteger(c) || c < (value ? 1 : 2))
    throw new XaiError('BAD_INPUT', `model.classes must be an integer of at least ${value ? 1 : 2}, got ${describeValue(c)}`, {
      fn,
      arg: 'model.classes',
    });
  const t = model.probabilityTolerance;
  return {
    d,
    c,
    value,
    tolerance: typeof t === 'number' && t > 0 ? t : PROBABILITY_TOLERANCE,
    batchRows: intOption(model.batchRows, fn, 'model.batchRows', { min: 1, fallback: ASYNC_MODEL_DEFAULTS.batchRows }),
    concurrency: intOption(model.concurrency, fn, 'model.concurrency', { min: 1, fallback: ASYNC_MODEL_DEFAULTS.concurrency }),
  };
}
type Facts = ReturnType<typeof asyncFacts>;

/** The answers so far, the rows of the current pass and which answered rows it read. */
interface Answers {
  readonly table: RowTable;
  /** Rows [0, known) are answered; [known, table.size) were asked for in this pass. */
  known: number;
  /** Per answered row: the last pass that read it. */
  readonly readIn: number[];
  pass: number;
}

/** The synchronous Model the computation runs against: answers from the table, placeholders for new rows. */
function standIn(model: AsyncModel, f: Facts, answers: Answers, fn: string): Model {
  const name = `${fn} → model.predictProba`;
  const placeholder = new Float64Array(f.c).fill(f.value ? 0 : 1 / f.c);
  const predictProba = (x: Matrix, out?: Matrix): Matrix => {
    assertMatrix(x, name, 'x', { cols: f.d });
    if (out !== undefined) assertMatrix(out, name, 'out', { rows: x.rows, cols: f.c });
    const p = out ?? { rows: x.rows, cols: f.c, data: new Float64Array(x.rows * f.c) };
    const { table } = answers;
    const xs = strideOf(x);
    const ps = strideOf(p);
    for (let i = 0; i < x.rows; i++) {
      const start = (x.offset ?? 0) + i * xs;
      const h = table.hash(x.data, start);
      let k = table.find(x.data, start, h);
      if (k < 0) k = table.add(x.data, start, h);
      const answered = k < answers.known;
      if (answered) answers.readIn[k] = answers.pass;
      p.data.set(answered ? table.valueOf(k) : placeholder, (p.offset ?? 0) + i * ps);
    }
    return p;
  };
  return {
    inputDim: f.d,
    classes: f.c,
    ...(model.output !== undefined ? { output: model.output } : {}),
    ...(model.probabilityTolerance !== undefined ? { probabilityTolerance: model.probabilityTolerance } : {}),
    predictProba,
  };
}

/** Sends rows [known, size) to the model in batches (at most `concurrency` in flight); returns the call count. */
async function answerNewRows(model: AsyncModel, f: Facts, answers: Answers, fn: string): Promise<number> {
  const { table } = answers;
  const name = `${fn} → model.predictProbaAsync`;
  const starts: number[] = [];
  for (let s = answers.known; s < table.size; s += f.batchRows) starts.push(s);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < starts.length) {
      const from = starts[next++]!;
      const to = Math.min(from + f.batchRows, table.size);
      const returned = await model.predictProbaAsync({ rows: to - from, cols: f.d, data: table.rowBlock(from, to) });
      const p = toFloat64Matrix(returned, to - from, f.c, name, f.value ? 'values' : 'probabilities');
      if (f.value) assertFinite(p, name, 'values');
      else assertProbabilities(p, to - from, f.c, name, f.tolerance);
      const ps = strideOf(p);
      for (let i = from; i < to; i++) {
        const start = (p.offset ?? 0) + (i - from) * ps;
        table.setValues(i, p.data.subarray(start, start + f.c));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(f.concurrency, starts.length) }, worker));
  for (let i = answers.known; i < table.size; i++) answers.readIn.push(0);
  answers.known = table.size;
  return starts.length;
}

/** One run of the computation: its value, or the error it threw. */
function attempt<T>(run: (model: Model) => T, m: Model, fn: string): { value: T } | { error: unknown } {
  try {
    const value = run(m);
    if (value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function')
      throw new XaiError('BAD_INPUT', 'the computation returned a Promise; it must run synchronously on the model it is given', {
        fn,
        arg: 'run',
      });
    return { value };
  } catch (error) {
    return { error };
  }
}

/**
 * Runs a synchronous computation — an explainer's `explain`, a metric — on a model that answers
 * asynchronously, and resolves to what the computation returns on the model's answers. The
 * computation is run once per pass against a synchronous stand-in; the rows a pass asks for that
 * the model has not answered are sent after it in batches of `model.batchRows`, and the pass
 * whose every row was answered is the result: the same numbers as the computation on a
 * synchronous model with the same answers. Passes needed: one more than the longest chain of
 * model answers that decide which rows are asked next (LIME, KernelSHAP, PGI: 2). A synchronous
 * `Model` is run directly. The computation must be deterministic (seeded), as every explainer and
 * metric here is.
 * @example
 *   const scores = await withAsyncModel(model, (m) => pgi({ x, attributions, model: m }, { seed: 0 }));
 * @since 0.3.0
 */
export async function withAsyncModel<T>(model: AsyncModel | Model, run: (model: Model) => T, options?: WithAsyncModelOptions): Promise<T> {
  const o = checkOptions(options, OPTION_KEYS, options?.caller ?? 'withAsyncModel');
  const fn = typeof o.caller === 'string' ? o.caller : 'withAsyncModel';
  if (typeof run !== 'function') throw new XaiError('BAD_INPUT', 'run must be a function of the model', { fn, arg: 'run' });
  if (!isAsyncModel(model)) {
    if (model === null || typeof model !== 'object' || typeof (model as Model).predictProba !== 'function')
      throw notAModelError(model, fn, 'model');
    return run(model as Model);
  }
  const f = asyncFacts(model, fn);
  const maxPasses = intOption(o.maxPasses, fn, 'maxPasses', { min: 1, fallback: 32 });
  const answers: Answers = { table: new RowTable(f.d, f.c), known: 0, readIn: [], pass: 0 };
  const m = standIn(model, f, answers, fn);
  for (;;) {
    answers.pass++;
    const result = attempt(run, m, fn);
    if (answers.known === answers.table.size) {
      const unusedRows = answers.readIn.filter((p) => p !== answers.pass).length;
      o.onPass?.({ pass: answers.pass, newRows: 0, calls: 0, answeredRows: answers.known, unusedRows });
      if ('error' in result) throw result.error;
      return result.value;
    }
    if (answers.pass >= maxPasses)
      throw new XaiError(
        'NOT_SUPPORTED',
        `after ${maxPasses} passes the computation still asks for rows the model has not answered: is it deterministic (seeded)?`,
        { fn, arg: 'maxPasses', value: maxPasses },
      );
    const newRows = answers.table.size - answers.known;
    const calls = await answerNewRows(model, f, answers, fn);
    o.onPass?.({ pass: answers.pass, newRows, calls, answeredRows: answers.known });
  }
}
