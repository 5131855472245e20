"""Runs the real Quantus PixelFlipping (quantus/metrics/faithfulness/pixel_flipping.py, 0.6 at 85bc29d1;
see peerSetup.py): the `quantus` preset of DELETION. features_in_step=1, perturb_baseline=0.0,
normalise=True (normalise_by_max), abs=False, softmax=True, return_auc_per_sample=True; the curve is
Quantus' own output without return_auc_per_sample. The script also re-derives both by their steps
(features removed in np.argsort(-a) order, the prediction after each removal, np.trapz(dx=1)) and
asserts Quantus gives the same.
Run: PEERS=/tmp/peers /usr/bin/python3 packages/metrics/src/__fixtures__/quantusPixelFlipping.py
"""

import json
import os

import numpy as np
from peerSetup import VERSIONS, as_image, linear_softmax_net, quantus

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
net = linear_softmax_net(W, c)


def quantus_pf(**kw):
    m = quantus.PixelFlipping(features_in_step=1, perturb_baseline=0.0, disable_warnings=True, **kw)
    r = m(model=net, x_batch=as_image(x), y_batch=y, a_batch=as_image(a), device="cpu", channel_first=True)
    return np.array(r, dtype=float)


q_curve, q_auc = quantus_pf(), quantus_pf(return_auc_per_sample=True)
assert np.allclose(q_curve, preds, rtol=0, atol=1e-14) and np.allclose(q_auc, auc, rtol=0, atol=1e-14)
preds, auc = q_curve, q_auc
out = {"source": "Quantus %(quantus)s run by quantusPixelFlipping.py (torch %(torch)s, numpy %(numpy)s)" % VERSIONS,
       "W": W.tolist(), "c": c.tolist(), "x": x.tolist(), "attributions": a.tolist(), "targets": y.tolist(),
       "curve": preds.tolist(), "auc": auc.tolist()}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantusPixelFlipping.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(auc)
