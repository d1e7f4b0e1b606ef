#!/usr/bin/env bash
# Fail when nbdev_export or nbdev_clean would change a file: notebooks (the source of truth)
# and the exported package must be in sync, and notebooks must be clean.
set -euo pipefail
cd "$(dirname "$0")/.."
snap() { find nbs conformal_rag \( -name '*.ipynb' -o -name '*.py' \) -not -path '*/.ipynb_checkpoints/*' -not -path '*/__pycache__/*' -print0 | sort -z | xargs -0 sha256sum; }
before=$(snap)
nbdev_export
nbdev_clean
after=$(snap)
if [ "$before" != "$after" ]; then
  echo "sync-check FAILED: nbdev_export / nbdev_clean changed these files (run 'make export' and commit):"
  diff <(echo "$before") <(echo "$after") | grep '^>' | awk '{print "  " $3}'
  exit 1
fi
echo "sync-check: notebooks and package in sync, notebooks clean"
