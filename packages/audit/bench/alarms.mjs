// Family-wise false alarms before/after: the same datasets without a shortcut (the shapes of
// bench/alarmShapes.mjs), audited by a given build with the battery its adapters build.
//   node bench/alarms.mjs <dist dir> <before|after> [N=400] [shape substring]
// before = the battery the adapters built before ids were read in every layout (multiple choice: the eight +
//          bag-of-words on candidates and query; classification: bag-of-words per field + id-content;
//          tables: the eight tabular probes + id-content); after = ids everywhere, label copies (this build).
// Deterministic (seeded); run after `npx tsup`. Clopper–Pearson 95 % intervals.
import { alarmCount, alarmShapes } from './alarmShapes.mjs';

const [dist, which = 'after', nArg = '400', only = ''] = process.argv.slice(2);
const N = Number(nArg);
const shapes = alarmShapes(await import(`${dist}/index.js`), { before: which !== 'after' });

function clopperPearson(k, n) {
  const tail = (p, from) => {
    let s = 0;
    let term = (1 - p) ** n;
    for (let i = 0; i <= n; i++) {
      if (i >= from) s += term;
      term *= ((n - i) / (i + 1)) * (p / (1 - p));
    }
    return s;
  };
  const solve = (f) => {
    let lo = 0;
    let hi = 1;
    for (let it = 0; it < 60; it++) {
      const mid = (lo + hi) / 2;
      if (f(mid)) hi = mid;
      else lo = mid;
    }
    return (lo + hi) / 2;
  };
  return [k === 0 ? 0 : solve((p) => tail(p, k) >= 0.025), k === n ? 1 : solve((p) => 1 - tail(p, k + 1) <= 0.025)];
}

for (const [shape, run] of Object.entries(shapes)) {
  if (only && !shape.includes(only)) continue;
  const c0 = process.cpuUsage().user;
  const { any, perProbe } = alarmCount(run, N);
  const [lo, hi] = clopperPearson(any, N);
  const cpu = (process.cpuUsage().user - c0) / 1e6;
  console.log(
    `${which.padEnd(6)} ${shape.padEnd(36)} any probe fires: ${any}/${N} = ${((100 * any) / N).toFixed(2)} % (95 % CI ${(100 * lo).toFixed(2)}–${(100 * hi).toFixed(2)} %) ${JSON.stringify(perProbe)} (${cpu.toFixed(0)} s cpu)`,
  );
}
