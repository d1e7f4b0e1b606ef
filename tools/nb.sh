#!/usr/bin/env bash
# Author a notebook from a percent-format script (or get the script back), keeping notebooks clean.
#   tools/nb.sh to-nb  script.py nbs/NN_name.ipynb   # script -> notebook, then export and clean
#   tools/nb.sh to-py  nbs/NN_name.ipynb script.py   # notebook -> script, for editing in a text editor
set -euo pipefail
cd "$(dirname "$0")/.."
B=.venv/bin
case "${1:-}" in
  to-nb) upd=(); [ -f "$3" ] && upd=(--update)   # --update keeps the cell ids (and outputs) of an existing notebook
         $B/jupytext --to ipynb "${upd[@]}" --set-kernel python3 --update-metadata '{"jupytext":null}' "$2" -o "$3" >/dev/null
         $B/nbdev_export --path "$3" && $B/nbdev_clean --fname "$3" ;;   # exports this notebook only (helpers may edit others at once)
  to-py) $B/jupytext --to py:percent "$2" -o "$3" >/dev/null ;;
  *) echo "usage: tools/nb.sh to-nb SCRIPT.py NOTEBOOK.ipynb | to-py NOTEBOOK.ipynb SCRIPT.py" >&2; exit 2 ;;
esac
