#!/usr/bin/env bash
# The lessons as a web site with nothing to install (JupyterLite): every pupil needs only a
# browser, and the site needs no internet, only the server it is put on.
#
# Usage: bash scripts/lite.sh           build the site and serve it
#        bash scripts/lite.sh build     build it into build/lite/ (to put on any web server)
#        bash scripts/lite.sh serve     serve build/lite/ as it is
#        bash scripts/lite.sh env       only make the building environment, .venv-lite/
# Settings, in the environment:
#   MANGALA_PORT=8000      the port (default 8000)
#   MANGALA_LITE_ALL=1     listen on every network card, so that the class's computers reach
#                          this one at http://<its address>:<port>/ (default: this computer only)
#
# The first build fetches, once, Pyodide's core (npm package "pyodide", so Node.js's npm is
# needed) and the wheels the site carries (from PyPI) into build/lite-cache/; later builds
# need no network. The site is built in an environment of its own, .venv-lite/ (see
# lite/requirements.txt); lite/build.py says what goes into the site.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
case "$what" in
  all | build | serve | env) ;;
  *) echo "lite.sh: 'build', 'serve', 'env' or nothing, not '$what'" >&2; exit 2 ;;
esac
source scripts/setup.sh

if [ "$what" != serve ]; then
  if [ ! -x .venv-lite/bin/python ]; then
    need_python
    echo "==> Site araçları kuruluyor / Installing the site's tools (once): .venv-lite/"
    python3 -m venv .venv-lite
  fi
  if [ ! -f .venv-lite/.installed ] || [ lite/requirements.txt -nt .venv-lite/.installed ]; then
    .venv-lite/bin/python -m pip install --quiet --upgrade pip || true
    .venv-lite/bin/python -m pip install --quiet -r lite/requirements.txt
    touch .venv-lite/.installed
  fi
fi
if [ "$what" = all ] || [ "$what" = build ]; then
  echo "==> Site yapılıyor / Building the site: build/lite/"
  .venv-lite/bin/python lite/build.py --out build/lite
fi
if [ "$what" = all ] || [ "$what" = serve ]; then
  flags=()
  if [ -n "${MANGALA_LITE_ALL:-}" ]; then flags+=(--all); fi
  cat <<TEXT

==> Dersler tarayıcıda / The lessons in the browser: http://127.0.0.1:${MANGALA_PORT:-8000}/
    Bu adresi tarayıcıda açın; kapatmak için Ctrl+C.
    Open this address in a browser; Ctrl+C stops it.

TEXT
  exec python3 lite/serve.py ${flags[@]+"${flags[@]}"}
fi
