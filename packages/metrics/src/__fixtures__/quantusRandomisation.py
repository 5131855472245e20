"""Runs the real Quantus MPRT and SmoothMPRT (quantus/metrics/randomisation/{mprt,smooth_mprt}.py, 0.6 at
85bc29d1; see peerSetup.py) on a small ReLU MLP, and writes the random weights Quantus drew, so the tests
replay them through modelParameterRandomisation's `randomise` option.

Model: Linear(5, 4) -> ReLU -> Linear(4, 3), float64; explain_func: the gradient of the explained class's
softmax probability (torch autograd). Quantus randomises top-down (layer_order='top_down', cascading), each
layer by torch.manual_seed(seed + 1); reset_parameters() (quantus/helpers/model/pytorch_model.py:330); the
weights each step's model holds are read back here. Similarity: Quantus' default Spearman of the
normalised |a|.
- 'mprt.layers': Quantus' per-layer similarities (return_average_correlation=False), top layer first.
- 'mprt.average': return_average_correlation=True. Quantus stores the original model's similarity
  under "original" (mprt.py:341) but skips the key "orig" when averaging (mprt.py:407), so the
  original's self-similarity (1 when a_batch is the original explanation) is averaged in.
- 'smoothMprt': the same for SmoothMPRT with nr_samples=1 (its last copy is noise-free, so one sample
  is the plain explanation) and layer_order='top_down' (its default is bottom_up), where the same key
  mismatch sits at smooth_mprt.py:365 / 434. SmoothMPRT explains with quantus.explain whatever
  explain_func is given (smooth_mprt.py:650): its default method, Captum Saliency of the model output
  (logits, |gradient|); a_batch is that explanation ('smoothMprt.attributions').
- 'efficientMprt': EfficientMPRT (skip_layers=True: the fully randomised model) with
  complexity_func_kwargs={'n_bins': 100}; without n_bins Quantus picks the bins from the batch
  (efficient_mprt.py:344, find_n_bins), which 'efficientMprtAutoBins' records.
Run: PEERS=/tmp/peers /usr/bin/python3 packages/metrics/src/__fixtures__/quantusRandomisation.py
"""

import json
import os

import numpy as np
from peerSetup import VERSIONS, quantus, torch

rs = np.random.RandomState(31)
DIMS = [5, 4, 3]
X = np.round(rs.normal(size=(6, DIMS[0])), 6)
PARAMS = [(np.round(rs.normal(size=(o, i)) * 0.8, 6), np.round(rs.normal(size=o) * 0.8, 6)) for i, o in zip(DIMS, DIMS[1:])]


def build():
    net = torch.nn.Sequential(torch.nn.Linear(5, 4), torch.nn.ReLU(), torch.nn.Linear(4, 3))
    with torch.no_grad():
        for layer, (w, b) in zip([net[0], net[2]], PARAMS):
            layer.weight.copy_(torch.tensor(w))
            layer.bias.copy_(torch.tensor(b))
    return net.eval()


def explain_grad(model, inputs, targets, **kwargs):
    """d p_t / d x through the given (possibly randomised) torch model."""
    x = torch.tensor(np.asarray(inputs, dtype=float).reshape(len(inputs), -1), requires_grad=True)
    p = torch.softmax(model(x), dim=-1)
    p[torch.arange(len(x)), torch.tensor(np.asarray(targets))].sum().backward()
    return x.grad.detach().numpy().reshape(np.shape(inputs))


NET = build()
Y = torch.softmax(NET(torch.tensor(X)), -1).argmax(-1).numpy()
A = explain_grad(NET, X, Y)

# The random weights Quantus' generator puts in each layer (top layer first), read off its models.
wrapped = quantus.helpers.model.pytorch_model.PyTorchModel(build(), channel_first=True, softmax=False, device='cpu')
random_layers = {}
for name, model in wrapped.get_random_layer_generator(order='top_down', seed=42):
    layer = dict(model.named_modules())[name]
    random_layers[name] = {'weight': layer.weight.detach().numpy().tolist(), 'bias': layer.bias.detach().numpy().tolist()}


def run(metric, a=A):
    r = metric(model=build(), x_batch=X.copy(), y_batch=Y.copy(), a_batch=a.copy(), device='cpu', explain_func=explain_grad)
    return r


A_SALIENCY = quantus.explain(build(), X.copy(), Y.copy())
layers = run(quantus.MPRT(disable_warnings=True))
smooth = dict(nr_samples=1, layer_order='top_down', disable_warnings=True)
smooth_layers = run(quantus.SmoothMPRT(**smooth), a=A_SALIENCY)
efficient = {
    'bins100': [float(v) for v in run(quantus.EfficientMPRT(complexity_func_kwargs={'n_bins': 100}, disable_warnings=True))],
    'autoBins': [float(v) for v in run(quantus.EfficientMPRT(disable_warnings=True))],
}


def nan_to_null(v):
    """JSON has no NaN: an undefined similarity is written as null (the tests read it back as NaN)."""
    if isinstance(v, dict):
        return {k: nan_to_null(t) for k, t in v.items()}
    if isinstance(v, list):
        return [nan_to_null(t) for t in v]
    return None if isinstance(v, float) and np.isnan(v) else v


out = {
    'source': 'Quantus %(quantus)s run by quantusRandomisation.py (torch %(torch)s)' % VERSIONS,
    'dims': DIMS,
    'x': X.tolist(),
    'params': [{'weight': w.tolist(), 'bias': b.tolist()} for w, b in PARAMS],
    'targets': Y.tolist(),
    # Our layer index: 0 = first Linear ('0'), 1 = second ('2').
    'randomWeights': [random_layers['0'], random_layers['2']],
    'mprt': {
        'layers': {k: [float(v) for v in vs] for k, vs in layers.items()},
        'average': [float(v) for v in run(quantus.MPRT(return_average_correlation=True, disable_warnings=True))],
    },
    'efficientMprt': efficient['bins100'],
    'efficientMprtAutoBins': efficient['autoBins'],
    'smoothMprt': {
        'attributions': np.asarray(A_SALIENCY).tolist(),
        'layers': {k: [float(v) for v in vs] for k, vs in smooth_layers.items()},
        'average': [float(v) for v in run(quantus.SmoothMPRT(return_average_correlation=True, **smooth), a=A_SALIENCY)],
    },
}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'quantusRandomisation.json'), 'w') as f:
    json.dump(nan_to_null(out), f, indent=1)
    f.write('\n')
print(json.dumps({k: out[k] for k in ('mprt', 'smoothMprt')}))
