// The selection procedure of bench/select.mjs, as a function of the TRAIN and VALIDATION
// splits only (it never reads `data.test`; src/trainingPreset.test.ts checks that with a
// test split that throws when touched). The model factory and trainModel are passed in, so
// the procedure runs against the built package (bench) or the sources (tests).
//
// Search (Adam, cross-entropy on the logits, selection of the epoch by validation loss,
// model and shuffling seed 0):
//   stage 1: learningRate × batchSize, weightDecay 0;
//   stage 2: weightDecay at the best stage-1 pair.
// Every run uses the largest cap (epochs) and patience. A run with a smaller cap or
// patience is a prefix of it (training is deterministic and epoch e's shuffle does not
// depend on the cap), so its outcome is read off the history exactly (`replay`). Score:
// validation loss of the kept epoch. The winner is the lowest score over every (settings,
// cap, patience); among the winner's settings, the (cap, patience) with the fewest epochs
// run whose score is within `tie` (relative) of the winner's is kept: same model quality,
// less training.

/** The grid of `node bench/select.mjs`. */
export const GRID = Object.freeze({
  learningRates: [3e-4, 1e-3, 3e-3, 1e-2, 3e-2],
  batchSizes: [32, 256],
  weightDecays: [1e-4, 1e-3, 1e-2, 1e-1],
  patiences: [5, 10, 20],
  caps: [50, 100, 200],
  tie: 1e-3,
});

/** trainModel options of one candidate. */
export function optionsOf(c, epochs, patience) {
  return {
    epochs,
    batchSize: c.batchSize,
    learningRate: c.learningRate,
    weightDecay: c.weightDecay,
    optimizer: 'adam',
    selectBy: 'loss',
    patience,
    seed: 0,
  };
}

/** What trainModel keeps with `patience` and `cap` epochs, replayed from a longer run's history. */
export function replay(history, patience, cap) {
  let best = Infinity;
  let bestEpoch = 0;
  let since = 0;
  let run = 0;
  for (const h of history) {
    if (h.epoch > cap) break;
    run = h.epoch;
    if (h.validationLoss < best) {
      best = h.validationLoss;
      bestEpoch = h.epoch;
      since = 0;
    } else {
      since++;
    }
    if (since >= patience) break;
  }
  return { loss: best, accuracy: history[bestEpoch - 1].validationAccuracy, bestEpoch, epochsRun: run };
}

/**
 * Chosen {batchSize, learningRate, weightDecay, epochs, patience} and every candidate's
 * validation outcome. `data` = {train, validation}; `create()` returns a fresh model.
 */
export function selectSettings(data, { create, trainModel, grid = GRID, log = () => {} }) {
  const train = data.train;
  const validation = data.validation;
  if (validation === undefined) throw new Error('selectSettings needs a validation split');
  const results = [];
  const maxCap = Math.max(...grid.caps);
  const maxPatience = Math.max(...grid.patiences);
  const run = (configs) => {
    for (const c of configs) {
      const r = trainModel(create(), { train, validation }, optionsOf(c, maxCap, maxPatience));
      for (const epochs of grid.caps)
        for (const patience of grid.patiences) results.push({ ...c, epochs, patience, ...replay(r.history, patience, epochs) });
      const last = results[results.length - 1];
      log(
        `lr ${String(c.learningRate).padEnd(6)} batch ${String(c.batchSize).padEnd(4)} wd ${String(c.weightDecay).padEnd(6)} val loss ${last.loss.toFixed(5)} acc ${last.accuracy.toFixed(4)} epoch ${last.bestEpoch}/${last.epochsRun} ${r.seconds.toFixed(1)} s`,
      );
    }
  };
  const best = () => results.reduce((a, b) => (b.loss < a.loss ? b : a));
  run(grid.learningRates.flatMap((learningRate) => grid.batchSizes.map((batchSize) => ({ learningRate, batchSize, weightDecay: 0 }))));
  const s1 = best();
  run(grid.weightDecays.map((weightDecay) => ({ learningRate: s1.learningRate, batchSize: s1.batchSize, weightDecay })));
  const win = best();
  const pick = results
    .filter(
      (r) =>
        r.learningRate === win.learningRate &&
        r.batchSize === win.batchSize &&
        r.weightDecay === win.weightDecay &&
        r.loss <= win.loss * (1 + grid.tie),
    )
    .reduce((a, b) => (b.epochsRun < a.epochsRun ? b : a));
  const settings = {
    batchSize: pick.batchSize,
    learningRate: pick.learningRate,
    weightDecay: pick.weightDecay,
    epochs: pick.epochs,
    patience: pick.patience,
  };
  return { settings, validationLoss: pick.loss, candidates: results };
}
