#!/usr/bin/env bash
# Install mangala_edu (in .venv) and open the lessons in JupyterLab.
# Usage: bash scripts/lessons.sh [tr|en]   (Turkish lessons unless "en" is given)
set -euo pipefail
cd "$(dirname "$0")/.."
lang="${1:-tr}"
case "$lang" in
  tr|en) ;;
  *) echo "lessons.sh: the language is 'tr' or 'en', not '$lang'" >&2; exit 2 ;;
esac

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/jupyter lab "notebooks/$lang"
