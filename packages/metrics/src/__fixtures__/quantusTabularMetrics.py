"""Runs the real Quantus metrics (quantus/metrics/**, 0.6 at 85bc29d1, fetched; see peerSetup.py) on
small tabular cases and writes quantusTabularMetrics.json for the tests.

Model: Flatten -> Linear(W, c) in float64 torch; Quantus applies the softmax itself (softmax=True, its
default for these metrics), so scores are class probabilities; the explainer of the re-explaining
metrics (Continuity) is the exact probability gradient, given to Quantus as explain_func. Inputs are
(n, 1, 1, d), the layout Quantus' image-shaped metrics index. Where Quantus refuses a case or is
plainly buggy, the JSON records what it does (its error, or its output) beside the value with the
defect worked around by the caller, and names the Quantus line:
- PixelFlipping features_in_step=4 with d=6: refused by quantus/helpers/asserts.py:31
  (assert_features_in_step); ours takes a shorter last step.
- Monotonicity: the batched loop re-replaces x_baseline's own entries by the baseline
  (quantus/metrics/faithfulness/monotonicity.py:350) instead of inserting x's values, so every row
  scores 1 ('monotonicityQuantus'); 'monotonicity' is the same Quantus loop, one row per call, with a
  perturb_func that inserts the row's values (Arya et al.), curves recomputed from its inputs.
- PointingGame: hit is a bool array, so an empty mask's NaN becomes True (pointing_game.py:296) and the
  weighted variant raises (line 293); 'pointingGame' holds Quantus' output, 'pointingGameRefused' its
  weighted errors.
- AttributionLocalisation weighted=True divides by x_batch[2:].size = (n - 2)·d
  (attribution_localisation.py:311): 'attributionLocalisation' is Quantus on the whole batch,
  'attributionLocalisationPerRow' Quantus on each row alone (a batch of three copies, so
  x_batch[2:].size = d and the weight is mask size / d).
Run: PEERS=/tmp/peers /usr/bin/python3 quantusTabularMetrics.py, then
npx biome format --write quantusTabularMetrics.json (the tests read the formatted file).
"""

import functools
import json
import math
import os

import numpy as np
import scipy.stats
from peerSetup import VERSIONS, as_image, linear_softmax_net, lst, lst_nan, quantus, refused, torch

from quantus.helpers import utils as qutils
from quantus.functions.complexity_func import discrete_entropy

rs = np.random.RandomState(7)
N, D = 6, 6
W = rs.normal(size=(2, D)).round(3)
C = np.array([0.1, -0.2])
X = rs.normal(size=(N, D)).round(3)
A = rs.normal(size=(N, D)).round(3)



def proba(x):
    z = x @ W.T + C
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def grad(x, t):
    p = proba(x)
    avg = p @ W
    return p[np.arange(len(x)), t][:, None] * (W[t] - avg)


Y = proba(X).argmax(axis=1)
NET = linear_softmax_net(W, C)
N, D = X.shape


def q(metric, a=A, s=None, x=X, y=Y, **kw):
    """One Quantus metric call on the whole batch, (n, 1, 1, d)."""
    r = metric(
        model=NET,
        x_batch=as_image(x),
        y_batch=np.asarray(y).copy(),
        a_batch=as_image(a),
        s_batch=None if s is None else as_image(s),
        device='cpu',
        channel_first=True,
        **kw,
    )
    return np.array(r, dtype=float)


def explain_grad(model, inputs, targets, **kwargs):
    """Quantus explain_func: the exact probability gradient of the linear softmax, in the inputs' shape."""
    xs = np.asarray(inputs, dtype=float)
    return grad(xs.reshape(len(xs), -1), np.asarray(targets)).reshape(xs.shape)


def curves_and_auc(curves):
    curves = np.asarray(curves, dtype=float)
    return {'curves': lst(curves), 'values': [float(qutils.calculate_auc(np.array(c))) for c in curves]}


def monotonicity_per_row(step):
    """Quantus Monotonicity, one row per call, its perturb_func inserting the row's values into the baseline."""
    curves, values = [], []
    for i in range(N):
        seen = []

        def insert(arr, indices, xi=X[i], **kwargs):
            out = np.array(arr, dtype=float).copy()
            out[np.arange(len(out))[:, None], indices] = xi[indices[0]]
            seen.append(out.copy())
            return out

        m = quantus.Monotonicity(features_in_step=step, perturb_func=insert, disable_warnings=True)
        values.append(q(m, a=A[i:i + 1], x=X[i:i + 1], y=Y[i:i + 1])[0])
        curves.append([proba(s.reshape(1, -1))[0, Y[i]] for s in seen])
    return {'curves': lst(curves), 'values': lst(values)}


def attribution_localisation_per_row(**kw):
    """Quantus AttributionLocalisation on each row alone, as a batch of three copies (x_batch[2:].size = d)."""
    out = []
    for i in range(N):
        rep = lambda v: np.repeat(v[i:i + 1], 3, axis=0)
        out.append(q(quantus.AttributionLocalisation(disable_warnings=True, **kw), a=rep(A), s=rep(S), x=rep(X), y=rep(Y))[0])
    return lst_nan(out)


S = (np.abs(A) > 0.6).astype(float)
S[0] = 0
S[0, [1, 4]] = 1
A_SPARSE = A.copy()
A_SPARSE[[0, 2, 3], 1] = 0.0
A_SPARSE[[1, 3], 3] = 0.0
# Pointing game: row 1 ties its maximum between an unmarked and a marked feature (Quantus: a hit),
# row 2's largest |e| (feature 1) is unmarked but its largest e (feature 3) marked, row 4 has an
# empty mask (NaN); the rest are the shared cases.
A_TIES = A.copy()
A_TIES[1, 0] = A_TIES[1, 5] = 2.0
S_PG = S.copy()
S_PG[2, 1] = 0
S_PG[4] = 0
ENTROPY_CASES = [
    A[0].tolist(),
    [0.0, 0.0, 0.0, 0.0],
    [0.0, 0.01, 0.02, 0.03, 1.0],
    np.linspace(-1, 1, 41).tolist(),
    (rs.normal(size=30) ** 3).round(4).tolist(),
]


LOC = {
    name: {
        'tki': lst(q(quantus.TopKIntersection(k=2, abs=ab, disable_warnings=True), s=S)),
        'rra': lst(q(quantus.RelevanceRankAccuracy(abs=ab, disable_warnings=True), s=S)),
        'rma': lst(q(quantus.RelevanceMassAccuracy(abs=ab, disable_warnings=True), s=S)),
        'auc': lst(q(quantus.AUC(abs=ab, disable_warnings=True), s=S)),
    }
    for name, ab in (('abs', True), ('signed', False))
}

out = {
    'source': 'Quantus %(quantus)s run by quantusTabularMetrics.py (torch %(torch)s, numpy %(numpy)s, scipy %(scipy)s)' % VERSIONS,
    'W': W.tolist(),
    'c': C.tolist(),
    'x': X.tolist(),
    'attributions': A.tolist(),
    'targets': Y.tolist(),
    'pixelFlipping': {
        str(st): {
            'curves': lst(q(quantus.PixelFlipping(features_in_step=st, disable_warnings=True))),
            'values': lst(q(quantus.PixelFlipping(features_in_step=st, return_auc_per_sample=True, disable_warnings=True))),
        }
        for st in (1, 2)
    },
    'pixelFlippingRefused': refused(lambda: q(quantus.PixelFlipping(features_in_step=4, disable_warnings=True))),
    # Quantus' default softmax=False: logits.
    'faithfulnessEstimate': {str(st): lst(q(quantus.FaithfulnessEstimate(features_in_step=st, disable_warnings=True))) for st in (1, 2)},
    'faithfulnessEstimateSoftmax': {
        str(st): lst(q(quantus.FaithfulnessEstimate(features_in_step=st, disable_warnings=True), softmax=True)) for st in (1, 2)
    },
    'monotonicity': {str(st): monotonicity_per_row(st) for st in (1, 2)},
    'monotonicityQuantus': {str(st): lst(q(quantus.Monotonicity(features_in_step=st, disable_warnings=True))) for st in (1, 2)},
    'regionPerturbation': {
        f'{p}-{o}': curves_and_auc(q(quantus.RegionPerturbation(patch_size=p, order=o, regions_evaluation=100, disable_warnings=True)))
        for p in (1, 4, 8)
        for o in ('morf', 'lerf')
    },
    'regionPerturbationCapped': curves_and_auc(
        q(quantus.RegionPerturbation(patch_size=1, order='morf', regions_evaluation=3, disable_warnings=True))
    ),
    'selectivity': {str(p): curves_and_auc(q(quantus.Selectivity(patch_size=p, disable_warnings=True))) for p in (1, 4, 8)},
    # One Pearson r per n across the batch (return_aggregate=False); Quantus' default returns their mean.
    'sensitivityN': {
        f'{st}-{share}': lst(
            q(quantus.SensitivityN(features_in_step=st, n_max_percentage=share, return_aggregate=False, disable_warnings=True))
        )
        for st, share in ((1, 0.8), (2, 1))
    },
    'sensitivityNAggregate': {
        f'{st}-{share}': lst(q(quantus.SensitivityN(features_in_step=st, n_max_percentage=share, disable_warnings=True)))
        for st, share in ((1, 0.8), (2, 1))
    },
    'sufficiency': {str(t): lst(q(quantus.Sufficiency(threshold=t, disable_warnings=True))) for t in (0.6, 0.3, 0.9)},
    'consistencyAttributions': A_SPARSE.tolist(),
    'consistency': {
        str(m): lst(
            q(quantus.Consistency(discretise_func=functools.partial(quantus.discretise_func.top_n_sign, n=m), disable_warnings=True), a=A_SPARSE)
        )
        for m in (5, 3)
    },
    'continuity': {
        str(s): lst(q(quantus.Continuity(nr_steps=s, disable_warnings=True), explain_func=explain_grad)) for s in (12, 5, 2)
    },
    'mask': S.tolist(),
    'localisation': LOC,
    'pointingGameMask': S_PG.tolist(),
    'pointingGameAttributions': A_TIES.tolist(),
    'pointingGame': {
        f'{name}-plain': lst(q(quantus.PointingGame(abs=ab, disable_warnings=True), a=A_TIES, s=S_PG))
        for name, ab in (('abs', True), ('signed', False))
    },
    'pointingGameRefused': {
        f'{name}-weighted': refused(lambda ab=ab: q(quantus.PointingGame(abs=ab, weighted=True, disable_warnings=True), a=A_TIES, s=S_PG))
        for name, ab in (('abs', True), ('signed', False))
    },
    'attributionLocalisation': {
        f'{name}-{w}-{pos}': lst_nan(
            q(quantus.AttributionLocalisation(abs=ab, weighted=w == 'weighted', positive_attributions=pos == 'positive', disable_warnings=True), s=S)
        )
        for name, ab in (('abs', True), ('signed', False))
        for w in ('plain', 'weighted')
        for pos in ('all', 'positive')
    },
    'attributionLocalisationPerRow': {
        f'{name}-weighted-{pos}': attribution_localisation_per_row(abs=ab, weighted=True, positive_attributions=pos == 'positive')
        for name, ab in (('abs', True), ('signed', False))
        for pos in ('all', 'positive')
    },
    'entropyCases': ENTROPY_CASES,
    'entropy': [float(discrete_entropy(np.array(v), x=None)) for v in ENTROPY_CASES],
    'entropy7Bins': [float(discrete_entropy(np.array(v), x=None, n_bins=7)) for v in ENTROPY_CASES],
}

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'quantusTabularMetrics.json'), 'w') as f:
    json.dump(out, f, indent=1)
    f.write('\n')
