#!/usr/bin/env bash
# The lessons as a web site with nothing to install (JupyterLite): every pupil needs only a
# browser, and the site needs no internet, only the server it is put on.
#
# Usage: bash scripts/lite.sh           build the site (the first time) and serve it
#        bash scripts/lite.sh build     build it into build/lite/ (to put on any web server)
#        bash scripts/lite.sh serve     serve build/lite/ as it is
# Settings, in the environment:
#   MANGALA_PORT=8000      the port (default 8000)
#   MANGALA_LITE_ALL=1     listen on every network card, so that the class's computers reach
#                          this one at http://<its address>:<port>/ (default: this computer only)
#
# The first build fetches, once, Pyodide's core (npm package "pyodide", so Node.js's npm is
# needed) and the wheels the site carries (from PyPI) into build/lite-cache/; later builds
# need no network. See lite/build.py for what goes into the site.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
case "$what" in
  all | build | serve) ;;
  *) echo "lite.sh: 'build', 'serve' or nothing, not '$what'" >&2; exit 2 ;;
esac
source scripts/setup.sh

if [ "$what" != serve ]; then
  install_once
  if ! .venv/bin/python -c "import jupyterlite_pyodide_kernel" 2>/dev/null \
     || [ pyproject.toml -nt .venv/.mangala-lite ]; then
    echo "==> Site araçları kuruluyor / Installing the site's tools (once): .venv/"
    .venv/bin/python -W "ignore:Editable installation" -m pip install --quiet -e ".[lite]"
    touch .venv/.mangala-lite
  fi
  echo "==> Site yapılıyor / Building the site: build/lite/"
  .venv/bin/python lite/build.py --out build/lite
fi
if [ "$what" != build ]; then
  flags=()
  if [ -n "${MANGALA_LITE_ALL:-}" ]; then flags+=(--all); fi
  cat <<TEXT

==> Dersler tarayıcıda / The lessons in the browser: http://127.0.0.1:${MANGALA_PORT:-8000}/
    Bu adresi tarayıcıda açın; kapatmak için Ctrl+C.
    Open this address in a browser; Ctrl+C stops it.

TEXT
  exec python3 lite/serve.py ${flags[@]+"${flags[@]}"}
fi
