# The argument defaults of Captum's attribution methods, read from its source with `ast`, for
# captumPreset.test.ts (the `captum` preset must equal them). Captum is not installed: mirror
# github:pytorch/captum and pass its git directory.
# Run: /usr/bin/python3 src/__fixtures__/captumDefaults.py /work/.mirror/pytorch+captum/repo
import ast
import json
import os
import subprocess
import sys

repo = sys.argv[1]
commit = subprocess.run(['git', '-C', repo, 'rev-parse', 'HEAD'], capture_output=True, text=True, check=True).stdout.strip()


def source(path):
    return subprocess.run(['git', '-C', repo, 'show', f'HEAD:{path}'], capture_output=True, text=True, check=True).stdout


def defaults(path, cls, method):
    """Keyword defaults of cls.method (the last definition: the implementation after the @overload stubs)."""
    tree = ast.parse(source(path))
    klass = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    fns = [n for n in klass.body if isinstance(n, ast.FunctionDef) and n.name == method]
    args = fns[-1].args
    named = args.args[len(args.args) - len(args.defaults):] + args.kwonlyargs
    values = list(args.defaults) + list(args.kw_defaults)
    return {a.arg: ast.literal_eval(v) for a, v in zip(named, values) if v is not None}


core = 'captum/attr/_core/'
out = {
    'source': f'github:pytorch/captum@{commit}',
    'Saliency.attribute': defaults(core + 'saliency.py', 'Saliency', 'attribute'),
    'NoiseTunnel.attribute': defaults(core + 'noise_tunnel.py', 'NoiseTunnel', 'attribute'),
    'IntegratedGradients.__init__': defaults(core + 'integrated_gradients.py', 'IntegratedGradients', '__init__'),
    'IntegratedGradients.attribute': defaults(core + 'integrated_gradients.py', 'IntegratedGradients', 'attribute'),
    'GradientShap.attribute': defaults(core + 'gradient_shap.py', 'GradientShap', 'attribute'),
    'KernelShap.attribute': defaults(core + 'kernel_shap.py', 'KernelShap', 'attribute'),
    'Lime.attribute': defaults(core + 'lime.py', 'Lime', 'attribute'),
    'FeatureAblation.attribute': defaults(core + 'feature_ablation.py', 'FeatureAblation', 'attribute'),
    'DeepLift.__init__': defaults(core + 'deep_lift.py', 'DeepLift', '__init__'),
    'DeepLift.attribute': defaults(core + 'deep_lift.py', 'DeepLift', 'attribute'),
}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, 'captumDefaults.json'), 'w') as f:
    json.dump(out, f, indent=2)
    f.write('\n')
print(json.dumps(out, indent=2))
