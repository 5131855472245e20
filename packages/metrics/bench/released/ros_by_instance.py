# ROS of an LR's Integrated Gradients by instance, on the released code's own neighbours: the
# released terms (float32 e, e' and logits, as `_single_idx_stability` computes them,
# openxai/metrics.py:283-301) against the same neighbours scored in float64 (Captum's IG on the
# model in double, logits x W^T + b) and mixed (the released float32 anchor e with float64 e'),
# to show which precision of which term moves the max over neighbours.
#   cd <the tree openxai_reference.py ran in, holding its trained lr_<dataset>.pt>
#   python3 ros_by_instance.py DATASET        (env: N=10 rows, REP=0: instance seed i + 1000 * REP)
import copy, os, sys, types
import numpy as np, torch

for name in ('torchray', 'torchray.attribution', 'torchray.attribution.excitation_backprop'):
    sys.modules[name] = types.ModuleType(name)
sys.modules['torchray.attribution.excitation_backprop'].excitation_backprop = None

import warnings; warnings.filterwarnings('ignore')
import openxai.experiment_utils as utils
import openxai.metrics as oxm
from openxai import dataloader
from openxai.model import LogisticRegression
from openxai.dataloader import ReturnTrainTestX
from openxai.explainer import Explainer
from openxai.explainers.perturbation_methods import get_perturb_method
from captum.attr import IntegratedGradients as CaptumIG

torch.set_num_threads(1)
ds = sys.argv[1]
N, REP = int(os.environ.get('N', 10)), int(os.environ.get('REP', 0))
cfg = utils.load_config('experiment_config.json')
d = len(dataloader.feature_types[ds]) if ds != 'german' else 60
model = LogisticRegression(d); model.load_state_dict(torch.load(f'lr_{ds}.pt')); model.eval()
X_train, X_test, fm = ReturnTrainTestX(ds, n_test=N, float_tensor=True, return_feature_metadata=True)
p = cfg['evaluators']['stability_metrics']
perturb = get_perturb_method(p['std'], ds)
explainer = Explainer('ig', model, utils.fill_param_dict('ig', copy.deepcopy(cfg['explainers']['ig']), X_train))
m64 = copy.deepcopy(model).double()
base64 = torch.mean(X_train.double(), dim=0).reshape(1, -1)
W, b = model.linear.weight.detach().double().numpy(), model.linear.bias.detach().double().numpy()

def ig64(x, label):
    return CaptumIG(m64, False).attribute(x.double(), target=label, method='gausslegendre', baselines=base64).detach().numpy()

def rel(a, a2):
    return np.linalg.norm((a - a2).ravel()) / np.linalg.norm(a.ravel())

def max_ratio(num, den):
    v = num / np.where(den > 0, den, np.nan)
    return float(np.nanmax(v)) if np.isfinite(v).any() else float('nan')

cols = ('released', 'float64', 'mixed')
res = {c: [] for c in cols}
print('row label p(label) kept', *cols, 'anchor |e32-e64|/|e| median num64', sep='\t')
for i in range(N):
    x = X_test[i].reshape(1, -1)
    torch.manual_seed(i + 1000 * REP); np.random.seed(i + 1000 * REP)
    xp, ep32, e32 = oxm._get_perturbation_explanations(model, x, explainer, perturb, p['n_samples'], fm, p['n_perturbations'])
    xp, e32, label = xp.reshape(-1, d), e32.detach().numpy(), int(torch.argmax(model(x)))
    e64, ep64 = ig64(x, label), ig64(xp, torch.full((len(xp),), label))
    lg32, lp32 = model.predict_with_logits(x).detach().numpy(), model.predict_with_logits(xp).detach().numpy()
    lg64, lp64 = x.double().numpy() @ W.T + b, xp.double().numpy() @ W.T + b
    t = np.array([(rel(e32, ep32[k]), rel(lg32, lp32[k]), rel(e64, ep64[k]), rel(lg64, lp64[k:k + 1]), rel(e32, ep64[k]))
                  for k in range(len(xp))])
    row = {'released': max_ratio(t[:, 0], t[:, 1]), 'float64': max_ratio(t[:, 2], t[:, 3]), 'mixed': max_ratio(t[:, 4], t[:, 3])}
    for c in cols: res[c].append(row[c])
    print(i, label, '%.5f' % float(model(x)[0, label]), len(xp), *('%.4f' % row[c] for c in cols),
          '%.2e' % rel(e64, e32), '%.2e' % np.median(t[:, 2]), sep='\t', flush=True)
print('ln mean', *('%s %.3f' % (c, np.log(np.nanmean(res[c]))) for c in cols))
