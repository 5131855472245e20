"""Quantus' and Captum's robustness / infidelity metrics run for real (Quantus 0.6 at 85bc29d1, Captum 0.8 at
faac0877; see peerSetup.py) on a linear softmax model, with their random draws replaced by draws made here and
written out, so the tests feed the same draws to our metrics through their `perturb` options.
Explanations are the exact class-probability gradient p_t (W_t - sum_k p_k W_k) of softmax(W x + c).
- quantus.AvgSensitivity / MaxSensitivity (quantus/metrics/robustness/{avg,max}_sensitivity.py):
  perturb_func replays one U(-0.2, 0.2) draw of the whole batch per step (its batch_uniform_noise with
  lower_bound=0.2 draws that); normalise=False, abs=False; ||a - a'|| / ||a||; nanmean / nanmax.
- captum.metrics.sensitivity_max (captum/metrics/_core/sensitivity.py): the same draws; Captum repeats each
  input n_perturb_samples times (repeat_interleave), so expanded row i*S + s gets draw s of row i.
- quantus.LocalLipschitzEstimate (local_lipschitz_estimate.py): perturb_func replays x + N(0, 0.1^2) per step;
  normalise_by_max of a_batch over the batch and of each step's explanations.
- captum.metrics.infidelity (captum/metrics/_core/infidelity.py) on the forward output (logits), with and
  without normalize=True; perturb_func returns the drawn perturbations I and x - I (row i*S + s: draw s of
  row i).
Run: PEERS=/tmp/peers /usr/bin/python3 packages/metrics/src/__fixtures__/peerRobustness.py
"""

import json
import os

import numpy as np
from peerSetup import VERSIONS, linear_softmax_net, quantus, torch
from captum.metrics import infidelity, sensitivity_max

W = np.array([[0.5, -1.0, 2.0], [-0.3, 0.8, 0.1], [1.2, 0.4, -0.7]])
c = np.array([0.2, -0.1, 0.05])
rng = np.random.RandomState(2023)
x = np.round(rng.normal(size=(4, 3)), 6)
S = 5
NET = linear_softmax_net(W, c)


def logits(x):
    return x @ W.T + c


def probs(x):
    z = logits(x)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


targets = probs(x).argmax(axis=1)


def grad(x, t):
    p = probs(x)
    avg = p @ W
    return p[np.arange(len(x)), t][:, None] * (W[t] - avg)


def explain_grad(model, inputs, targets, **kwargs):
    """Quantus explain_func: the exact probability gradient, in the inputs' shape."""
    xs = np.asarray(inputs, dtype=float)
    return grad(xs.reshape(len(xs), -1), np.asarray(targets)).reshape(xs.shape)


def replay(draws, add=True):
    """A Quantus perturb_func returning x + draws[step] for its step-th call."""
    step = [0]

    def perturb(arr, indices=None, **kwargs):
        out = np.asarray(arr, dtype=float) + draws[step[0]].reshape(np.shape(arr))
        step[0] += 1
        return out

    return perturb


def quantus_run(metric):
    r = metric(model=NET, x_batch=x.copy(), y_batch=targets.copy(), a_batch=grad(x, targets), device="cpu", explain_func=explain_grad)
    return np.array(r, dtype=float)


a = grad(x, targets)
uniform = rng.uniform(low=-0.2, high=0.2, size=(S,) + x.shape)  # one draw of the batch per step, as Quantus
quantus_avg = quantus_run(quantus.AvgSensitivity(nr_samples=S, perturb_func=replay(uniform), disable_warnings=True))
quantus_max = quantus_run(quantus.MaxSensitivity(nr_samples=S, perturb_func=replay(uniform), disable_warnings=True))
expanded_uniform = torch.tensor(uniform.transpose(1, 0, 2).reshape(-1, 3))  # row i*S + s = draw s of row i
t_targets = torch.tensor(targets)


def captum_explain(inp, target):
    """The gradient as a Captum attribution method returns it: a tuple for tuple inputs."""
    one = inp[0] if isinstance(inp, tuple) else inp
    g = torch.tensor(grad(one.detach().numpy(), target.numpy()))
    return (g,) if isinstance(inp, tuple) else g


captum_max = sensitivity_max(
    captum_explain,
    torch.tensor(x),
    perturb_func=lambda inp, radius: inp + expanded_uniform,
    n_perturb_samples=S,
    target=t_targets,
).numpy()

gauss = rng.normal(loc=0.0, scale=0.1, size=(S,) + x.shape)
quantus_lle = quantus_run(quantus.LocalLipschitzEstimate(nr_samples=S, perturb_func=replay(gauss), disable_warnings=True))

attributions = np.round(rng.normal(size=x.shape), 6)
pert = rng.normal(scale=0.3, size=(len(x), S, 3))
expanded_pert = torch.tensor(pert.reshape(-1, 3))  # row i*S + s = draw s of row i


def captum_infidelity(normalize):
    return infidelity(
        NET,
        lambda inp: (expanded_pert, inp - expanded_pert),
        torch.tensor(x),
        torch.tensor(attributions),
        target=t_targets,
        n_perturb_samples=S,
        normalize=normalize,
    ).detach().numpy()


infid, infid_norm = captum_infidelity(False), captum_infidelity(True)

out = {
    "source": "Quantus %(quantus)s and Captum %(captum)s run by peerRobustness.py (torch %(torch)s)" % VERSIONS,
    "W": W.tolist(),
    "c": c.tolist(),
    "x": x.tolist(),
    "targets": targets.tolist(),
    "samples": S,
    "uniform": uniform.tolist(),
    "gauss": gauss.tolist(),
    "quantusAvgSensitivity": quantus_avg.tolist(),
    "quantusMaxSensitivity": quantus_max.tolist(),
    "captumSensitivityMax": captum_max.tolist(),
    "quantusLocalLipschitz": quantus_lle.tolist(),
    "attributions": attributions.tolist(),
    "perturbations": pert.tolist(),
    "captumInfidelityLogits": infid.tolist(),
    "captumInfidelityLogitsNormalized": infid_norm.tolist(),
}
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "peerRobustness.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print({k: v for k, v in out.items() if k.startswith(("quantus", "captum"))})
