# Reference values for limeExplainer.test.ts ('numpy-batch' noise), computed with numpy only.
# It mirrors the released OpenXAI LIME path step by step (openxai/explainers/catalog/lime/lime.py,
# its lime_tabular.py with sample_around_instance=True, lime_base.py with Ridge(alpha=1)):
#   np.random.seed(0) once per get_explanations call; per row, in order:
#   data = RandomState.normal(0, 1, S*d).reshape(S, d) * std + x;  data[0] = x
#   distances = euclidean(data, data[0]);  weights = sqrt(exp(-dist^2 / width^2)), width = 0.75*sqrt(d)
#   Ridge(alpha=1, fit_intercept=True).fit(data, p1(data), sample_weight=weights)  (sklearn's
#   weighted centring + sqrt(w) rescaling + (X'X + alpha I) b = X'y, written out here)
#   attribution = coef * (2*label - 1), label = argmax p(x)
# The model is a float64 logistic regression (softmax over two logits), as the TS fixture.
# Run: python3 src/__fixtures__/limeNumpyBatch.py
import numpy as np

w0 = np.array([0.8, -1.2, 0.3]); w1 = np.array([-0.5, 1.1, 1.4]); b0 = 0.2; b1 = -0.1
X = np.array([[0.2, 0.7, 0.4], [0.9, 0.1, 0.5], [0.3, 0.3, 0.8], [0.6, 0.5, 0.1]])
S, std, alpha = 1000, 0.1, 1.0


def proba(Z):
    l0 = Z @ w0 + b0; l1 = Z @ w1 + b1
    m = np.maximum(l0, l1); e0 = np.exp(l0 - m); e1 = np.exp(l1 - m)
    return np.stack([e0 / (e0 + e1), e1 / (e0 + e1)], 1)


n, d = X.shape
width = 0.75 * np.sqrt(d)
labels = proba(X).argmax(1)
np.random.seed(0)
out = np.zeros((n, d))
first = []
for i in range(n):
    data = np.random.normal(0, 1, S * d).reshape(S, d)
    data = data * std + X[i]
    data[0] = X[i]
    first.append(data[1].tolist())
    dist = np.sqrt(((data - data[0]) ** 2).sum(1))
    w = np.sqrt(np.exp(-dist ** 2 / width ** 2))
    y = proba(data)[:, 1]
    xm = np.average(data, axis=0, weights=w); ym = np.average(y, weights=w)
    sw = np.sqrt(w)[:, None]
    Xc = (data - xm) * sw; yc = (y - ym) * sw[:, 0]
    coef = np.linalg.solve(Xc.T @ Xc + alpha * np.eye(d), Xc.T @ yc)
    out[i] = coef * (2 * labels[i] - 1)
np.set_printoptions(precision=17)
print('labels', labels.tolist())
print('sample 1 of each row', [[repr(v) for v in r] for r in first])
print('attributions', [[repr(v) for v in r] for r in out])
np.random.seed(0)
g = np.random.normal(0, 1, n * S * d)
print('normals 0..5', [repr(v) for v in g[:6]])
print('normals of row 2, sample 1', [repr(v) for v in g[2 * S * d + d: 2 * S * d + 2 * d]])
