"""Re-runs Quantus' algorithms (quantus/metrics/**, commit 85bc29d1) in plain numpy/scipy on small
tabular cases with closed-form models, and writes quantusTabularMetrics.json for the tests.

Models: a 2-class softmax over W x + c (probabilities, as Quantus' softmax=True) and its exact
probability gradient (the explainer of the re-explaining metrics). Each function below follows
the Quantus metric named in its docstring step by step (batch shapes (n, 1, 1, d) where Quantus
pads or translates image axes). Run: /usr/bin/python3 quantusTabularMetrics.py, then
npx biome format --write quantusTabularMetrics.json (the tests read the formatted file).
"""

import json
import math
import os

import numpy as np
import scipy.stats
from scipy.spatial.distance import cdist
from sklearn.metrics import auc, roc_curve

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


def predict_t(x, y):
    return proba(x)[np.arange(len(x)), y]


def black(x):
    """get_baseline_value('black', batched=True): the row minimum."""
    return x.reshape(len(x), -1).min(axis=1)


def replace_by_indices(arr, indices):
    """batch_baseline_replacement_by_indices with perturb_baseline='black'."""
    out = arr.copy()
    base = np.broadcast_to(black(arr)[:, None], indices.shape)
    out[np.arange(len(arr))[:, None], indices] = base
    return out


def normalise_by_max(a):
    if np.all(a == 0.0):
        return a
    return a / np.max(np.abs(a), keepdims=True)


def pearson_rows(a, b):
    return np.array([scipy.stats.pearsonr(aa, bb)[0] for aa, bb in zip(a, b)])


def pixel_flipping(x, y, a, step):
    """PixelFlipping.evaluate_batch + get_auc_score (np.trapz, dx=1)."""
    a = normalise_by_max(a)
    n, d = a.shape
    idx = np.argsort(-a, axis=1)
    preds, xp = [], x.copy()
    for s in range(math.ceil(d / step)):
        xp = replace_by_indices(xp, idx[:, s * step:(s + 1) * step])
        preds.append(predict_t(xp, y))
    curves = np.stack(preds, axis=1)
    return curves, np.array([np.trapz(c) for c in curves])


def faithfulness_estimate(x, y, a, step):
    """FaithfulnessEstimate.evaluate_batch (similarity_func=correlation_pearson)."""
    a = normalise_by_max(a)
    n, d = a.shape
    idx = np.argsort(-a, axis=1)
    y0 = predict_t(x, y)
    deltas, sums = [], []
    for s in range(math.ceil(d / step)):
        ix = idx[:, s * step:(s + 1) * step]
        deltas.append(y0 - predict_t(replace_by_indices(x, ix), y))
        sums.append(a[np.arange(n)[:, None], ix].sum(axis=-1))
    return pearson_rows(np.stack(sums, 1), np.stack(deltas, 1))


def monotonicity(x, y, a, step):
    """Monotonicity.evaluate_batch with abs=True, x's values inserted into the 'black' baseline
    (Arya et al.; Quantus' batched call re-fills the baseline instead, which scores every row 1)."""
    a = np.abs(normalise_by_max(a))
    n, d = a.shape
    idx = np.argsort(a, axis=1)
    xb = np.full((n, d), black(x)[:, None])
    preds = []
    for s in range(math.ceil(d / step)):
        ix = idx[:, s * step:(s + 1) * step]
        xb = xb.copy()
        xb[np.arange(n)[:, None], ix] = x[np.arange(n)[:, None], ix]
        preds.append(predict_t(xb, y))
    curves = np.stack(preds, axis=1)
    return curves, np.all(np.diff(curves) >= 0, axis=1).astype(float)


def padding_size(dim, patch):
    m = dim % patch
    if m == 0:
        return (0, 0)
    tot = patch - m
    return (math.floor(tot / 2), math.ceil(tot / 2))


def block_indices(shape, patch):
    """utils.get_block_indices on an (n, 1, H, W) array: flat indices of each patch, row-major blocks."""
    n, c, h, w = shape
    flat = np.arange(c * h * w).reshape(c, h, w)
    out = []
    for bh in range(h // patch):
        for bw in range(w // patch):
            blk = flat[:, bh * patch:(bh + 1) * patch, bw * patch:(bw + 1) * patch].reshape(-1)
            out.append(np.tile(blk, (n, 1)))
    return out


def region_curves(x, y, a, patch, order, regions, drop):
    """RegionPerturbation / Selectivity evaluate_batch on x as (n, 1, 1, d)."""
    a = normalise_by_max(a)
    n, d = x.shape
    xb, ab = x.reshape(n, 1, 1, d), a.reshape(n, 1, 1, d)
    ph, pw = padding_size(1, patch), padding_size(d, patch)
    pad = ((0, 0), (0, 0), ph, pw)
    a_pad = np.pad(ab, pad, mode='constant')
    sums, patches = [], []
    for bi in block_indices(a_pad.shape, patch):
        sums.append(a_pad.reshape(n, -1)[np.arange(n)[:, None], bi].sum(axis=-1))
        patches.append(bi)
    sums, patches = np.stack(sums, -1), np.stack(patches, 1)
    ordr = np.argsort(-sums, -1) if order == 'morf' else np.argsort(sums, -1)
    ordered = patches[np.arange(n)[:, None], ordr].transpose(1, 0, 2)
    xp_pad = np.pad(xb, pad, mode='edge')
    shp = xp_pad.shape
    y0 = predict_t(x, y)
    out = []
    for sl in ordered[:regions]:
        xp_pad = replace_by_indices(xp_pad.reshape(n, -1), sl).reshape(shp)
        xp = xp_pad[:, :, ph[0]:shp[2] - ph[1], pw[0]:shp[3] - pw[1]].reshape(n, d)
        out.append(y0 - predict_t(xp, y) if drop else predict_t(xp, y))
    curves = np.stack(out, 1)
    return curves, np.array([np.trapz(c) for c in curves])


def sensitivity_n(x, y, a, step, share):
    """SensitivityN.evaluate_batch + custom_postprocess: one Pearson per n across the batch."""
    a = normalise_by_max(a)
    n, d = a.shape
    idx = np.argsort(-a, axis=1)
    y0 = predict_t(x, y)
    deltas, sums, xp = [], [], x.copy()
    for s in range(math.ceil(d / step)):
        ix = idx[:, s * step:(s + 1) * step]
        xp = replace_by_indices(xp, ix)
        sums.append(a[np.arange(n)[:, None], ix].sum(axis=-1))
        deltas.append(y0 - predict_t(xp, y))
    deltas, sums = np.stack(deltas, 1), np.stack(sums, 1)
    m = int(share * d // step)
    return pearson_rows(deltas[:, :m].T, sums[:, :m].T)


def sufficiency(x, a, threshold):
    """Sufficiency: abs, normalise_by_max, cdist seuclidean, normalise_by_max of the distances."""
    a = np.abs(normalise_by_max(a))
    dist = normalise_by_max(cdist(a, a, 'seuclidean', V=None))
    sim = np.zeros_like(dist)
    sim[dist <= threshold] = 1
    sim *= 1 - np.eye(len(a), dtype=np.int32)
    yp = proba(x).argmax(axis=1)
    eq = yp[None] == yp[:, None]
    low = sim.sum(-1)
    return (eq * sim).sum(-1) / np.where(low == 0, np.inf, low)


def consistency(x, a, first):
    """Consistency with discretise_func=top_n_sign(n=first) after abs."""
    a = np.abs(normalise_by_max(a))
    labels = np.array([hash(bytes(np.sign(r)[:first])) for r in a])
    yp = proba(x).argmax(axis=1)
    n = len(a)
    eqp = (yp[None] == yp[:, None]) * (1 - np.eye(n)).astype(bool)
    eql = (labels[None] == labels[:, None]) * (1 - np.eye(n)).astype(bool)
    return (eqp * eql).sum(-1) / (eql.sum(-1) + 1e-9)


def translation(x4, dx):
    """batched_translation(direction='x', perturb_baseline='black')."""
    n, _, h, w = x4.shape
    flat = x4.reshape(n, -1)
    padv = np.broadcast_to(black(flat)[:, None], flat.shape).reshape(x4.shape)
    padv = np.take(padv, np.arange(-abs(dx), 0), axis=3)
    if dx < 0:
        return np.take(np.concatenate([x4, padv], axis=3), np.arange(-w, 0), axis=3)
    return np.take(np.concatenate([padv, x4], axis=3), np.arange(w), axis=3)


def continuity(x, y, steps):
    """Continuity.evaluate_batch: gradient explainer, normalise_by_max per batch, abs."""
    n, d = x.shape
    x4 = x.reshape(n, 1, 1, d)
    dx = (d * 2 + 1) // steps
    cur = -d
    a0 = np.abs(normalise_by_max(grad(x, y)))
    res = []
    for _ in range(steps):
        cur += dx
        xp = translation(x4, cur).reshape(n, d)
        ap = np.abs(normalise_by_max(grad(xp, y)))
        l1 = np.abs(a0 - ap).sum(axis=1)
        l2 = np.linalg.norm(x - xp, axis=1)
        res.append(l1 / (l2 + 1e-9))
    return np.max(np.stack(res, 1), axis=1)


def localisation(a, s, k, use_abs):
    """TopKIntersection, RelevanceRankAccuracy, RelevanceMassAccuracy, AUC (abs optional, normalise_by_max)."""
    a = normalise_by_max(a)
    if use_abs:
        a = np.abs(a)
    s = s.astype(bool)
    n, d = a.shape
    srt = np.argsort(-a, axis=-1)
    tki = s[np.arange(n)[:, None], srt[:, :k]].mean(-1)
    sums = s.sum(-1)
    smask = np.array([[True] * m + [False] * (d - m) for m in sums])
    rra = (s[np.arange(n)[:, None], srt] * smask).sum(-1) / smask.sum(-1)
    rma = (a * s).sum(-1) / a.sum(-1)
    aucs = []
    for si, ai in zip(s, a):
        fpr, tpr, _ = roc_curve(y_true=si, y_score=ai)
        aucs.append(auc(fpr, tpr))
    return tki, rra, rma, np.array(aucs)


def pointing_game(a, s, use_abs, weighted):
    """PointingGame.evaluate_batch (abs optional, normalise_by_max): a hit when any feature tied at the
    row maximum lies in the mask. Per row, as Quantus' per-instance form (the batched one stores the
    weighted score and NaN in a bool array): weighted hits score 1 - |s| / d, an empty mask NaN."""
    a = normalise_by_max(a)
    if use_abs:
        a = np.abs(a)
    s = s.astype(bool)
    d = a.shape[1]
    hit = np.any(s * (a == a.max(axis=-1, keepdims=True)), axis=-1).astype(float)
    if weighted:
        hit[hit == 1] = 1 - s.sum(-1)[hit == 1] / d
    hit[s.sum(-1) == 0] = np.nan
    return hit


def attribution_localisation(a, s, use_abs, weighted, positive):
    """AttributionLocalisation.evaluate_batch (abs default True, normalise_by_max): inside / total
    attribution, NaN for an empty mask or a ratio above 1; weighted multiplies by |s| / d (Quantus'
    batched size_data reads x_batch[2:].size, its per-instance form the d features used here)."""
    a = normalise_by_max(a)
    if use_abs:
        a = np.abs(a)
    if positive:
        a = np.clip(a, 0, None)
    s = s.astype(bool)
    d = a.shape[1]
    size = s.sum(-1)
    r = (a * s).sum(-1) / (a.sum(-1) + 1e-9)
    r[size == 0] = np.nan
    r[r > 1] = np.nan
    if weighted:
        r *= size / d
    return r


def discrete_entropy(a, bins=100):
    """complexity_func.discrete_entropy."""
    h, _ = np.histogram(a, bins=bins)
    return scipy.stats.entropy(pk=h)


def lst(v):
    return np.asarray(v, dtype=float).tolist()


def lst_nan(v):
    """As lst, NaN written as null (JSON has no NaN; the tests read null back as NaN)."""
    return [None if math.isnan(t) else t for t in lst(v)]


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

out = {
    'source': 'Quantus 85bc29d1 algorithms re-run by quantusTabularMetrics.py (numpy %s, scipy %s)'
    % (np.__version__, scipy.__version__),
    'W': W.tolist(),
    'c': C.tolist(),
    'x': X.tolist(),
    'attributions': A.tolist(),
    'targets': Y.tolist(),
    'pixelFlipping': {str(st): dict(zip(['curves', 'values'], map(lst, pixel_flipping(X, Y, A, st)))) for st in (1, 2, 4)},
    'faithfulnessEstimate': {str(st): lst(faithfulness_estimate(X, Y, A, st)) for st in (1, 2)},
    'monotonicity': {str(st): dict(zip(['curves', 'values'], map(lst, monotonicity(X, Y, A, st)))) for st in (1, 2)},
    'regionPerturbation': {
        f'{p}-{o}': dict(zip(['curves', 'values'], map(lst, region_curves(X, Y, A, p, o, 100, True))))
        for p in (1, 4, 8)
        for o in ('morf', 'lerf')
    },
    'regionPerturbationCapped': dict(zip(['curves', 'values'], map(lst, region_curves(X, Y, A, 1, 'morf', 3, True)))),
    'selectivity': {str(p): dict(zip(['curves', 'values'], map(lst, region_curves(X, Y, A, p, 'morf', 100, False)))) for p in (1, 4, 8)},
    'sensitivityN': {'1-0.8': lst(sensitivity_n(X, Y, A, 1, 0.8)), '2-1': lst(sensitivity_n(X, Y, A, 2, 1.0))},
    'sufficiency': {str(t): lst(sufficiency(X, A, t)) for t in (0.6, 0.3, 0.9)},
    'consistencyAttributions': A_SPARSE.tolist(),
    'consistency': {str(m): lst(consistency(X, A_SPARSE, m)) for m in (5, 3)},
    'continuity': {str(s): lst(continuity(X, Y, s)) for s in (12, 5, 2)},
    'mask': S.tolist(),
    'localisation': {
        name: dict(zip(['tki', 'rra', 'rma', 'auc'], map(lst, localisation(A, S, 2, ab))))
        for name, ab in (('abs', True), ('signed', False))
    },
    'pointingGameMask': S_PG.tolist(),
    'pointingGameAttributions': A_TIES.tolist(),
    'pointingGame': {
        f'{name}-{w}': lst_nan(pointing_game(A_TIES, S_PG, ab, w == 'weighted'))
        for name, ab in (('abs', True), ('signed', False))
        for w in ('plain', 'weighted')
    },
    'attributionLocalisation': {
        f'{name}-{w}-{pos}': lst_nan(attribution_localisation(A, S, ab, w == 'weighted', pos == 'positive'))
        for name, ab in (('abs', True), ('signed', False))
        for w in ('plain', 'weighted')
        for pos in ('all', 'positive')
    },
    'entropyCases': ENTROPY_CASES,
    'entropy': [float(discrete_entropy(np.array(v))) for v in ENTROPY_CASES],
    'entropy7Bins': [float(discrete_entropy(np.array(v), 7)) for v in ENTROPY_CASES],
}

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'quantusTabularMetrics.json'), 'w') as f:
    json.dump(out, f, indent=1)
    f.write('\n')
