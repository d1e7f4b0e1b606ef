#!/usr/bin/env bash
# Install the opt-in llama.cpp engine (the `llamacpp:` backend, nbs/03f_llamacpp.ipynb, and its OpenAI-compatible
# server, `make llamacpp-server`) into .venv: llama-cpp-python builds from source (20 minutes on a quiet 2-core machine,
# 45 on a loaded one; portable flags), once per set of build flags. The wheel is kept in the model cache under a folder
# named by a hash of CMAKE_ARGS, so a second install with the same flags (a new .venv) takes seconds, and other flags
# (`CMAKE_ARGS="-DGGML_NATIVE=ON" make llamacpp`, or a CUDA build) build their own wheel: pip's own cache is not used
# (`--no-cache-dir`), since it keys a built wheel by version only. Never run by setup, test or reproduce.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=0.3.36
PORTABLE="-DGGML_NATIVE=OFF -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TOOLS=OFF"
FLAGS="${CMAKE_ARGS:-$PORTABLE}"
ROOT="${CONFORMAL_RAG_CACHE:-$HOME/.cache/conformal_rag}/models/wheels"
TAG=$(printf '%s' "$FLAGS" | sha256sum | cut -c1-12)
WHEELS="$ROOT/llama-cpp-python-$VERSION-$TAG"
if [ "${1:-}" = "--wheel-dir" ]; then echo "$WHEELS"; exit 0; fi   # where a wheel built with these flags is kept
mkdir -p "$WHEELS"
legacy=$(ls "$ROOT"/llama_cpp_python-$VERSION-*.whl 2>/dev/null | head -n1 || true)
if [ "$FLAGS" = "$PORTABLE" ] && [ -n "$legacy" ] && ! ls "$WHEELS"/*.whl >/dev/null 2>&1; then
  mv "$legacy" "$WHEELS/"   # a wheel this script built with the portable flags before wheels were kept by flags
fi
wheel=$(ls "$WHEELS"/llama_cpp_python-$VERSION-*.whl 2>/dev/null | head -n1 || true)
if [ -z "$wheel" ]; then
  echo "llamacpp: building llama-cpp-python $VERSION from source with CMAKE_ARGS='$FLAGS' into $WHEELS" \
       "(20-45 minutes on 2 cores)"
  CMAKE_ARGS="$FLAGS" .venv/bin/python -m pip wheel -q --no-deps --no-cache-dir -w "$WHEELS" "llama-cpp-python==$VERSION"
  wheel=$(ls "$WHEELS"/llama_cpp_python-$VERSION-*.whl | head -n1)
else
  echo "llamacpp: the wheel built with CMAKE_ARGS='$FLAGS' is cached: $wheel"
fi
VIRTUAL_ENV="$PWD/.venv" .venv/bin/uv pip install -q --reinstall-package llama-cpp-python "$wheel[server]"   # with the OpenAI-compatible server
.venv/bin/python -c "import llama_cpp; print('llamacpp: llama-cpp-python', llama_cpp.__version__, 'installed')"
