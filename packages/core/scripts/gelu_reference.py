# Reference values for the float32 GELU kernel's test: y = x · (1 + erf(x/√2)) / 2 and dy/dx by
# Python's math.erf / math.exp in float64, at float32 inputs (a grid over [−12, 12], tiny values,
# and large ones). Run: /usr/bin/python3 packages/core/scripts/gelu_reference.py
import json
import math
import pathlib

import numpy as np

xs = [i / 16 for i in range(-192, 193)] + [1e-30, -1e-30, 3e-8, -3e-8, 1e-3, -1e-3, 40.0, -40.0, 1e6, -1e6]
xs = [float(np.float32(x)) for x in xs]
ys = [x * (1 + math.erf(x / math.sqrt(2))) / 2 for x in xs]
ds = [(1 + math.erf(x / math.sqrt(2))) / 2 + x * math.exp(-x * x / 2) / math.sqrt(2 * math.pi) for x in xs]
out = pathlib.Path(__file__).resolve().parent.parent / "src/kernels/simd/geluReference.json"
out.write_text(json.dumps({"x": xs, "y": ys, "dydx": ds}) + "\n")
