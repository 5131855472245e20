#!/usr/bin/env python3
"""Held-out exports for running the installed `xai` CLI as an outsider would (docs/outsider-run.md).

Run in an empty folder with Debian's Python (python3-torch 1.13, python3-sklearn, python3-onnx):
    /usr/bin/python3 packages/onnx/scripts/held_out_exports.py
Writes, trained on scikit-learn's bundled data in raw units (standardised inside the graph), float32 weights:
wine_ln_silu_op13.onnx (LayerNorm in its opset-13 ReduceMean/Sub/Pow/Sqrt/Div form, SiLU, a residual block, 3 classes),
diabetes_embed_gelu.onnx (sex as a category code 1/2 through an Embedding, LayerNorm, GELU, residual; a regression),
cancer_atan.onnx (Atan: outside the interpreter's op set); their CSVs (label column y); and autograd.json: torch
autograd in float64 on the float32 parameters (input gradient of the top class's probability, or of the value).
"""
import json, numpy as np, torch, torch.nn as nn
from sklearn.datasets import load_breast_cancer, load_wine, load_diabetes
torch.manual_seed(3)
F32 = lambda v: float(np.float32(v))
def csv(path, names, X, y):
    with open(path, 'w') as f:
        f.write(','.join(names + ['y']) + '\n')
        for r, t in zip(X, y): f.write(','.join(repr(float(v)) for v in r) + f',{t}\n')
def train(net, X, y, loss, steps=150):
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)
    for _ in range(steps):
        opt.zero_grad(); loss(net(X), y).backward(); opt.step()
    net.eval(); return net
def grads(net, X, cls):
    x = torch.tensor(X, dtype=torch.float64, requires_grad=True)
    p = net(x)
    top = p.argmax(1) if cls else None
    (p.gather(1, top[:, None]).sum() if cls else p.sum()).backward()
    return x.grad.numpy(), (top.numpy().tolist() if cls else None)
out = {}
# 1. wine, opset 13: LayerNorm decomposed, SiLU, residual; float32 weights
d = load_wine(); X = d.data.astype(np.float32).astype(np.float64); y = d.target
mu, sd = torch.tensor(X.mean(0)), torch.tensor(X.std(0))
class Wine(nn.Module):
    def __init__(s):
        super().__init__(); s.a = nn.Linear(13, 32); s.ln = nn.LayerNorm(32); s.b = nn.Linear(32, 32); s.o = nn.Linear(32, 3)
    def forward(s, x):
        h = s.a((x - mu.to(x.dtype)) / sd.to(x.dtype)); h = h + s.b(nn.functional.silu(s.ln(h)))
        return torch.softmax(s.o(h), 1)
w = train(Wine().double(), torch.tensor(X), torch.tensor(y), lambda p, t: nn.functional.nll_loss(torch.log(p), t)).float()
mu, sd = mu.float(), sd.float()
torch.onnx.export(w, torch.tensor(X[:2], dtype=torch.float32), 'wine_ln_silu_op13.onnx', input_names=['x'], output_names=['p'], opset_version=13, dynamic_axes={'x': {0: 'n'}, 'p': {0: 'n'}})
mu, sd = mu.double(), sd.double()
for m in w.modules():
    if isinstance(m, nn.LayerNorm): m.eps = F32(m.eps)
w64 = w.double()
names = [n.replace('/', '_') for n in d.feature_names]
csv('wine.csv', names, X, y)
g, top = grads(w64, X, True)
out['wine'] = {'gradient': g.tolist(), 'targets': top, 'accuracy': float((w64(torch.tensor(X)).argmax(1).numpy() == y).mean())}
# 2. diabetes, opset 17: sex as a category code 1/2 → Embedding; LayerNorm, GELU (nn.GELU), residual; regression
d = load_diabetes(); X = d.data.astype(np.float64).copy(); y = d.target
X[:, 1] = np.where(X[:, 1] > 0, 2.0, 1.0)
X = X.astype(np.float32).astype(np.float64)
num = [0, 2, 3, 4, 5, 6, 7, 8, 9]
mu, sd = torch.tensor(X[:, num].mean(0)), torch.tensor(X[:, num].std(0))
ym, ys = float(y.mean()), float(y.std())
class Dia(nn.Module):
    def __init__(s):
        super().__init__(); s.e = nn.Embedding(3, 4); s.a = nn.Linear(13, 32); s.ln = nn.LayerNorm(32); s.b = nn.Linear(32, 32); s.o = nn.Linear(32, 1)
    def forward(s, x):
        z = (x[:, num] - mu.to(x.dtype)) / sd.to(x.dtype)
        h = s.a(torch.cat([z, s.e(x[:, 1].long()).to(x.dtype)], 1)); h = h + s.b(nn.functional.gelu(s.ln(h)))
        return s.o(h) * ys + ym
dm = train(Dia().double(), torch.tensor(X), torch.tensor(y)[:, None], lambda p, t: ((p - t) ** 2).mean() / ys ** 2, 300).float()
mu, sd = mu.float(), sd.float()
torch.onnx.export(dm, torch.tensor(X[:2], dtype=torch.float32), 'diabetes_embed_gelu.onnx', input_names=['x'], output_names=['value'], opset_version=17, dynamic_axes={'x': {0: 'n'}, 'value': {0: 'n'}})
mu, sd = mu.double(), sd.double()
class G(nn.Module):
    def forward(s, h): return h * (1 + torch.erf(h / F32(np.sqrt(2.0)))) * 0.5
for m in dm.modules():
    if isinstance(m, nn.LayerNorm): m.eps = F32(m.eps)
dm64 = dm.double()
dm64.forward = lambda x, s=dm64: s.o(s.a(torch.cat([(x[:, num] - mu) / sd, s.e(x[:, 1].long()).double()], 1)) + s.b(G()(s.ln(s.a(torch.cat([(x[:, num] - mu) / sd, s.e(x[:, 1].long()).double()], 1)))))) * F32(ys) + F32(ym)
csv('diabetes.csv', list(d.feature_names), X, y)
g, _ = grads(dm64, X, False)
pred = dm64(torch.tensor(X)).detach().numpy()[:, 0]
out['diabetes'] = {'gradient': g.tolist(), 'r2': float(1 - ((pred - y) ** 2).sum() / ((y - y.mean()) ** 2).sum())}
# 3. breast cancer with Atan (outside the set)
d = load_breast_cancer(); X = d.data.astype(np.float32).astype(np.float64); y = d.target
mu, sd = torch.tensor(X.mean(0)), torch.tensor(X.std(0))
class At(nn.Module):
    def __init__(s):
        super().__init__(); s.a = nn.Linear(30, 16); s.o = nn.Linear(16, 2)
    def forward(s, x): return torch.softmax(s.o(torch.atan(s.a((x - mu.to(x.dtype)) / sd.to(x.dtype)))), 1)
am = train(At().double(), torch.tensor(X), torch.tensor(y), lambda p, t: nn.functional.nll_loss(torch.log(p), t)).float()
mu, sd = mu.float(), sd.float()
torch.onnx.export(am, torch.tensor(X[:2], dtype=torch.float32), 'cancer_atan.onnx', input_names=['x'], output_names=['p'], opset_version=17, dynamic_axes={'x': {0: 'n'}, 'p': {0: 'n'}})
mu, sd = mu.double(), sd.double()
am64 = am.double()
csv('cancer.csv', [n.replace(' ', '_') for n in d.feature_names], X, y)
g, top = grads(am64, X, True)
out['cancer_atan'] = {'gradient': g.tolist(), 'targets': top}
json.dump(out, open('autograd.json', 'w'))
print({k: {kk: vv for kk, vv in v.items() if kk in ('accuracy', 'r2')} for k, v in out.items()})
