"""bench:perf's Python side: trains the timed ensemble and times XGBoost's pred_contribs on request.

    python3 xgboost_side.py <dir> <rows>

Writes <dir>/m.json (100 trees, depth 6, 30 features, binary:logistic), <dir>/m.onnx (the same trees in
onnxmltools' layout), <dir>/x.f32 (the timed rows, float32, ~5 % missing), then answers each line "contribs" on
stdin with the CPU seconds of one booster.predict(pred_contribs=True) over the rows at nthread=1.
"""
import os
import sys
import time

import numpy as np
import xgboost as xgb

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures'))
from make_fixtures import write_onnx, xgb_onnx_trees  # noqa: E402

out, n = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(7)
d = 30
x = rng.normal(size=(20000, d)).astype(np.float32)
y = ((x[:, 0] + x[:, 1] * x[:, 2] - x[:, 3] + 0.5 * np.sin(x[:, 4:8].sum(axis=1))) + 0.5 * rng.normal(size=len(x)) > 0).astype(int)
booster = xgb.train({'objective': 'binary:logistic', 'max_depth': 6, 'eta': 0.1, 'nthread': 1, 'seed': 0},
                    xgb.DMatrix(x, label=y), 100)
booster.save_model(os.path.join(out, 'm.json'))
write_onnx(os.path.join(out, 'm.onnx'), d, xgb_onnx_trees(booster, 2), True, [0, 1], 'LOGISTIC', None)
xt = rng.normal(size=(n, d)).astype(np.float32)
xt[rng.random(xt.shape) < 0.05] = np.nan
xt.tofile(os.path.join(out, 'x.f32'))
booster.set_param({'nthread': 1})
dm = xgb.DMatrix(xt, missing=np.nan, nthread=1)
print('ready', flush=True)
for line in sys.stdin:
    if line.strip() != 'contribs':
        break
    t = time.process_time()
    booster.predict(dm, pred_contribs=True)
    print(time.process_time() - t, flush=True)
