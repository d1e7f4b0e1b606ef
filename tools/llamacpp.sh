#!/usr/bin/env bash
# Install the opt-in llama.cpp engine (the `llamacpp:` backend, nbs/03f_llamacpp.ipynb, and its OpenAI-compatible
# server, `make llamacpp-server`) into .venv: llama-cpp-python
# builds from source (about 20 minutes on 2 cores, portable flags), once; the wheel is kept in the model cache, so a
# second install (a new .venv) takes seconds. Never run by setup, test or reproduce.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=0.3.36
WHEELS="${CONFORMAL_RAG_CACHE:-$HOME/.cache/conformal_rag}/models/wheels"
mkdir -p "$WHEELS"
wheel=$(ls "$WHEELS"/llama_cpp_python-$VERSION-*.whl 2>/dev/null | head -n1 || true)
if [ -z "$wheel" ]; then
  echo "llamacpp: building llama-cpp-python $VERSION from source into $WHEELS (about 20 minutes on 2 cores)"
  CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TOOLS=OFF" \
    .venv/bin/python -m pip wheel -q --no-deps -w "$WHEELS" "llama-cpp-python==$VERSION"
  wheel=$(ls "$WHEELS"/llama_cpp_python-$VERSION-*.whl | head -n1)
fi
VIRTUAL_ENV="$PWD/.venv" .venv/bin/uv pip install -q "$wheel[server]"   # with the OpenAI-compatible server
.venv/bin/python -c "import llama_cpp; print('llamacpp: llama-cpp-python', llama_cpp.__version__, 'installed')"
