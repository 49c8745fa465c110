#!/usr/bin/env bash
# A class server (JupyterHub) on one Linux machine: the pupils open an address in their
# browser, log in with the user name and password on their printed card, and get their own
# copy of the lessons. Step by step: docs/classroom-server.md.
#
# Usage:
#   bash scripts/classroom.sh new 7A names.txt [--lang en]   make a class (accounts and cards)
#   bash scripts/classroom.sh start [7A]                     start the hub (stop: Ctrl+C)
#   bash scripts/classroom.sh start-all [7A]                 start every pupil's server
#   bash scripts/classroom.sh add 7A "Zeynep Kaya"           add a latecomer (their card)
#   bash scripts/classroom.sh reset 7A ayse                  a new password (a new card)
#   bash scripts/classroom.sh list [7A]                      the accounts
#   bash scripts/classroom.sh tables                         build the endgame tables once
# With no command it starts the hub of the only class. Settings, in the environment:
#   MANGALA_PORT=8000              the port pupils open (the hub also uses the next two)
#   MANGALA_CLASSROOM_DIR=~/mangala-sinif   the folder that holds the classes' folders
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
install_once
# JupyterHub and its idle culler (the `classroom` extra), once.
if ! .venv/bin/python -c 'import jupyterhub, jupyterhub_idle_culler' 2>/dev/null; then
  echo "==> JupyterHub kuruluyor (bir kez) / Installing JupyterHub (once)"
  .venv/bin/python -W "ignore:Editable installation" -m pip install --quiet -e ".[classroom]"
fi
# The proxy in front of the hub (npm's configurable-http-proxy), once, into .classroom/.
if [ ! -x .classroom/node_modules/.bin/configurable-http-proxy ]; then
  if ! command -v npm >/dev/null; then
    echo "npm bulunamadı / npm was not found. Pardus, Debian, Ubuntu: sudo apt-get install nodejs npm" >&2
    exit 1
  fi
  echo "==> configurable-http-proxy kuruluyor (bir kez) / Installing configurable-http-proxy (once)"
  npm install --silent --no-fund --no-audit --prefix .classroom configurable-http-proxy@5.3.0
fi
if [ $# = 0 ]; then
  set -- start
fi
exec .venv/bin/python -m mangala_edu.classroom "$@"
