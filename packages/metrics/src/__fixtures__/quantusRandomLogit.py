"""SSIM as Quantus' RandomLogit computes it, and the real Quantus RandomLogit end to end (0.6 at 85bc29d1;
see peerSetup.py).

Quantus' quantus/functions/similarity_func.py ssim (commit 85bc29d1) calls
skimage.metrics.structural_similarity(im1=a, im2=b, win_size=None, data_range=|max - min| over
both) on each flattened explanation, after RandomLogit's normalise_by_max of each batch
(abs=False). 'cases' are SSIM values of raw and batch-normalised pairs for d = 7, 9 and 12 computed by
skimage itself (Debian python3-skimage); 'randomLogit' is quantus.RandomLogit run on a 2-class
Flatten -> Linear model (d = 9; with two classes the off-class is the other one, whatever the draw)
with the exact probability gradient as explain_func.
Run: PEERS=/tmp/peers /usr/bin/python3 packages/metrics/src/__fixtures__/quantusRandomLogit.py
"""

import json
import os

import numpy as np
from peerSetup import VERSIONS, as_image, linear_softmax_net, quantus
import skimage
from skimage.metrics import structural_similarity


def normalise_by_max(a):
    if np.all(a == 0.0):
        return a
    return a / np.max(np.abs(a))


def ssim(aa, bb):
    data_range = float(np.abs(np.max(np.concatenate([aa, bb])) - np.min(np.concatenate([aa, bb]))))
    return float(structural_similarity(im1=aa, im2=bb, win_size=None, data_range=data_range))


rng = np.random.RandomState(7)
cases = []
for d in (7, 9, 12):
    a = np.round(rng.normal(size=(3, d)), 6)
    b = np.round(a + 0.5 * rng.normal(size=(3, d)), 6)
    na, nb = normalise_by_max(a), normalise_by_max(b)
    cases.append(
        {
            "a": a.tolist(),
            "b": b.tolist(),
            "ssimNormalised": [ssim(x, y) for x, y in zip(na, nb)],
            "ssimRaw": [ssim(x, y) for x, y in zip(a, b)],
        }
    )
# quantus.RandomLogit end to end on a 2-class linear softmax.
W = np.round(rng.normal(size=(2, 9)), 6)
C = np.array([0.15, -0.05])
X = np.round(rng.normal(size=(5, 9)), 6)


def probs(x):
    z = x @ W.T + C
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def explain_grad(model, inputs, targets, **kwargs):
    xs = np.asarray(inputs, dtype=float)
    x2 = xs.reshape(len(xs), -1)
    p = probs(x2)
    t = np.asarray(targets)
    g = p[np.arange(len(x2)), t][:, None] * (W[t] - p @ W)
    return g.reshape(xs.shape)


Y = probs(X).argmax(axis=1)
A = explain_grad(None, X, Y)
scores = quantus.RandomLogit(num_classes=2, disable_warnings=True)(
    model=linear_softmax_net(W, C), x_batch=as_image(X), y_batch=Y, a_batch=as_image(A), device="cpu",
    channel_first=True, explain_func=explain_grad,
)
out = {
    "source": "skimage %s; Quantus %s run by quantusRandomLogit.py" % (skimage.__version__, VERSIONS["quantus"]),
    "cases": cases,
    "randomLogit": {"W": W.tolist(), "c": C.tolist(), "x": X.tolist(), "targets": Y.tolist(), "scores": [float(v) for v in scores]},
}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantusRandomLogit.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(json.dumps([c["ssimNormalised"] for c in cases]))
