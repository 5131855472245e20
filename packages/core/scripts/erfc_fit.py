# Fits the polynomial P of geluWat.mjs: erfc(a) = t · exp(−a²) · P(t), t = 1 / (1 + 0.4 a), for
# 0 <= a <= 9, by least squares of the relative error at 4000 Chebyshev nodes in t (scipy's
# erfcx as the reference). Prints the worst relative error on a fine grid and the coefficients,
# lowest power first. Run: /usr/bin/python3 packages/core/scripts/erfc_fit.py
import json

import numpy as np
from scipy.special import erfcx

P_SCALE, DEGREE, A_MAX = 0.4, 9, 9.0


def fit():
    lo = 1 / (1 + P_SCALE * A_MAX)
    k = np.arange(4000)
    t = lo + (1 - lo) * (0.5 - 0.5 * np.cos((k + 0.5) * np.pi / 4000))
    f = erfcx((1 / t - 1) / P_SCALE) / t
    s = (t - lo) / (1 - lo) * 2 - 1
    v = np.polynomial.chebyshev.chebvander(s, DEGREE)
    c, *_ = np.linalg.lstsq(v / f[:, None], np.ones_like(f), rcond=None)
    in_s = np.polynomial.Polynomial(np.polynomial.chebyshev.cheb2poly(c))
    poly = in_s(np.polynomial.Polynomial([-2 * lo / (1 - lo) - 1, 2 / (1 - lo)]))
    tt = np.linspace(lo, 1, 400001)
    worst = np.max(np.abs(poly(tt) * tt / erfcx((1 / tt - 1) / P_SCALE) - 1))
    return worst, poly.coef


worst, coef = fit()
print(json.dumps({"worstRelative": float(worst), "coefficients": [float(x) for x in coef]}))
