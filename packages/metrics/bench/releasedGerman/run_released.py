# Runs the released OpenXAI code on german: LR from its train_model, explanations from its Explainer,
# PGI/PGU from its Evaluator (serial, seed=-1). Writes weights, rows, explanations and per-instance scores.
import copy, json, os, sys, time
import numpy as np, torch
import warnings; warnings.filterwarnings('ignore')
import openxai.experiment_utils as utils
from openxai.model import train_model, LogisticRegression
from openxai.dataloader import ReturnTrainTestX
from openxai.explainer import Explainer
from openxai.evaluator import Evaluator
from openxai.explainers.perturbation_methods import get_perturb_method
cfg = utils.load_config('experiment_config.json')
methods = os.environ.get('METHODS', 'control,grad,itg,sg,shap,lime').split(',')
N = int(os.environ.get('N', 200))
if not os.path.exists('lr_german.pt'):
    t = cfg['training']; dc = t['german']
    model, acc, ep = train_model('lr', 'german', t['learning_rate'], t['epochs'], dc['batch_size'], scaler=t['scaler'], seed=t['seed'],
                                 pos_class_weight=dc['pos_class_weight'], mean_prediction_bound=dc['mean_pred_bound'], warmup=t['warmup'])
    torch.save(model.state_dict(), 'lr_german.pt'); print('trained', acc, ep, flush=True)
X_train, X_test, fm = ReturnTrainTestX('german', n_test=N, float_tensor=True, return_feature_metadata=True)
model = LogisticRegression(X_test.shape[1]); model.load_state_dict(torch.load('lr_german.pt')); model.eval()
lin = model.linear
json.dump({'format': 'xai-model@1', 'kind': 'lr', 'inputDim': lin.in_features, 'classes': 2, 'output': 'softmax',
           'layers': [{'weight': lin.weight.detach().double().tolist(), 'bias': lin.bias.detach().double().tolist(), 'activation': 'none'}]},
          open('lr_german.json', 'w'))
np.save('x_test.npy', X_test.numpy())
predictions = model(X_test).argmax(-1)
out = json.load(open('released.json')) if os.path.exists('released.json') else {}
out['x'] = X_test.double().tolist(); out['predictions'] = predictions.tolist()
for method in methods:
    t0 = time.time()
    ex = Explainer(method, model, utils.fill_param_dict(method, copy.deepcopy(cfg['explainers'][method]), X_train))
    e = ex.get_explanations(X_test, predictions).detach()
    rec = {'explanations': e.double().tolist()}
    for metric in ('PGI', 'PGU'):
        p = copy.deepcopy(cfg['evaluators']['prediction_metrics'])
        p['inputs'] = X_test; p['explanations'] = e
        p['perturb_method'] = get_perturb_method(p.pop('std'), 'german'); p['feature_metadata'] = fm; p['n_jobs'] = None
        score, mean = Evaluator(model, metric=metric).evaluate(**p)
        rec[metric] = np.asarray(score).tolist(); print(method, metric, mean, flush=True)
    out[method] = rec
    json.dump(out, open('released.json', 'w'))
    print(method, 'done', time.time() - t0, flush=True)
