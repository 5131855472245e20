# Reference draws of numpy's legacy RandomState (MT19937 + polar Gaussian) for numpyRandomState
# and numpyNormalStream: windows of standard_normal() at several positions and the first
# random_sample() values, per seed. The uniforms are pure MT19937 + 53-bit doubles (equal bit for
# bit); a normal also goes through log(), where glibc's and V8's differ by an ulp now and then.
# Run: /usr/bin/python3 numpyNormals.py > numpyNormals.json
import json
import numpy as np

def sequential_sum(values):
    total = 0.0
    for v in values.tolist():
        total += v
    return total


WINDOWS = [(0, 8), (311, 316), (623, 629), (65_533, 65_541), (1_000_001, 1_000_006)]
out = {"numpy": np.__version__, "windows": WINDOWS, "seeds": {}}
for seed in [0, 1, 42, 2**32 - 1]:
    end = max(b for _, b in WINDOWS)
    draws = np.random.RandomState(seed).standard_normal(end)
    uniforms = np.random.RandomState(seed).random_sample(end)
    out["seeds"][str(seed)] = {
        "normals": [[float(v) for v in draws[a:b]] for a, b in WINDOWS],
        "uniforms": [[float(v) for v in uniforms[a:b]] for a, b in WINDOWS],
        # the first million normals added one by one in float64: a check on the whole prefix
        "sumFirstMillion": sequential_sum(draws[:1_000_000]),
    }
print(json.dumps(out, indent=1))
