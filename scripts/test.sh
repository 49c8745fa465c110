#!/usr/bin/env bash
# Install everything the tests need (in .venv) and run every test:
# unit, property and doctests, the notebooks with nbval, and the browser tests.
# The test extras include the compiled kernel (numba) and Dask; MANGALA_EDU_ENGINE=pure runs
# everything on the pure-Python search instead. A quick check leaves out the long tests:
# `bash scripts/test.sh -m "not long"`.
#
# The browser tests need Chromium (Debian's package). As root, this script installs it with
# apt-get when it is missing; otherwise they are skipped with a message (outside CI).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[test]"

if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium for the browser tests (apt-get)..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# The web site's test (tests/browser/test_lite_site.py) builds the site in an environment of
# its own, .venv-lite/ (JupyterLite's kernel extension must stay out of .venv).
bash scripts/lite.sh env

# The class server's test (tests/hub) needs JupyterHub's proxy, from npm, in .classroom/ as
# scripts/classroom.sh installs it: installed here once, only when missing and npm is here
# (without it that test is skipped with a message, and fails in CI).
if [ ! -x .classroom/node_modules/.bin/configurable-http-proxy ] && command -v npm >/dev/null; then
  npm install --silent --no-fund --no-audit --prefix .classroom configurable-http-proxy@5.3.0
fi

# On every core (pytest-xdist): MANGALA_TEST_WORKERS=1 for one process, or a number.
# --dist loadscope keeps a module, a notebook or a class on one worker (conftest.py hands out
# the longest first).
workers="${MANGALA_TEST_WORKERS:-auto}"
if [ "$workers" = 1 ] || [ "$workers" = 0 ]; then
  exec .venv/bin/python -m pytest "$@"
fi
exec .venv/bin/python -m pytest -n "$workers" --dist loadscope "$@"
