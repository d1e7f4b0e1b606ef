# The two commands of the README: `make reproduce` (every paper figure and table) and `make test`.
# Each installs what it needs into .venv on first use (tools/setup.sh, idempotent), including the
# `conformal-rag` command line (conformal_rag.cli; `conformal-rag --help` lists its commands).
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
OFFLINE := HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 TRANSFORMERS_OFFLINE=1
THREADS := OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 TOKENIZERS_PARALLELISM=false
ENVVARS := $(OFFLINE) $(THREADS) MPLBACKEND=Agg PYTHONHASHSEED=0

.PHONY: setup reproduce test test-fast sync-check nbtest pytest export clean lock bench lab models llamacpp llamacpp-server llama-server nb-outputs docs docs-check

setup:
	@bash tools/setup.sh

## Regenerate every paper figure and table into figures/ (offline default stack).
## Runs on released data need their folder: make reproduce TRAQ_RELEASE=/path/to/collected_data [TRAQ_RESULTS=...] W2R_RELEASE=/path/to/examples
## An ad-hoc run, ARGS with -p or --smoke, writes under runs/ (ignored by git) unless ARGS has --out-root figures.
reproduce: setup
	$(ENVVARS) $(BIN)/conformal-rag reproduce $(ARGS)
	$(ENVVARS) $(BIN)/python tools/readme_block.py

## The whole test suite: notebooks and package in sync, the notebooks' own tests, pytest.
test: setup sync-check nbtest pytest

sync-check: setup
	@$(ENVVARS) PATH=$(abspath $(BIN)):$$PATH bash tools/check_sync.sh

nbtest: setup
	$(ENVVARS) $(BIN)/nbdev_test --n_workers 2 --skip_folder_re '^paper$$' --timing

pytest: setup
	$(ENVVARS) $(BIN)/python -m pytest -q -n 2 --durations=20 tests $(PYTEST_ARGS)

## Export the package from the notebooks and clean the notebooks (run before committing).
export: setup
	$(BIN)/nbdev_export && $(BIN)/nbdev_clean

## Opt-in larger local model (never fetched by test or reproduce): Qwen2.5-Coder-1.5B-Instruct, 1.07 GB download,
## a 3.55 GB bf16 folder in the cache (nbs/03b_models.ipynb).
models: setup
	$(ENVVARS) $(BIN)/conformal-rag models fetch qwen2.5-coder-1.5b-instruct

## Opt-in llama.cpp engine for the `llamacpp:` backend (nbs/03f_llamacpp.ipynb): builds llama-cpp-python from source
## once (~20 min on 2 cores; the wheel is kept in the model cache). Never needed by test or reproduce.
llamacpp: setup
	@bash tools/llamacpp.sh

## llama.cpp's OpenAI-compatible server on the shipped gemma GGUF, on 127.0.0.1:$(SERVER_PORT) (default 8080), for the
## `openai:` backend: `conformal-rag collect --model "openai:gemma-3-270m@http://127.0.0.1:8080/v1?chat=0"`.
## MODEL=PATH.gguf serves another GGUF; SERVER_THREADS=N its threads (default 1). Stop it with Ctrl-C.
SERVER_PORT ?= 8080
SERVER_THREADS ?= 1
llamacpp-server: llamacpp
	$(ENVVARS) $(BIN)/python -m llama_cpp.server --host 127.0.0.1 --port $(SERVER_PORT) --n_threads $(SERVER_THREADS) --n_ctx 4096 \
	  --model $${MODEL:-$$($(BIN)/python -c "from conformal_rag.llamacpp_backend import gguf_file; print(gguf_file('gemma-3-270m'))")}

## llama.cpp's C++ server (parallel slots) for bench/bench_llamacpp_server.py, built once into the model cache.
llama-server: llamacpp
	@bash tools/llama_server.sh

## Run the module notebooks and keep their example outputs (stable across reruns), as nbdev's notebooks do.
nb-outputs: setup
	$(ENVVARS) $(BIN)/python tools/run_module_nbs.py

## Every benchmark script; bench_llm.py keeps its run in bench/runs/ (named by date and time), and the speed figures
## of README.md and bench/README.md are rewritten from all kept runs (tools/speed_block.py: ranges over the machines).
bench: setup
	@for f in bench/*.py; do echo "== $$f"; \
	  out=$$([ $$f = bench/bench_llm.py ] && echo --out=bench/runs/llm-$$(date -u +%Y%m%d-%H%M).json); \
	  $(ENVVARS) $(BIN)/python $$f $$out || exit 1; done
	$(BIN)/python tools/speed_block.py

## JupyterLab on 127.0.0.1 (works as root; no browser is opened: open the printed URL). Offline, one thread;
## figures inline (no MPLBACKEND=Agg here). More options: make lab LAB_ARGS='--port 8899'.
lab: setup
	$(OFFLINE) $(THREADS) $(BIN)/jupyter lab --allow-root --ip 127.0.0.1 --no-browser $(LAB_ARGS)

## The documentation site, offline, into _site/ (MkDocs; docs/mkdocs.yml says why): API pages from the module
## notebooks with each example's output (the notebooks run once per change, cached in _docs/outputs/), a page per paper
## notebook run rendered by nbconvert from the notebook as `make reproduce` executed it (its outputs under their cells;
## no paper notebook runs here; the build prints which executed notebook each page comes from), the claims ledger, a search.
## Not nbdev_docs: it needs Quarto (not installable here) and, without it, runs `pip install -e .[dev]`.
docs: setup
	$(ENVVARS) $(BIN)/python docs/build_docs.py --build

## Check the built site in headless Chromium (every page, image and internal link, math, each paper figure under its
## cell's heading; screenshots in artifacts/docs/).
docs-check: docs
	$(ENVVARS) $(BIN)/python docs/check_site.py _site --out artifacts/docs

## Re-pin every dependency (needs the registries).
lock: setup
	$(BIN)/uv pip compile requirements/requirements.in --find-links /opt/wheels -o /tmp/conformal_rag_lock.txt
	{ echo "# Generated by 'make lock' from requirements.in (uv pip compile). torch is installed by tools/setup.sh."; \
	  grep -v -E '^torch==' /tmp/conformal_rag_lock.txt | grep -v '^#'; } > requirements/lock.txt

clean:
	rm -rf $(VENV) .pytest_cache _proc _docs _site artifacts runs
