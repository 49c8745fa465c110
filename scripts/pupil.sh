#!/usr/bin/env bash
# Install mangala_edu (the first time, in .venv/) and open one lesson as the pupil view: an
# app in the browser (Voilà), one part at a time with Back / Next, no code, nothing to break.
#
# Usage: bash scripts/pupil.sh NUMBER [tr|en]      e.g. bash scripts/pupil.sh 3
# Works as a normal user and as root. Settings, in the environment:
#   MANGALA_PORT=8866      the port (default: 8866, or the next free one)
#   MANGALA_NO_BROWSER=1   open no browser (open the address printed below yourself)
# Stop it with Ctrl+C. Reloading the page starts the lesson over.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  echo "usage: bash scripts/pupil.sh NUMBER [tr|en]   (e.g. bash scripts/pupil.sh 3 tr)" >&2
  exit 2
fi
source scripts/setup.sh
install_once
args=("$1" "${2:-tr}")
if [ -n "${MANGALA_PORT:-}" ]; then args+=(--port "$MANGALA_PORT"); fi
if [ -n "${MANGALA_NO_BROWSER:-}" ]; then args+=(--no-browser); fi
exec .venv/bin/python -m mangala_edu.pupil "${args[@]}"
