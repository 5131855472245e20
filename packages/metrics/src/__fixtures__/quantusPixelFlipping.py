"""Quantus PixelFlipping's curve and AUC re-run in numpy: the `quantus` preset of DELETION.

Steps of quantus/metrics/faithfulness/pixel_flipping.py evaluate_batch (commit 85bc29d1) with
features_in_step=1, perturb_baseline=0.0, normalise=True (normalise_by_max), abs=False,
softmax=True, return_auc_per_sample=True: features removed in np.argsort(-a) order, the
prediction recorded after each removal, AUC = np.trapz(preds, dx=1).
Run: /usr/bin/python3 packages/metrics/src/__fixtures__/quantusPixelFlipping.py
"""

import json
import os

import numpy as np

W = np.array([[0.5, -1.0, 2.0, 0.3, -0.6], [-0.3, 0.8, 0.1, -1.2, 0.9], [1.2, 0.4, -0.7, 0.5, 0.2]])
c = np.array([0.2, -0.1, 0.05])
rng = np.random.RandomState(5)
x = np.round(rng.normal(size=(4, 5)), 6)
a = np.round(rng.normal(size=(4, 5)), 6)


def probs(x):
    z = x @ W.T + c
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


y = probs(x).argmax(axis=1)
a_n = a / np.max(np.abs(a))  # normalise_by_max over the batch: the order is unchanged
order = np.argsort(-a_n, axis=1, kind="stable")
x_p = x.copy()
preds = []
for step in range(x.shape[1]):
    x_p[np.arange(len(x)), order[:, step]] = 0.0
    preds.append(probs(x_p)[np.arange(len(x)), y])
preds = np.stack(preds, axis=1)
auc = np.trapz(preds, dx=1, axis=1)
out = {"W": W.tolist(), "c": c.tolist(), "x": x.tolist(), "attributions": a.tolist(), "targets": y.tolist(),
       "curve": preds.tolist(), "auc": auc.tolist()}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantusPixelFlipping.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(auc)
