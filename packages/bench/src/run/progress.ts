import { checkOptions } from '@xai/core';
import cliProgress from 'cli-progress';

/** A progress display for one stage of a run. */
export interface Progress {
  /** Marks `n` more items done, worth `weight` of the total weight (default: n). */
  tick(n?: number, weight?: number): void;
  /** Ends the stage (prints the final line). */
  stop(): void;
}

export interface ProgressOptions {
  /** Stage name shown before the counts, e.g. 'units'. */
  readonly stage: string;
  readonly total: number;
  /** Items already done before this process started (a resumed run). @defaultValue 0 */
  readonly start?: number;
  /**
   * Total weight of the items still to do in this process (their estimated cost), for a
   * truer percentage and ETA when items differ in cost. @defaultValue total − start
   */
  readonly weight?: number;
  /** Where to write. @defaultValue process.stdout */
  readonly stream?: NodeJS.WriteStream;
  /** Use the bar (true) or plain lines (false). @defaultValue stream.isTTY */
  readonly tty?: boolean;
  /** Plain mode: at most one line per this many ms (plus the last). @defaultValue 10000 */
  readonly intervalMs?: number;
  /** Clock, for tests. @defaultValue Date.now */
  readonly now?: () => number;
  /**
   * Seconds left, from measured costs (e.g. `createEtaEstimator`); used for the plain lines'
   * ETA when it returns a finite number. @defaultValue elapsed / done weight x weight left
   */
  readonly eta?: () => number;
}

/** Seconds as `1h02m`, `3m05s` or `12s`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/**
 * A cli-progress bar with ETA on a terminal; plain periodic lines (`22% of the work · units
 * 40/180 · elapsed 31s · eta 1m50s`) otherwise, so logs and CI stay readable. One figure:
 * the percentage is of the estimated work (units weighted by cost), the count beside it is
 * of units, each labelled.
 * @since 0.1.0
 */
export function createProgress(options: ProgressOptions): Progress {
  checkOptions(options, ['stage', 'total', 'start', 'weight', 'stream', 'tty', 'intervalMs', 'now', 'eta'], 'createProgress');
  const { stage, total, start = 0, stream = process.stdout, intervalMs = 10_000, now = Date.now } = options;
  const tty = options.tty ?? stream.isTTY === true;
  let value = start;
  const totalWeight = options.weight ?? total - start;
  let doneWeight = 0;
  // Fraction of the whole run done: items before this process count fully, the rest by weight.
  const fraction = (): number => (total === 0 ? 1 : (start + (total - start) * (totalWeight > 0 ? doneWeight / totalWeight : 1)) / total);
  if (tty) {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: `[{bar}] {percentage}% of the work · ${stage} {count} · elapsed {duration_formatted} · eta ${options.eta ? '{measuredEta}' : '{eta_formatted}'}`,
        hideCursor: true,
        etaBuffer: 20,
        clearOnComplete: false,
        noTTYOutput: stream.isTTY !== true, // a bar was asked for on a non-terminal (tests, `script`)
      },
      cliProgress.Presets.shades_classic,
    );
    // The bar runs on weight (percentage, ETA); the counts are shown as a payload.
    const scale = 1000;
    const etaText = (): string => {
      const e = options.eta?.();
      return e !== undefined && Number.isFinite(e) ? formatDuration(e) : '?';
    };
    bar.start(scale, Math.round(scale * fraction()), { count: `${value}/${total}`, measuredEta: etaText() });
    return {
      tick(n = 1, weight = n) {
        value += n;
        doneWeight += weight;
        bar.update(Math.round(scale * fraction()), { count: `${value}/${total}`, measuredEta: etaText() });
      },
      stop() {
        bar.stop();
      },
    };
  }
  const t0 = now();
  let last = t0;
  const line = (): void => {
    const elapsed = (now() - t0) / 1000;
    const measured = options.eta?.();
    const eta =
      measured !== undefined && Number.isFinite(measured)
        ? measured
        : doneWeight > 0
          ? (elapsed / doneWeight) * (totalWeight - doneWeight)
          : Number.NaN;
    const pct = Math.floor(100 * fraction());
    stream.write(
      `${pct}% of the work · ${stage} ${value}/${total} · elapsed ${formatDuration(elapsed)} · eta ${value >= total ? '0s' : formatDuration(eta)}\n`,
    );
  };
  return {
    tick(n = 1, weight = n) {
      value += n;
      doneWeight += weight;
      if (now() - last >= intervalMs && value < total) {
        last = now();
        line();
      }
    },
    stop() {
      line();
    },
  };
}
