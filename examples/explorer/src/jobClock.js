// Elapsed time and time left for a running job. The time left comes from the measured pace of
// the explaining phase (progress there is weighted by rows explained), never from a guess.

function seconds(ms) {
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(s < 10 ? 1 : 0)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** A clock started now; `update(fraction, phase)` on each progress message, `text()` to show. */
export function startJobClock(now = () => performance.now()) {
  const t0 = now();
  let paceFrom = null;
  let last = { t: t0, fraction: 0 };
  return {
    update(fraction, phase) {
      const t = now();
      if (phase === 'explain' && paceFrom === null) paceFrom = { t, fraction };
      last = { t, fraction };
    },
    /** Milliseconds left from the pace since explaining began, or null before it can be measured. */
    remainingMs() {
      if (paceFrom === null || last.fraction <= paceFrom.fraction) return null;
      const pace = (last.t - paceFrom.t) / (last.fraction - paceFrom.fraction);
      return Math.max(0, pace * (1 - last.fraction) - (now() - last.t));
    },
    elapsedMs: () => now() - t0,
    text() {
      const left = this.remainingMs();
      const eta = left === null ? 'measuring the pace…' : `about ${seconds(left)} left (from the pace so far)`;
      return `elapsed ${seconds(this.elapsedMs())} · ${eta}`;
    },
    seconds,
  };
}
