"""Runs the real Quantus InputInvariance, Completeness, FaithfulnessCorrelation and MonotonicityCorrelation
(0.6 at 85bc29d1; see peerSetup.py) and writes quantusAxiomatic.json for the tests.

- InputInvariance: Quantus shifts the first layer through `out_channels` (add_mean_shift_to_first_layer,
  quantus/helpers/model/pytorch_model.py:410), so the MLP is written as Conv1d(1, 4, kernel_size=5)
  -> ReLU -> Flatten -> Linear(4, 2) on (n, 1, 5) inputs (a dense first layer in conv form).
  Explainers: the exact probability gradient (invariant under the compensated shift) and gradient x
  input (not). perturb_batch passes indices[i][1:] (quantus/functions/perturb_func.py:64): feature 0
  is never shifted while the model is compensated for all of them.
- Completeness (softmax=False, perturb_baseline='black', normalise=False): Quantus returns
  sum(a) == f(x) - f(x_black) exactly (completeness.py:311). Attributions [delta, 0, ..., 0] with delta
  the logit difference to the row-minimum baseline pass; the same with the probability difference fail.
- FaithfulnessCorrelation (softmax=False, subset_size=2, Quantus' 224 exceeding d): on logits W x + c
  with attributions W_t * (x - row min), every subset's summed attribution equals the logit drop, so
  Pearson is 1 whatever subsets are drawn (and -1 for the negation).
- MonotonicityCorrelation (nr_samples=5): Quantus replaces the step's feature by np.random.uniform(0, 1)
  (perturb_baseline='uniform', quantus/helpers/utils.py:163, one value per row), whatever the row's
  values; the draws are recorded as draws[i][j][s] for feature j of row i.
Run: PEERS=/tmp/peers /usr/bin/python3 packages/metrics/src/__fixtures__/quantusAxiomatic.py
"""

import json
import os

import numpy as np
from peerSetup import VERSIONS, as_image, linear_softmax_net, quantus, torch

rs = np.random.RandomState(41)
D = 5


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


# ---- InputInvariance: a ReLU MLP in conv form.
W1 = np.round(rs.normal(size=(4, D)), 6)
B1 = np.round(rs.normal(size=4), 6)
V = np.round(rs.normal(size=(2, 4)), 6)
C2 = np.round(rs.normal(size=2), 6)
XI = np.round(rs.normal(size=(6, D)), 6)


def conv_mlp():
    net = torch.nn.Sequential(torch.nn.Conv1d(1, 4, kernel_size=D), torch.nn.ReLU(), torch.nn.Flatten(), torch.nn.Linear(4, 2))
    with torch.no_grad():
        net[0].weight.copy_(torch.tensor(W1).reshape(4, 1, D))
        net[0].bias.copy_(torch.tensor(B1))
        net[3].weight.copy_(torch.tensor(V))
        net[3].bias.copy_(torch.tensor(C2))
    return net.eval()


def prob_gradient(model, inputs, targets, **kwargs):
    x = torch.tensor(np.asarray(inputs, dtype=float), requires_grad=True)
    p = torch.softmax(model(x), dim=-1)
    p[torch.arange(len(x)), torch.tensor(np.asarray(targets))].sum().backward()
    return x.grad.detach().numpy()


def grad_x_input(model, inputs, targets, **kwargs):
    return prob_gradient(model, inputs, targets) * np.asarray(inputs, dtype=float)


XI3 = XI.reshape(len(XI), 1, D)
YI = softmax(conv_mlp()(torch.tensor(XI3)).detach().numpy()).argmax(1)
invariance = {}
for name, f in (('gradient', prob_gradient), ('gradientXInput', grad_x_input)):
    a = f(conv_mlp(), XI3, YI)
    scores = quantus.InputInvariance(disable_warnings=True)(
        model=conv_mlp(), x_batch=XI3.copy(), y_batch=YI.copy(), a_batch=a, device='cpu', channel_first=True, explain_func=f
    )
    invariance[name] = [float(v) for v in scores]

# ---- A linear softmax for Completeness, FaithfulnessCorrelation, MonotonicityCorrelation.
W = np.round(rs.normal(size=(2, D)), 6)
C = np.round(rs.normal(size=2), 6)
X = np.round(rs.normal(size=(6, D)), 6)
NET = linear_softmax_net(W, C)
Y = softmax(X @ W.T + C).argmax(1)
rows = np.arange(len(X))
black = np.repeat(X.min(axis=1, keepdims=True), D, axis=1)
logit = lambda x: (x @ W.T + C)[rows, Y]
prob = lambda x: softmax(x @ W.T + C)[rows, Y]


def q(metric, a, **kw):
    r = metric(model=NET, x_batch=as_image(X), y_batch=Y.copy(), a_batch=as_image(a), device='cpu', channel_first=True, **kw)
    return [float(v) for v in np.asarray(r, dtype=float).ravel()]


first = lambda v: np.concatenate([v[:, None], np.zeros((len(X), D - 1))], axis=1)
completeness = {
    'logitFirst': first(logit(X) - logit(black)).tolist(),
    'probabilityFirst': first(prob(X) - prob(black)).tolist(),
}
completeness['quantus'] = {
    k: q(quantus.Completeness(normalise=False, disable_warnings=True), np.array(completeness[k])) for k in ('logitFirst', 'probabilityFirst')
}

exact = W[Y] * (X - black)
faithfulness_correlation = {
    'attributions': exact.tolist(),
    'quantus': q(quantus.FaithfulnessCorrelation(subset_size=2, nr_runs=20, return_aggregate=False, disable_warnings=True), exact),
    'quantusNegated': q(quantus.FaithfulnessCorrelation(subset_size=2, nr_runs=20, return_aggregate=False, disable_warnings=True), -exact),
}

# ---- MonotonicityCorrelation with its uniform draws recorded.
A = np.round(rs.normal(size=X.shape), 6)
NR = 5
_uniform = np.random.uniform
calls = []


def recording_uniform(*args, **kwargs):
    v = _uniform(*args, **kwargs)
    calls.append(np.array(v, dtype=float).ravel())
    return v


np.random.seed(0)
np.random.uniform = recording_uniform
try:
    mc = q(quantus.MonotonicityCorrelation(nr_samples=NR, disable_warnings=True), A)
finally:
    np.random.uniform = _uniform
# Quantus orders the features by the preprocessed attributions (normalise_by_max, then |.|), ascending.
order = np.argsort(np.abs(A / np.max(np.abs(A))), axis=1)
draws = np.zeros((len(X), D, NR))
assert len(calls) == D * NR, len(calls)
for step in range(D):
    for s in range(NR):
        for i in range(len(X)):
            draws[i, order[i, step], s] = calls[step * NR + s][i]

out = {
    'source': 'Quantus %(quantus)s run by quantusAxiomatic.py (torch %(torch)s, numpy %(numpy)s)' % VERSIONS,
    'inputInvariance': {'W1': W1.tolist(), 'b1': B1.tolist(), 'V': V.tolist(), 'c': C2.tolist(), 'x': XI.tolist(), 'targets': YI.tolist(), **invariance},
    'W': W.tolist(),
    'c': C.tolist(),
    'x': X.tolist(),
    'targets': Y.tolist(),
    'completeness': completeness,
    'faithfulnessCorrelation': faithfulness_correlation,
    'monotonicityCorrelation': {'attributions': A.tolist(), 'samples': NR, 'draws': draws.tolist(), 'quantus': mc},
}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'quantusAxiomatic.json'), 'w') as f:
    json.dump(out, f, indent=1)
    f.write('\n')
print(json.dumps({'invariance': invariance, 'completeness': completeness['quantus'], 'fc': faithfulness_correlation['quantus'], 'mc': mc}))
