"""Runs the real Quantus complexity metrics (quantus/metrics/complexity/{sparseness,complexity,
effective_complexity}.py, 0.6 at 85bc29d1; see peerSetup.py) on given attributions: the `quantus` preset's
fixture. Quantus preprocesses a_batch with normalise_by_max over the whole batch (unless it is all zero)
and np.abs; the model is never queried by these metrics (a Linear stand-in of the right width).
Run: PEERS=/tmp/peers /usr/bin/python3 packages/metrics/src/__fixtures__/quantusComplexity.py
"""

import json
import os

import numpy as np
from peerSetup import VERSIONS, as_image, linear_softmax_net, quantus, refused


def run(metric, a):
    a = np.array(a, dtype=np.float64)
    n, d = a.shape
    net = linear_softmax_net(np.zeros((2, d)), np.zeros(2))
    x = np.zeros((n, d))
    r = metric(model=net, x_batch=as_image(x), y_batch=np.zeros(n, dtype=int), a_batch=as_image(a), device='cpu', channel_first=True)
    return np.array(r, dtype=float)


rng = np.random.RandomState(23)
cases = {
    "issue": [[1, 0, 0, 0], [1e-6, 0, 0, 0]],
    "zeroRow": [[0, 0, 0, 0], [3, -1, 0, 2]],
    "allZero": [[0, 0, 0], [0, 0, 0]],
    "signed": np.round(rng.normal(size=(5, 6)), 6).tolist(),
    "smallScale": (np.round(rng.normal(size=(3, 5)), 6) * 1e-4).tolist(),
}

out = {"source": "Quantus %(quantus)s run by quantusComplexity.py (torch %(torch)s, numpy %(numpy)s)" % VERSIONS}
for name, a in cases.items():
    # Quantus refuses an all-zero batch (quantus/helpers/asserts.py:180, assert_attributions).
    if not np.any(np.array(a)):
        out[name] = {"attributions": a, **refused(lambda: run(quantus.Sparseness(disable_warnings=True), a))}
        continue
    nan_to_none = lambda v: [None if np.isnan(x) else float(x) for x in v]
    q = lambda m: run(m, a)
    out[name] = {
        "attributions": a,
        "sparseness": nan_to_none(q(quantus.Sparseness(disable_warnings=True))),
        "complexity": nan_to_none(q(quantus.Complexity(disable_warnings=True))),
        "effectiveComplexity": [int(v) for v in q(quantus.EffectiveComplexity(eps=1e-5, disable_warnings=True))],
        "effectiveComplexityEps03": [int(v) for v in q(quantus.EffectiveComplexity(eps=0.3, disable_warnings=True))],
    }

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantusComplexity.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(json.dumps({k: v.get("sparseness") for k, v in out.items() if k != "source"}))
