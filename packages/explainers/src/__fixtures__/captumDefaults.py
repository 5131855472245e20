# The argument defaults of Captum's attribution methods, read off the imported Captum 0.8 (faac0877, fetched; see
# packages/metrics/src/__fixtures__/peerSetup.py) with inspect.signature, for captumPreset.test.ts (the `captum`
# preset must equal them). Only literal defaults are kept (None, numbers, strings, booleans).
# Run: PEERS=/tmp/peers /usr/bin/python3 src/__fixtures__/captumDefaults.py
import inspect
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../metrics/src/__fixtures__'))
from peerSetup import VERSIONS  # noqa: E402
import captum.attr as ca  # noqa: E402


def defaults(cls, method):
    """Keyword defaults of cls.method as Captum runs it (the implementation, not the @overload stubs)."""
    sig = inspect.signature(inspect.unwrap(getattr(cls, method)))
    out = {}
    for name, p in sig.parameters.items():
        v = p.default
        if v is inspect.Parameter.empty or not (v is None or isinstance(v, (bool, int, float, str))):
            continue
        out[name] = v
    return out


out = {
    'source': 'captum %s' % VERSIONS['captum'],
    'Saliency.attribute': defaults(ca.Saliency, 'attribute'),
    'NoiseTunnel.attribute': defaults(ca.NoiseTunnel, 'attribute'),
    'IntegratedGradients.__init__': defaults(ca.IntegratedGradients, '__init__'),
    'IntegratedGradients.attribute': defaults(ca.IntegratedGradients, 'attribute'),
    'GradientShap.attribute': defaults(ca.GradientShap, 'attribute'),
    'KernelShap.attribute': defaults(ca.KernelShap, 'attribute'),
    'Lime.attribute': defaults(ca.Lime, 'attribute'),
    'FeatureAblation.attribute': defaults(ca.FeatureAblation, 'attribute'),
    'DeepLift.__init__': defaults(ca.DeepLift, '__init__'),
    'DeepLift.attribute': defaults(ca.DeepLift, 'attribute'),
}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, 'captumDefaults.json'), 'w') as f:
    json.dump(out, f, indent=2)
    f.write('\n')
print(json.dumps(out, indent=2))
