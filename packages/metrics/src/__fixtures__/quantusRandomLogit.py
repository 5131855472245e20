"""Quantus RandomLogit's similarity (skimage SSIM) re-run on explanation vectors.

Quantus' quantus/functions/similarity_func.py ssim (commit 85bc29d1) calls
skimage.metrics.structural_similarity(im1=a, im2=b, win_size=None, data_range=|max - min| over
both) on each flattened explanation, after RandomLogit's normalise_by_max of each batch
(abs=False). This writes SSIM values of batch-normalised pairs for d = 7, 9 and 12 computed by
skimage itself (Debian python3-skimage). Writes quantusRandomLogit.json beside this script.
Run: /usr/bin/python3 packages/metrics/src/__fixtures__/quantusRandomLogit.py
"""

import json
import os

import numpy as np
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
out = {"skimage": skimage.__version__, "cases": cases}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "quantusRandomLogit.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(json.dumps([c["ssimNormalised"] for c in cases]))
