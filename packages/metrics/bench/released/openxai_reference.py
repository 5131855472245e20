# Runs the released OpenXAI code (a182886, Captum v0.7.0, lime on PYTHONPATH) on one dataset x model
# the way its train_models.py / generate_explanations.py / evaluate_metrics.py pipeline does, on the
# first N test rows, and writes one compact JSON: the trained model (xai-model@1), the scaled rows,
# the released feature metadata, every method's explanations and every metric's per-instance values.
#   cd <extracted OpenXAI tree with data/<name>/<name>-{train,test}.csv>
#   python3 openxai_reference.py DATASET MODEL OUT.json        (env: N=100, METHODS=..., METRICS=...,
#                                                               STAB_N=rows for RIS/RRS/ROS, default N,
#                                                               STAB_N_<METHOD> for one method, e.g. STAB_N_SHAP=20)
# Deviations from the pipeline, none changing a number: n_jobs=None (serial; the per-instance seeds are
# the same), and the stability loop's (neighbours, explanations) per (method, instance) are computed once
# and reused by RIS, RRS and ROS (each metric reseeds identically, so the released code recomputes the
# same tensors three times).
import copy, json, os, sys, time, types
import numpy as np, torch

# ebp.py imports torchray, which no path used here needs.
for name in ('torchray', 'torchray.attribution', 'torchray.attribution.excitation_backprop'):
    sys.modules[name] = types.ModuleType(name)
sys.modules['torchray.attribution.excitation_backprop'].excitation_backprop = None

import warnings; warnings.filterwarnings('ignore')
import openxai.experiment_utils as utils
import openxai.metrics as oxm
from openxai import dataloader
from openxai.model import train_model, LogisticRegression, ArtificialNeuralNetwork
from openxai.dataloader import ReturnTrainTestX
from openxai.explainer import Explainer
from openxai.evaluator import Evaluator, ground_truth_metrics, prediction_metrics, stability_metrics
from openxai.explainers.perturbation_methods import get_perturb_method

data_name, model_name, out_path = sys.argv[1], sys.argv[2], sys.argv[3]
cfg = utils.load_config('experiment_config.json')
N = int(os.environ.get('N', 100))
STAB_N = int(os.environ.get('STAB_N', N))
methods = os.environ.get('METHODS', ','.join(cfg['methods'])).split(',')
metrics = [m for m in os.environ.get('METRICS', ','.join(cfg['metrics'])).split(',')
           if not utils.invalid_model_metric_combination(model_name, m)]
torch.set_num_threads(1)


def f32(a):
    """float32 values as 9-digit decimals (each round-trips to the same float32)."""
    return [float('%.9g' % v) for v in np.asarray(a, dtype=np.float32).ravel()]


def rows32(a):
    a = np.asarray(a, dtype=np.float32)
    return [f32(r) for r in a]


def train_or_load():
    path = f'{model_name}_{data_name}.pt'
    t = cfg['training']; dc = t[data_name]
    if not os.path.exists(path):
        model, acc, epoch = train_model(model_name, data_name, t['learning_rate'], t['epochs'], dc['batch_size'],
                                        scaler=t['scaler'], seed=t['seed'], pos_class_weight=dc['pos_class_weight'],
                                        mean_prediction_bound=dc['mean_pred_bound'], warmup=t['warmup'])
        torch.save(model.state_dict(), path)
        print('trained', model_name, data_name, acc, epoch, flush=True)
    d = len(dataloader.feature_types[data_name]) if data_name != 'german' else 60
    model = LogisticRegression(d) if model_name == 'lr' else ArtificialNeuralNetwork(d, [100, 100])
    model.load_state_dict(torch.load(path)); model.eval()
    return model


def model_json(model):
    linears = [model.linear] if model_name == 'lr' else [m for m in model.network if isinstance(m, torch.nn.Linear)]
    layers = [{'weight': rows32(l.weight.detach()), 'bias': f32(l.bias.detach()),
               'activation': 'relu' if k < len(linears) - 1 else 'none'} for k, l in enumerate(linears)]
    return {'format': 'xai-model@1', 'kind': model_name, 'inputDim': linears[0].in_features, 'classes': 2,
            'output': 'softmax', 'layers': layers}


# The released stability loop, once per (method, instance): see the header.
_memo = {}
_released_perturbation_explanations = oxm._get_perturbation_explanations
def _memo_perturbation_explanations(model, input, explainer, *rest):
    key = (id(explainer), input.numpy().tobytes())
    if key not in _memo:
        _memo[key] = _released_perturbation_explanations(model, input, explainer, *rest)
    return _memo[key]
oxm._get_perturbation_explanations = _memo_perturbation_explanations
# eval_relative_stability drops NaN instances from its scores; record them in instance order instead.
_stability_values = []
_released_single_idx_stability = oxm._single_idx_stability
def _recording_single_idx_stability(*args):
    v = _released_single_idx_stability(*args)
    _stability_values.append(float(v))
    return v
oxm._single_idx_stability = _recording_single_idx_stability


def param_dict(metric, method, explanations, X_train, X_test, fm, predictions, explainer):
    # As evaluate_metrics.py's _construct_param_dict, with n_jobs=None.
    if metric in ground_truth_metrics:
        p = copy.deepcopy(cfg['evaluators']['ground_truth_metrics']); p['explanations'] = explanations
        if metric in ['FA', 'RA', 'SA', 'SRA']: p['predictions'] = predictions
        else: del p['k'], p['AUC']
    elif metric in prediction_metrics:
        p = copy.deepcopy(cfg['evaluators']['prediction_metrics'])
        p['inputs'] = X_test; p['explanations'] = explanations
        p['perturb_method'] = get_perturb_method(p.pop('std'), data_name); p['feature_metadata'] = fm
    else:
        p = copy.deepcopy(cfg['evaluators']['stability_metrics'])
        p['inputs'] = X_test[:int(os.environ.get('STAB_N_' + method.upper(), STAB_N))]; p['explainer'] = explainer
        p['perturb_method'] = get_perturb_method(p.pop('std'), data_name); p['feature_metadata'] = fm
    if metric not in ground_truth_metrics: p['n_jobs'] = None
    return p


def main():
    model = train_or_load()
    X_train, X_test, fm = ReturnTrainTestX(data_name, n_test=N, float_tensor=True, return_feature_metadata=True)
    raw = dataloader.TabularDataLoader(f'./data/{data_name}/', f'{data_name}-train.csv', dataloader.labels[data_name])
    predictions = model(X_test).argmax(-1)
    out = json.load(open(out_path)) if os.path.exists(out_path) else {}
    out.update({
        'format': 'openxai-released-run@1', 'dataset': data_name, 'model': model_name,
        'code': {'openxai': 'a18288620464250856b55234266a6d1dabb64656', 'captum': 'v0.7.0', 'lime': 'fd7eb2e6f760',
                 'torch': torch.__version__},
        'featureNames': raw.feature_names, 'featureMetadata': fm,
        'train': {'rows': int(X_train.shape[0]), 'mean': f32(torch.mean(X_train, dim=0)),
                  'rawMin': [float(v) for v in raw.X.min().values], 'rawMax': [float(v) for v in raw.X.max().values]},
        'modelJson': model_json(model), 'x': rows32(X_test), 'predictions': predictions.tolist(),
        'probabilities': rows32(model(X_test).detach()),
    })
    out.setdefault('methods', {})
    for method in methods:
        t0 = time.time()
        exp_params = utils.fill_param_dict(method, copy.deepcopy(cfg['explainers'][method]), X_train)
        explanations = Explainer(method, model, exp_params).get_explanations(X_test, predictions).detach()
        rec = {'explanations': rows32(explanations), 'metrics': {}}
        explainer = Explainer(method, model, utils.fill_param_dict(method, copy.deepcopy(cfg['explainers'][method]), X_train))
        for metric in metrics:
            p = param_dict(metric, method, explanations, X_train, X_test, fm, predictions, explainer)
            _stability_values.clear()
            score, mean = Evaluator(model, metric=metric).evaluate(**p)
            score = np.asarray(_stability_values if metric in stability_metrics else score, dtype=np.float64)
            rec['metrics'][metric] = [None if np.isnan(v) else float('%.12g' % v) for v in score.ravel()]
            print(data_name, model_name, method, metric, round(float(mean), 6), flush=True)
        out['methods'][method] = rec
        _memo.clear()
        tmp = out_path + '.tmp'; json.dump(out, open(tmp, 'w'), separators=(',', ':')); os.replace(tmp, out_path)
        print(method, 'done', round(time.time() - t0, 1), 's', flush=True)


main()
