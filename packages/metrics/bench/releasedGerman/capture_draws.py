# Replays the released german perturbation's random draws per instance (torch.manual_seed(i),
# np.random.seed(i), the same calls in the same order as NewDiscrete_NormalPerturbation) and
# writes them in our kernel's (z, u) layout; checks the replay against the released output.
import json, numpy as np, torch
from openxai.dataloader import ReturnTrainTestX
from openxai.explainers.perturbation_methods import get_perturb_method
_, X, fm = ReturnTrainTestX('german', n_test=200, float_tensor=True, return_feature_metadata=True)
S, sigma = 100, 0.1; flip = np.sqrt(2 / np.pi) * sigma
pm = get_perturb_method(sigma, 'german')
n, dim = X.shape
out = {'z': [], 'u': []}; worst = 0.0
for i in range(n):
    x = X[i]
    torch.manual_seed(i); np.random.seed(i)
    z = np.zeros((S, dim)); u = np.full((S, dim), 0.999)
    col = 0
    for t, w in zip(fm['feature_types'], fm['feature_n_cols']):
        if t == 'c':
            noise = torch.normal(0.0, sigma, [S, dim])
            z[:, col] = noise[:, col].double().numpy() / sigma
        else:
            opts = [j for j in range(col, col + w) if x[j] != 1]; hot = [j for j in range(col, col + w) if x[j] == 1][0]
            b = torch.bernoulli(torch.empty(S, dim).fill_(pm.flip_percentage))[:, hot].numpy()
            dest = np.random.choice(opts, size=S)
            u[:, col] = np.where(b == 1, 0.0, 0.999)
            u[:, col + 1] = (np.array([opts.index(j) for j in dest]) + 0.5) / (w - 1)
        col += w
    # check: the released output for a random mask equals our formula on these draws
    mask = torch.rand(dim, generator=torch.Generator().manual_seed(1000 + i)) < 0.5
    torch.manual_seed(i); np.random.seed(i)
    ref = pm.get_perturbed_inputs(original_sample=x, feature_mask=mask, num_samples=S, feature_metadata=fm).double().numpy()
    xd = x.double().numpy(); mine = np.tile(xd, (S, 1)); free = ~mask.numpy()
    mine[:, :8] = np.where(free[:8], xd[:8] + sigma * z[:, :8], xd[:8])
    col = 8
    for w in fm['feature_n_cols'][8:]:
        hot = col + int(np.argmax(xd[col:col + w])); others = [j for j in range(col, col + w) if j != hot]
        for s in range(S):
            if u[s, col] < flip:
                dest = others[int(np.floor(u[s, col + 1] * (w - 1)))]
                if free[hot]: mine[s, hot] = abs(xd[hot] - 1)
                if free[dest]: mine[s, dest] = abs(xd[dest] - 1)
        col += w
    worst = max(worst, float(np.abs(mine - ref).max()))
    out['z'].append(z.flatten().tolist()); out['u'].append(u.flatten().tolist())
print('replay vs released get_perturbed_inputs, max abs', worst)
json.dump(out, open('draws.json', 'w'))
