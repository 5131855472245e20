"""Writes the small audit inputs the README commands name (traces_*.jsonl, survey.csv, reviews.csv in Latin-1).
Run: python3 scripts/readme-commands/make-fixtures.py  (from the repository root; byte-stable)."""
import json
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
r = random.Random(7)
syl = ['ka', 'ri', 'mo', 'te', 'su', 'vo', 'la', 'bi', 'ne', 'po', 'ga', 'xi']


def word(n):
    return ''.join(r.choice(syl) for _ in range(n))


with open(os.path.join(HERE, 'traces_blind.jsonl'), 'w') as b, open(os.path.join(HERE, 'traces_labels.jsonl'), 'w') as l:
    for i in range(80):
        cands = [{'id': f'rec-{i}-{k}', 'text': word(2 + (k == 0)), 'source': r.choice(['log', 'chat'])} for k in range(3)]
        r.shuffle(cands)
        ans = next(c['id'] for c in cands if c['id'].endswith('-0'))
        b.write(json.dumps({'id': f'trace-{i:06d}', 'query': f'current lumen of {word(3)}', 'candidates': cands}) + '\n')
        l.write(json.dumps({'id': f'trace-{i:06d}', 'answer': ans}) + '\n')
with open(os.path.join(HERE, 'survey.csv'), 'w') as f:
    f.write('age,hours,region,label\n')
    for i in range(120):
        age = '' if i % 11 == 0 else ('NA' if i % 13 == 0 else str(20 + (i * 7) % 50))
        hours = '?' if i % 17 == 0 else str(10 + (i * 5) % 40)
        f.write(f'{age},{hours},{r.choice(["north", "south", "east"])},{int((i * 7) % 50 > 20)}\n')
titles = ['Très bon', 'Déçu', 'Café parfait', 'Crème brûlée ratée', 'À éviter', 'Génial']
with open(os.path.join(HERE, 'reviews.csv'), 'w', encoding='latin-1') as f:
    f.write('title,body,stars\n')
    for i in range(120):
        s = 1 + i % 5
        t = titles[(i + s) % len(titles)]
        body = ' '.join(word(2) for _ in range(3 + s)) + (' très' if s > 3 else ' déçu')
        f.write(f'{t},{body},{s}\n')
# Rows for the XGBoost fixture packages/trees/fixtures/xgb_binary.json (and its ONNX export), drawn as its training
# rows were (make_fixtures.py's data(): 8 normal features, the same label rule) without missing cells, so every
# explainer takes them: trees-x.csv without the label (what `xai explain` reads), trees-bench.csv with it.
nr = random.Random(11)
with open(os.path.join(HERE, 'trees-x.csv'), 'w') as fx, open(os.path.join(HERE, 'trees-bench.csv'), 'w') as fb:
    names = [f'f{j}' for j in range(8)]
    fx.write(','.join(names) + '\n')
    fb.write(','.join(names + ['y']) + '\n')
    for i in range(240):
        x = [round(nr.gauss(0, 1), 4) for _ in range(8)]
        z = x[0] - 0.7 * x[1] + 0.5 * x[2] * x[3] + 0.3 * math.sin(3 * x[4]) + 0.3 * nr.gauss(0, 1)
        fb.write(','.join(map(str, x)) + f',{int(z > 0)}\n')
        if i < 40:
            fx.write(','.join(map(str, x)) + '\n')

# The foreign models' training rows with an id and a free-text column, for `xai train --ignore id,notes`.
with open(os.path.join(HERE, '..', '..', 'packages', 'onnx', 'fixtures', 'foreign', 'tabular_train.csv')) as f:
    lines = f.read().splitlines()
with open(os.path.join(HERE, 'my-notes.csv'), 'w') as f:
    f.write(f'id,{lines[0]},notes\n')
    for i, line in enumerate(lines[1:]):
        f.write(f'{1000 + i},{line},called {word(2)} on day {i % 7}\n')
