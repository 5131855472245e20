"""Quantus NonSensitivity re-run in numpy: the `quantus` preset of NON_SENSITIVITY.

Steps of quantus/metrics/axiomatic/non_sensitivity.py evaluate_batch (commit 85bc29d1) with its
defaults: a_batch normalise_by_max over the batch then |.|; non_features = a < eps (1e-5);
each feature alone replaced by the "black" baseline (the row's minimum,
batch_baseline_replacement_by_indices); preds_differences = |y - y_j| < eps on softmax
probabilities; score = sum(preds_differences XOR non_features).
Run: /usr/bin/python3 packages/metrics/src/__fixtures__/quantusNonSensitivity.py
"""

import json
import os

import numpy as np

# Features 1 and 3 are dummies (zero weight for every class).
W = np.array([[0.5, 0.0, 2.0, 0.0, -0.6], [-0.3, 0.0, 0.1, 0.0, 0.9], [1.2, 0.0, -0.7, 0.0, 0.2]])
c = np.array([0.2, -0.1, 0.05])
rng = np.random.RandomState(11)
x = np.round(rng.normal(size=(5, 5)), 6)
a = np.round(rng.normal(size=(5, 5)), 6)
a[0, [1, 3]] = 0.0  # exact: zero on the dummies
a[1, [0, 1]] = 0.0  # misses feature 0, right on 1, wrong on 3
a[2, :] = [1e-7, 0.0, 3.0, 0.0, 1e-9]  # tiny values below eps after normalisation
eps = 1e-5


def probs(x):
    z = x @ W.T + c
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


y = probs(x).argmax(axis=1)
a_n = np.abs(a / np.max(np.abs(a)))
non_features = a_n < eps
y_pred = probs(x)[np.arange(len(x)), y]
scores = np.zeros_like(x)
for b in range(len(x)):
    for j in range(x.shape[1]):
        xp = x.copy()
        xp[b, j] = x[b].min()
        scores[b, j] = probs(xp)[b, y[b]]
preds_differences = np.abs(y_pred[:, None] - scores) < eps
violations = (preds_differences ^ non_features).sum(-1)
out = {"W": W.tolist(), "c": c.tolist(), "x": x.tolist(), "attributions": a.tolist(), "targets": y.tolist(),
       "violations": violations.tolist()}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantusNonSensitivity.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(violations)
