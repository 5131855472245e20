# Reference values for deepLiftCaptum.test.ts: Captum's DeepLift (captum/attr/_core/deep_lift.py) re-run in torch.
# Captum's algorithm, step by step, as this script writes it out (Captum itself is not installed):
#   baselines default to zeros; inputs and baselines go through the model as one batch cat([x, b]);
#   every nonlinearity's backward is replaced by the rescale rule of `nonlinear`:
#     grad_in = where(|Δin| < eps, grad_in, grad_out * Δout / Δin),  eps = 1e-10,  Δ = (x half) − (baseline half);
#   linear layers keep their gradient; the explained output is forward(x)[target] (the model's own output:
#   logits for a classifier, the value for a regression model); attributions = (x − b) * gradient.
# The binary 'probability' case is Captum on Sequential(..., Linear(w_t − w_o), Sigmoid): the target class
# probability of a two-class softmax is σ(z_t − z_o), so Captum's sigmoid rule applies to it.
# Run: /usr/bin/python3 src/__fixtures__/captumDeepLift.py  (writes captumDeepLift.json beside it)
import json
import os

import torch

torch.set_default_dtype(torch.float64)
EPS = 1e-10
ACTS = {'relu': torch.relu, 'tanh': torch.tanh, 'sigmoid': torch.sigmoid}


class Rescale(torch.autograd.Function):
    """A nonlinearity applied to cat([x, b]) whose backward is Captum's rescale rule."""

    @staticmethod
    def forward(ctx, z, name):
        a = ACTS[name](z)
        ctx.save_for_backward(z, a)
        ctx.name = name
        return a

    @staticmethod
    def backward(ctx, grad_out):
        z, a = ctx.saved_tensors
        with torch.enable_grad():
            zz = z.detach().requires_grad_(True)
            (local,) = torch.autograd.grad(ACTS[ctx.name](zz), zz, grad_out)
        n = z.shape[0] // 2
        d_in = torch.cat(2 * [z[:n] - z[n:]])
        d_out = torch.cat(2 * [a[:n] - a[n:]])
        return torch.where(d_in.abs() < EPS, local, grad_out * d_out / d_in), None


def forward(layers, h, rescale):
    for w, b, act in layers:
        h = h @ w.T + b
        if act != 'none':
            h = Rescale.apply(h, act) if rescale else ACTS[act](h)
    return h


def captum_deeplift(layers, x, baseline, targets):
    n = x.shape[0]
    xi = x.clone().requires_grad_(True)
    both = torch.cat([xi, baseline.expand(n, -1)])
    out = forward(layers, both, True)[:n]
    picked = out[torch.arange(n), targets].sum()
    (grad,) = torch.autograd.grad(picked, xi)
    return ((x - baseline) * grad).detach()


def random_layers(gen, sizes, act):
    layers = []
    for k in range(len(sizes) - 1):
        w = torch.randn(sizes[k + 1], sizes[k], generator=gen) * (1.5 / sizes[k] ** 0.5)
        b = torch.randn(sizes[k + 1], generator=gen) * 0.3
        layers.append((w, b, act if k < len(sizes) - 2 else 'none'))
    return layers


def as_json(layers):
    return [{'w': w.tolist(), 'b': b.tolist(), 'activation': a} for w, b, a in layers]


def case(name, gen, sizes, act, head, n, baseline=None, targets=None):
    layers = random_layers(gen, sizes, act)
    d = sizes[0]
    x = torch.rand(n, d, generator=gen) * 2 - 1
    bl = torch.zeros(d) if baseline is None else torch.tensor(baseline)
    x[n - 1] = bl  # a row equal to the baseline: every attribution 0
    out = forward(layers, x, False)
    given = targets is not None
    if targets is None:
        targets = torch.zeros(n, dtype=torch.long) if head == 'value' else out.argmax(1)
    else:
        targets = torch.tensor(targets)
    if head == 'probability':
        # Per row: Linear(w_t − w_o, c_t − c_o) then Sigmoid, Captum's rule on the sigmoid.
        w, b, _ = layers[-1]
        phi = torch.zeros(n, d)
        for t in (0, 1):
            rows = (targets == t).nonzero().flatten()
            if len(rows) == 0:
                continue
            diff = (w[t] - w[1 - t]).unsqueeze(0), (b[t] - b[1 - t]).unsqueeze(0), 'sigmoid'
            phi[rows] = captum_deeplift(layers[:-1] + [diff], x[rows], bl, torch.zeros(len(rows), dtype=torch.long))
    else:
        phi = captum_deeplift(layers, x, bl, targets)
    with torch.no_grad():
        f = forward(layers, torch.cat([x, bl.unsqueeze(0)]), False)
        if head == 'probability':
            f = torch.softmax(f, 1)
    delta = f[torch.arange(n), targets] - f[n, targets]
    return {
        'name': name,
        'head': head,
        'layers': as_json(layers),
        'x': x.tolist(),
        'baseline': None if baseline is None else bl.tolist(),
        'targets': targets.tolist(),
        'targetsGiven': given,
        'attributions': phi.tolist(),
        'outputDelta': delta.tolist(),
    }


gen = torch.Generator().manual_seed(23)
cases = [
    case('relu MLP, 3-class logits, zero baseline, predicted class', gen, [4, 6, 5, 3], 'relu', 'logit', 6),
    case('tanh MLP, 4-class logits, given targets', gen, [5, 7, 4], 'tanh', 'logit', 4, [0.1, -0.2, 0.3, 0, 0.2], [3, 0, 2, 1]),
    case('relu MLP regression, 1 output, zero baseline', gen, [4, 8, 6, 1], 'relu', 'value', 5),
    case('sigmoid MLP regression, 2 outputs, target 1', gen, [3, 5, 2], 'sigmoid', 'value', 4, [0.2, 0.0, -0.1], [1, 1, 1, 1]),
    case('linear regression (no hidden layer), 1 output', gen, [4, 1], 'relu', 'value', 3, [0.5, -0.5, 0.25, 0]),
    case('relu MLP, binary probability (sigmoid of the logit difference)', gen, [4, 6, 2], 'relu', 'probability', 6),
]
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, 'captumDeepLift.json'), 'w') as f:
    json.dump({'source': 'captum/attr/_core/deep_lift.py (rescale rule), re-run in torch float64', 'eps': EPS, 'cases': cases}, f)
    f.write('\n')
print(f'{len(cases)} cases written')
