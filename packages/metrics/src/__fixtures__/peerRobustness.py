"""Quantus' and Captum's robustness / infidelity algorithms re-run in numpy on a linear softmax model.

Deterministic: the noise is drawn here and written out; the tests feed the same draws to our
metrics through their `perturb` options. Explanations are the exact class-probability gradient
p_t (W_t - sum_k p_k W_k) of softmax(W x + c).
- Quantus AvgSensitivity / MaxSensitivity (quantus/metrics/robustness/{avg,max}_sensitivity.py,
  commit 85bc29d1): per step, x' = x + U(-0.2, 0.2) on every feature; ||a - a'||_2 / ||a||_2;
  nanmean / nanmax over steps; normalise=False, abs=False.
- Captum sensitivity_max (captum/metrics/_core/sensitivity.py): max over samples of
  ||e' - e||_fro / ||e||_fro with a zero norm replaced by 1.
- Quantus LocalLipschitzEstimate (local_lipschitz_estimate.py): normalise_by_max of a_batch over
  the batch and of each step's perturbed explanations; x' = x + N(0, 0.1^2);
  max over steps of ||a - a'|| / ||x - x'||.
- Captum infidelity (captum/metrics/_core/infidelity.py) on the forward output (logits):
  mean over samples of (I.a - (f(x) - f(x - I)))^2, and with normalize=True the beta-scaled form.
Run: /usr/bin/python3 packages/metrics/src/__fixtures__/peerRobustness.py
"""

import json
import os

import numpy as np

W = np.array([[0.5, -1.0, 2.0], [-0.3, 0.8, 0.1], [1.2, 0.4, -0.7]])
c = np.array([0.2, -0.1, 0.05])
rng = np.random.RandomState(2023)
x = np.round(rng.normal(size=(4, 3)), 6)
S = 5


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


def normalise_by_max(a):
    if np.all(a == 0.0):
        return a
    return a / np.max(np.abs(a))


a = grad(x, targets)
uniform = rng.uniform(low=-0.2, high=0.2, size=(S,) + x.shape)  # one draw per step, as Quantus
ratios = np.zeros((len(x), S))
for s in range(S):
    a_p = grad(x + uniform[s], targets)
    ratios[:, s] = np.linalg.norm(a - a_p, axis=-1) / np.linalg.norm(a, axis=-1)
quantus_avg = np.nanmean(ratios, axis=1)
quantus_max = np.nanmax(ratios, axis=1)
captum_max = np.max(ratios, axis=1)  # ||e|| > 0 on every row here, so the zero guard is inactive

gauss = rng.normal(loc=0.0, scale=0.1, size=(S,) + x.shape)
a_n = normalise_by_max(a)
lle = np.zeros((len(x), S))
for s in range(S):
    xp = x + gauss[s]
    a_p = normalise_by_max(grad(xp, targets))
    lle[:, s] = np.linalg.norm(a_n - a_p, axis=-1) / np.linalg.norm(x - xp, axis=-1)
quantus_lle = np.nanmax(lle, axis=1)

attributions = np.round(rng.normal(size=x.shape), 6)
pert = rng.normal(scale=0.3, size=(len(x), S, 3))
fx = logits(x)[np.arange(len(x)), targets]
fxp = np.stack([logits(x - pert[:, s])[np.arange(len(x)), targets] for s in range(S)], axis=1)
a_dot = np.einsum("nsd,nd->ns", pert, attributions)
diff = fx[:, None] - fxp
infid = ((a_dot - diff) ** 2).mean(axis=1)
beta_num = (a_dot * diff).sum(axis=1)
beta_den = (a_dot * a_dot).sum(axis=1)
beta = np.where(beta_den == 0, beta_num, beta_num / np.where(beta_den == 0, 1, beta_den))
infid_norm = (beta**2 * (a_dot**2).sum(axis=1) - 2 * beta * (a_dot * diff).sum(axis=1) + (diff**2).sum(axis=1)) / S

out = {
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
