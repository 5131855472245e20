# Reference values for captumShapley.test.ts: the real Captum ShapleyValues (captum/attr/_core/shapley_value.py,
# Captum 0.8 at faac0877, fetched; see packages/metrics/src/__fixtures__/peerSetup.py) on a float64 tanh MLP
# (5 -> 6 -> 3, explained on its logits, zero baseline: Captum's defaults), and the exact Shapley values of
# the same game enumerated here in float64 over all 2^5 coalitions. Captum accumulates its attributions in
# a float32 tensor whatever the inputs' dtype (shapley_value.py:637, torch.zeros(..., dtype=torch.float)),
# so its values sit a few float32 ulps from the exact ones.
# Run: PEERS=/tmp/peers /usr/bin/python3 src/__fixtures__/captumShapley.py  (writes captumShapley.json beside it)
import itertools
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../metrics/src/__fixtures__'))
from peerSetup import VERSIONS, torch  # noqa: E402
from captum.attr import ShapleyValues  # noqa: E402

gen = torch.Generator().manual_seed(5)
D, H, C = 5, 6, 3
W1 = torch.randn(H, D, generator=gen) * 0.9
B1 = torch.randn(H, generator=gen) * 0.3
W2 = torch.randn(C, H, generator=gen) * 0.9
B2 = torch.randn(C, generator=gen) * 0.3
X = torch.rand(4, D, generator=gen) * 2 - 1
net = torch.nn.Sequential(torch.nn.Linear(D, H), torch.nn.Tanh(), torch.nn.Linear(H, C))
with torch.no_grad():
    net[0].weight.copy_(W1)
    net[0].bias.copy_(B1)
    net[2].weight.copy_(W2)
    net[2].bias.copy_(B2)
net.eval()
targets = net(X).argmax(1)
captum = ShapleyValues(net).attribute(X.clone(), target=targets).detach()


def exact(x, t):
    """Shapley values of v(S) = f_t(x_S, 0 elsewhere), enumerated in float64."""
    phi = [0.0] * D
    with torch.no_grad():
        for j in range(D):
            others = [k for k in range(D) if k != j]
            for r in range(D):
                for S in itertools.combinations(others, r):
                    z = torch.zeros(D)
                    z[list(S)] = x[list(S)]
                    without = net(z.unsqueeze(0))[0, t].item()
                    z[j] = x[j]
                    with_j = net(z.unsqueeze(0))[0, t].item()
                    phi[j] += math.factorial(r) * math.factorial(D - r - 1) / math.factorial(D) * (with_j - without)
    return phi


reference = [exact(X[i], int(targets[i])) for i in range(len(X))]
worst = max(abs(a - b) for r, e in zip(captum.tolist(), reference) for a, b in zip(r, e))
out = {
    'source': 'Captum %(captum)s ShapleyValues, torch %(torch)s float64 model' % VERSIONS,
    'W1': W1.tolist(), 'b1': B1.tolist(), 'W2': W2.tolist(), 'b2': B2.tolist(),
    'x': X.tolist(), 'targets': targets.tolist(),
    'captum': captum.tolist(), 'exact': reference,
    'captumDtype': str(captum.dtype), 'maxAbsCaptumVsExact': worst,
}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'captumShapley.json'), 'w') as f:
    json.dump(out, f)
    f.write('\n')
print('captum dtype', captum.dtype, 'max |captum - exact|', worst)
