# Released RIS/ROS on german (serial, seed=-1) for a few explainers on the first N test rows.
import copy, json, os, time
import numpy as np, torch
import warnings; warnings.filterwarnings('ignore')
import openxai.experiment_utils as utils
from openxai.model import LogisticRegression
from openxai.dataloader import ReturnTrainTestX
from openxai.explainer import Explainer
from openxai.evaluator import Evaluator
from openxai.explainers.perturbation_methods import get_perturb_method
cfg = utils.load_config('experiment_config.json')
methods = os.environ.get('METHODS', 'control,grad,sg').split(',')
N = int(os.environ.get('N', 30))
X_train, X_test, fm = ReturnTrainTestX('german', n_test=N, float_tensor=True, return_feature_metadata=True)
model = LogisticRegression(X_test.shape[1]); model.load_state_dict(torch.load('lr_german.pt')); model.eval()
out = json.load(open('stab.json')) if os.path.exists('stab.json') else {}
for method in methods:
    t0 = time.time(); rec = {}
    for metric in ('RIS', 'ROS'):
        exp_p = utils.fill_param_dict(method, copy.deepcopy(cfg['explainers'][method]), X_train)
        p = copy.deepcopy(cfg['evaluators']['stability_metrics'])
        p['inputs'] = X_test; p['explainer'] = Explainer(method, model, exp_p)
        p['perturb_method'] = get_perturb_method(p.pop('std'), 'german'); p['feature_metadata'] = fm; p['n_jobs'] = None
        score, mean = Evaluator(model, metric=metric).evaluate(**p)
        rec[metric] = np.asarray(score).tolist(); print(method, metric, mean, np.log(mean), flush=True)
    out[method] = rec; json.dump(out, open('stab.json', 'w'))
    print(method, 'done', time.time() - t0, flush=True)
