#!/usr/bin/env bash
# Build llama.cpp's own OpenAI-compatible server (`llama-server`, C++, parallel slots with continuous batching) from the
# llama.cpp sources vendored in llama-cpp-python's sdist (the version `make llamacpp` installs), statically linked,
# into the model cache: about 10 minutes on 2 cores, once. Used by bench/bench_llamacpp_server.py (LLAMA_SERVER=PATH
# overrides it); a researcher can serve any GGUF with it:
#   $(tools/llama_server.sh --path) -m MODEL.gguf --host 127.0.0.1 --port 8080 -np 4 -t 2
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=0.3.36
DEST="${CONFORMAL_RAG_CACHE:-$HOME/.cache/conformal_rag}/models/llama-server"
if [ "${1:-}" = "--path" ]; then echo "$DEST/bin/llama-server"; exit 0; fi
if [ -x "$DEST/bin/llama-server" ]; then echo "llama-server: already built: $DEST/bin/llama-server"; exit 0; fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
echo "llama-server: building from llama-cpp-python $VERSION's sources into $DEST (about 10 minutes on 2 cores)"
.venv/bin/python -m pip download -q --no-deps --no-binary :all: "llama-cpp-python==$VERSION" -d "$work"
tar xzf "$work/llama_cpp_python-$VERSION.tar.gz" -C "$work"
src="$work/llama_cpp_python-$VERSION/vendor/llama.cpp"
cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=OFF -DLLAMA_CURL=OFF \
  -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON >/dev/null
cmake --build "$work/build" --target llama-server -j "$(nproc)" >/dev/null
mkdir -p "$DEST/bin" && cp "$work/build/bin/llama-server" "$DEST/bin/"
echo "llama-server: built $DEST/bin/llama-server"
