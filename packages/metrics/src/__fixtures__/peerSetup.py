"""What every real-peer fixture script shares: the peers' sources on sys.path, float64 torch, the
one scipy shim Quantus needs, and the tabular model Quantus and Captum are run on.

The peers are the real code, fetched, not re-implemented: Quantus 0.6 (understandable-machine-
intelligence-lab/Quantus 85bc29d1) and Captum 0.8 (pytorch/captum faac0877). Extract them once:
  mkdir -p /tmp/peers/quantus /tmp/peers/captum
  git -C <Quantus mirror> archive 85bc29d1 quantus | tar -x -C /tmp/peers/quantus
  git -C <Captum mirror> archive faac0877 captum | tar -x -C /tmp/peers/captum
then run a script with PEERS=/tmp/peers (default) and Debian's /usr/bin/python3 (torch 1.13, numpy,
scipy 1.10, scikit-learn, scikit-image).
"""

import os
import sys

import numpy as np
import scipy.stats

PEERS = os.environ.get('PEERS', '/tmp/peers')
sys.path[:0] = [os.path.join(PEERS, 'quantus'), os.path.join(PEERS, 'captum')]

import torch  # noqa: E402

torch.set_default_dtype(torch.float64)

# Quantus' correlation_pearson calls scipy.stats.pearsonr(a, b, axis=1) (quantus/functions/
# similarity_func.py:76), an argument scipy 1.10 lacks: the same per-row Pearson r, row by row.
_pearsonr = scipy.stats.pearsonr


def _pearsonr_axis(a, b, *args, axis=None, **kwargs):
    if axis is None:
        return _pearsonr(a, b, *args, **kwargs)
    if axis != 1:
        raise ValueError('shim: axis=1 only')
    r = np.array([_pearsonr(x, y)[0] for x, y in zip(np.asarray(a), np.asarray(b))])
    return r, None


scipy.stats.pearsonr = _pearsonr_axis

import quantus  # noqa: E402
import captum  # noqa: E402

VERSIONS = {
    'quantus': '%s (85bc29d1)' % quantus.__version__,
    'captum': '%s (faac0877)' % captum.__version__,
    'torch': torch.__version__,
    'numpy': np.__version__,
    'scipy': scipy.__version__,
}


def linear_softmax_net(W, c):
    """Flatten -> Linear(W, c): Quantus and Captum get logits from it (Quantus applies the softmax
    itself when a metric's softmax=True). Inputs may be (n, d), (n, 1, d) or (n, 1, 1, d)."""
    W = np.asarray(W, dtype=float)
    net = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(W.shape[1], W.shape[0]))
    with torch.no_grad():
        net[1].weight.copy_(torch.tensor(W))
        net[1].bias.copy_(torch.tensor(np.asarray(c, dtype=float)))
    return net.eval()


def as_image(a):
    """(n, d) -> (n, 1, 1, d): the layout Quantus' image-shaped metrics index."""
    a = np.asarray(a, dtype=float)
    return a.reshape(len(a), 1, 1, -1).copy()


def lst(v):
    return np.asarray(v, dtype=float).tolist()


def lst_nan(v):
    """As lst, NaN written as null (JSON has no NaN; the tests read null back as NaN)."""
    return [None if np.isnan(t) else t for t in np.asarray(v, dtype=float).ravel()]


def refused(f):
    """Runs f; a peer error becomes {'refused': 'Type: message'} (what the tests expect the peer to do)."""
    try:
        return f()
    except Exception as e:  # the peer's own assert or bug, recorded as data
        return {'refused': '%s: %s' % (type(e).__name__, str(e).splitlines()[0][:200])}
