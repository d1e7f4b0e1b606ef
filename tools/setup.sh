#!/usr/bin/env bash
# Create or update the project-local virtual environment .venv with every dependency pinned.
# Idempotent: when nothing that defines the environment changed, it exits at once.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.venv
PY=${PYTHON:-python3}
UV_VERSION=0.13.9
TORCH_VERSION=2.13.0
STAMP=$VENV/.setup-stamp
want=$(cat requirements/lock.txt requirements/nodeps.txt setup.py settings.ini tools/setup.sh | sha256sum | cut -d' ' -f1)
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ] && [ -x "$VENV/bin/python" ]; then
  exit 0
fi
echo "setup: building $VENV (first run takes a minute or two)"
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
if [ ! -x "$VENV/bin/uv" ] || ! "$VENV/bin/uv" --version | grep -q "$UV_VERSION"; then
  "$VENV/bin/python" -m pip install -q "uv==$UV_VERSION"
fi
UV="$VENV/bin/uv"
export VIRTUAL_ENV="$PWD/$VENV" UV_LINK_MODE=copy
# torch: the local CPU wheel when it exists (a plain PyPI torch pulls several GB of CUDA packages)
if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(0 if m.version('torch').startswith('$TORCH_VERSION') else 1)" 2>/dev/null; then
  wheel=$(ls /opt/wheels/torch-${TORCH_VERSION}+cpu-*.whl 2>/dev/null | head -n1 || true)
  if [ -n "$wheel" ]; then "$UV" pip install --compile-bytecode "$wheel"
  else "$UV" pip install --compile-bytecode "torch==$TORCH_VERSION"; fi
fi
"$UV" pip install --compile-bytecode -r requirements/lock.txt
"$UV" pip install --compile-bytecode --no-deps -r requirements/nodeps.txt
"$UV" pip install --compile-bytecode --no-deps --config-settings editable_mode=compat -e .
"$VENV/bin/python" -m ipykernel install --sys-prefix --name python3 >/dev/null
# nbdev_docs is not the docs path (make docs is): without Quarto it would run `pip install -e .[dev]`. This stand-in
# makes nbdev find a `quarto` that refuses, so it never installs anything.
cat > "$VENV/bin/quarto" <<'SHIM'
#!/bin/sh
echo "quarto: not available here (not installable from the registries). Build the documentation with: make docs" >&2
exit 1
SHIM
chmod +x "$VENV/bin/quarto"
# BM25 runs bm25s's numba kernels from numba's on-disk cache: compile them once here (~20 s), not in every first process
"$VENV/bin/python" -c "import pandas as pd; from conformal_rag.retrieval import BM25; b = BM25(pd.DataFrame({'id': ['a', 'b'], 'title': ['', ''], 'text': ['x y', 'y z']})); b.search(['x'], 1); b.scores(['x'])"
echo "$want" > "$STAMP"
echo "setup: done"
