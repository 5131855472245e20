"""Runs the real Quantus NonSensitivity (quantus/metrics/axiomatic/non_sensitivity.py, 0.6 at 85bc29d1;
see peerSetup.py) with its defaults: the `quantus` preset of NON_SENSITIVITY. Model: Flatten ->
Linear(W, c), softmax applied by Quantus (softmax=True). The script also re-derives the score by its
steps (a_batch normalise_by_max over the batch then |.|; non_features = a < eps (1e-5); each feature
alone replaced by the "black" baseline, the row's minimum; |y - y_j| < eps; sum of the XOR) and
asserts Quantus gives the same.
Run: PEERS=/tmp/peers /usr/bin/python3 packages/metrics/src/__fixtures__/quantusNonSensitivity.py
"""

import json
import os

import numpy as np
from peerSetup import VERSIONS, as_image, linear_softmax_net, quantus

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
net = linear_softmax_net(W, c)
quantus_violations = np.array(
    quantus.NonSensitivity(disable_warnings=True)(
        model=net, x_batch=as_image(x), y_batch=y, a_batch=as_image(a), device="cpu", channel_first=True
    ),
    dtype=float,
)
assert np.array_equal(quantus_violations, violations), (quantus_violations, violations)
out = {"source": "Quantus %(quantus)s run by quantusNonSensitivity.py (torch %(torch)s, numpy %(numpy)s)" % VERSIONS,
       "W": W.tolist(), "c": c.tolist(), "x": x.tolist(), "attributions": a.tolist(), "targets": y.tolist(),
       "violations": [int(v) for v in quantus_violations]}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantusNonSensitivity.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(violations)
