// Import one metric alone: a user scores attributions they computed elsewhere with PGI,
// pulling in only @xai/core and the single metric's subpath (nothing else is loaded).
import { fromRows, createRng, matrix } from '@xai/core';
import { pgi } from '@xai/metrics/pgi';

// The user's own model: any object with predictProba (here a 3-feature logistic regression).
const w = [3, -2, 0.1];
const model = {
  inputDim: 3,
  classes: 2,
  predictProba(x) {
    const out = matrix(x.rows, 2);
    for (let i = 0; i < x.rows; i++) {
      let z = 0;
      for (let j = 0; j < 3; j++) z += w[j] * x.data[i * 3 + j];
      const p = 1 / (1 + Math.exp(-z));
      out.data[2 * i] = 1 - p;
      out.data[2 * i + 1] = p;
    }
    return out;
  },
};

// Instances and two sets of "their own" attributions: one faithful to w, one reversed.
const x = matrix(200, 3);
createRng(1).fillUniform(x.data);
const faithful = fromRows(Array.from({ length: 200 }, () => [3, -2, 0.1]));
const reversed = fromRows(Array.from({ length: 200 }, () => [0.1, -2, 3]));

const good = pgi({ x, attributions: faithful, model }, { seed: 0 });
const bad = pgi({ x, attributions: reversed, model }, { seed: 0 });
console.log(`PGI faithful ${good.mean.toFixed(4)} ± ${good.se.toFixed(4)}, reversed ${bad.mean.toFixed(4)} ± ${bad.se.toFixed(4)}`);
console.log(JSON.stringify({ faithful: good.mean, reversed: bad.mean, undefined: good.undefinedIndices.length }));
