# The released code's own seed noise on RIS / RRS / ROS: its stability loop seeds each instance's
# draws with the instance index (`torch.manual_seed(i)`, openxai/metrics.py:279), so one run is one
# draw of the neighbours. An explainer with a `seed` in experiment_config.json (control, sg, shap,
# lime) reseeds torch and numpy to it inside the anchor's explanation (metrics.py:204, e.g.
# random_baseline.py:31), before the neighbours are drawn (metrics.py:206): for those the
# instance seed changes nothing and the explainer seed is the run's only randomness. This re-runs
# the released `_single_idx_stability` with instance seed i + 1000 * rep and explainer seed rep for
# rep = 0..R-1 (rep 0 is the released run itself, so its values must equal the committed run's) and
# writes, per method and metric, the per-rep per-instance values.
#   cd <the tree openxai_reference.py ran in, holding its trained <model>_<dataset>.pt>
#   python3 stability_seed_study.py DATASET MODEL OUT.json     (env: N=10 rows, REPS=8, METHODS=...)
import copy, json, os, sys, types
import numpy as np, torch

for name in ('torchray', 'torchray.attribution', 'torchray.attribution.excitation_backprop'):
    sys.modules[name] = types.ModuleType(name)
sys.modules['torchray.attribution.excitation_backprop'].excitation_backprop = None

import warnings; warnings.filterwarnings('ignore')
import openxai.experiment_utils as utils
import openxai.metrics as oxm
from openxai import dataloader
from openxai.model import LogisticRegression, ArtificialNeuralNetwork
from openxai.dataloader import ReturnTrainTestX
from openxai.explainer import Explainer
from openxai.explainers.perturbation_methods import get_perturb_method

data_name, model_name, out_path = sys.argv[1], sys.argv[2], sys.argv[3]
cfg = utils.load_config('experiment_config.json')
N = int(os.environ.get('N', 10))
REPS = int(os.environ.get('REPS', 8))
methods = os.environ.get('METHODS', 'control,grad,itg,ig').split(',')
metrics = ['RIS', 'ROS'] + (['RRS'] if model_name == 'ann' else [])
torch.set_num_threads(1)

d = len(dataloader.feature_types[data_name]) if data_name != 'german' else 60
model = LogisticRegression(d) if model_name == 'lr' else ArtificialNeuralNetwork(d, [100, 100])
model.load_state_dict(torch.load(f'{model_name}_{data_name}.pt')); model.eval()
X_train, X_test, fm = ReturnTrainTestX(data_name, n_test=N, float_tensor=True, return_feature_metadata=True)

# The neighbours and their explanations depend on the seed only: compute them once per
# (method, instance, seed) and let RIS, RRS and ROS read them, as openxai_reference.py does.
_memo = {}
_released = oxm._get_perturbation_explanations
def _memo_perturbation_explanations(model, input, explainer, *rest):
    key = (id(explainer), input.numpy().tobytes(), torch.initial_seed())
    if key not in _memo:
        _memo[key] = _released(model, input, explainer, *rest)
    return _memo[key]
oxm._get_perturbation_explanations = _memo_perturbation_explanations

p = copy.deepcopy(cfg['evaluators']['stability_metrics'])
perturb = get_perturb_method(p['std'], data_name)
out = {'format': 'openxai-stability-seed-study@1', 'dataset': data_name, 'model': model_name, 'rows': N,
       'reps': REPS, 'seed': 'instance index + 1000 * rep; explainer seed rep', 'methods': {}}
for method in methods:
    rec = {m: [] for m in metrics}
    for rep in range(REPS):
        params = copy.deepcopy(cfg['explainers'][method])
        if 'seed' in params: params['seed'] = rep
        explainer = Explainer(method, model, utils.fill_param_dict(method, params, X_train))
        for metric in metrics:
            vals = [oxm._single_idx_stability(i + 1000 * rep, X_test[i], explainer, model, perturb, fm, metric,
                                              p['n_samples'], p['n_perturbations'], p['p_norm'], -1) for i in range(N)]
            rec[metric].append([None if np.isnan(v) else float('%.12g' % v) for v in vals])
        _memo.clear()
        print(data_name, model_name, method, 'rep', rep, {m: round(float(np.log(np.nanmean(rec[m][-1]))), 4) for m in metrics}, flush=True)
    out['methods'][method] = rec
    tmp = out_path + '.tmp'; json.dump(out, open(tmp, 'w'), separators=(',', ':')); os.replace(tmp, out_path)
