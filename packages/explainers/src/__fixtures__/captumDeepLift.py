# Reference values for deepLiftCaptum.test.ts: the real Captum DeepLift (captum/attr/_core/deep_lift.py, Captum 0.8
# at faac0877, fetched; see packages/metrics/src/__fixtures__/peerSetup.py) on float64 torch MLPs.
# DeepLift(model).attribute(x, baselines=b, target=t) with Captum's defaults (multiply_by_inputs=True, eps=1e-10):
# the explained output is the forward's own (logits of a classifier, the value of a regression model).
# The binary 'probability' case is Captum on Sequential(..., Linear(w_t - w_o), Sigmoid): the target class
# probability of a two-class softmax is sigma(z_t - z_o), so Captum's sigmoid rule applies to it.
# Run: PEERS=/tmp/peers /usr/bin/python3 src/__fixtures__/captumDeepLift.py  (writes captumDeepLift.json beside it)
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../metrics/src/__fixtures__'))
from peerSetup import VERSIONS, torch  # noqa: E402
from captum.attr import DeepLift  # noqa: E402

EPS = 1e-10
ACTS = {'relu': torch.relu, 'tanh': torch.tanh, 'sigmoid': torch.sigmoid}
MODULES = {'relu': torch.nn.ReLU, 'tanh': torch.nn.Tanh, 'sigmoid': torch.nn.Sigmoid}


def forward(layers, h):
    for w, b, act in layers:
        h = h @ w.T + b
        if act != 'none':
            h = ACTS[act](h)
    return h


def network(layers):
    """The layers as an nn.Sequential (fresh activation modules: Captum hooks each one)."""
    mods = []
    for w, b, act in layers:
        lin = torch.nn.Linear(w.shape[1], w.shape[0])
        with torch.no_grad():
            lin.weight.copy_(w)
            lin.bias.copy_(b)
        mods.append(lin)
        if act != 'none':
            mods.append(MODULES[act]())
    return torch.nn.Sequential(*mods).eval()


def captum_deeplift(layers, x, baseline, targets):
    dl = DeepLift(network(layers))
    return dl.attribute(x.clone(), baselines=baseline.expand(x.shape[0], -1).clone(), target=targets).detach()


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
    out = forward(layers, x)
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
        f = forward(layers, torch.cat([x, bl.unsqueeze(0)]))
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
    json.dump({'source': 'Captum %(captum)s DeepLift, torch %(torch)s float64' % VERSIONS, 'eps': EPS, 'cases': cases}, f)
    f.write('\n')
print(f'{len(cases)} cases written')
