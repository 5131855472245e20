"""Quantus' complexity metrics re-run in numpy on small tabular cases (the `quantus` preset's fixture).

Re-implements, step for step, quantus/metrics/base.py general_preprocess for given attributions
(normalise_by_max over every axis of a_batch unless it is all zero, then np.abs) and the
evaluate_batch bodies of quantus/metrics/complexity/{sparseness,complexity,effective_complexity}.py
(Quantus commit 85bc29d1). Writes quantusComplexity.json beside this script.
Run: /usr/bin/python3 packages/metrics/src/__fixtures__/quantusComplexity.py
"""

import json
import os

import numpy as np


def normalise_by_max(a):
    if np.all(a == 0.0):
        return a
    axes = tuple(range(np.ndim(a)))
    return a / np.max(np.abs(a), axis=axes, keepdims=True)


def preprocess(a):
    return np.abs(normalise_by_max(np.array(a, dtype=np.float64)))


def sparseness(a):
    a = preprocess(a).reshape(len(a), -1)
    n_features = a.shape[-1]
    a = a + 1e-7
    a = np.sort(a, axis=-1)
    a_arange = np.stack([np.arange(1, n_features + 1) for _ in a])
    return ((2 * a_arange - n_features - 1) * a).sum(axis=-1) / (n_features * a.sum(axis=-1))


def complexity(a):
    a = preprocess(a).reshape(len(a), -1)
    with np.errstate(invalid="ignore", divide="ignore"):
        a = a / np.abs(a).sum(-1, keepdims=True)
        return -(a * np.log(a + 1e-12)).sum(-1)


def effective_complexity(a, eps):
    a = preprocess(a).reshape(len(a), -1)
    return np.sum(a > eps, axis=1).astype(int)


rng = np.random.RandomState(23)
cases = {
    "issue": [[1, 0, 0, 0], [1e-6, 0, 0, 0]],
    "zeroRow": [[0, 0, 0, 0], [3, -1, 0, 2]],
    "allZero": [[0, 0, 0], [0, 0, 0]],
    "signed": np.round(rng.normal(size=(5, 6)), 6).tolist(),
    "smallScale": (np.round(rng.normal(size=(3, 5)), 6) * 1e-4).tolist(),
}

out = {}
for name, a in cases.items():
    nan_to_none = lambda v: [None if np.isnan(x) else float(x) for x in v]
    out[name] = {
        "attributions": a,
        "sparseness": nan_to_none(sparseness(a)),
        "complexity": nan_to_none(complexity(a)),
        "effectiveComplexity": [int(v) for v in effective_complexity(a, 1e-5)],
        "effectiveComplexityEps03": [int(v) for v in effective_complexity(a, 0.3)],
    }

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantusComplexity.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(json.dumps({k: v["sparseness"] for k, v in out.items()}))
