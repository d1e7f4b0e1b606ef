"""House-style measures per notebook (issue 17): export cells holding more than one definition, functions over 40 lines, classes over 40 lines in one cell.
Run: .venv/bin/python tools/style_report.py [nbs/X.ipynb ...]"""
import json, ast, glob, sys, re
tot_multi=0; long=[]; cells=0; bigcls=[]
for nb in (sys.argv[1:] or sorted(glob.glob('nbs/*.ipynb'))):
    d=json.load(open(nb)); multi=0; ncell=0
    for c in d['cells']:
        if c['cell_type']!='code': continue
        src=''.join(c['source'])
        if not re.search(r'^#\|\s*export', src, re.M): continue
        ncell+=1
        try: t=ast.parse(src)
        except SyntaxError: continue
        defs=[n for n in t.body if isinstance(n,(ast.FunctionDef,ast.ClassDef,ast.AsyncFunctionDef))]
        if len(defs)>1: multi+=1
        for n in ast.walk(t):
            if isinstance(n,(ast.FunctionDef,ast.AsyncFunctionDef)):
                L=n.end_lineno-n.lineno+1
                if L>40: long.append((L,nb,n.name))
            if isinstance(n,ast.ClassDef):
                L=n.end_lineno-n.lineno+1
                if L>40: bigcls.append((L,nb,n.name))
    print(f'{nb:40s} export cells {ncell:3d}  multi-def {multi:3d}')
    tot_multi+=multi; cells+=ncell
print('total',cells,tot_multi)
for x in sorted(long,reverse=True): print('long fn',x)
for x in sorted(bigcls,reverse=True): print('big class',x)
