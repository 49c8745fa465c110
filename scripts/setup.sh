# Shared by lessons.sh and pupil.sh (not run on its own): make .venv in this folder and install
# mangala_edu into it the first time, or again when pyproject.toml has changed since. Later
# starts install nothing, so they work without an internet connection.

need_python() {
  if ! command -v python3 >/dev/null; then
    echo "Python 3 bulunamadı / Python 3 was not found: install Python 3.10 or newer." >&2
    exit 1
  fi
  if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
    echo "Python $(python3 -c 'import platform; print(platform.python_version())') çok eski /" \
      "is too old: mangala_edu needs Python 3.10 or newer." >&2
    exit 1
  fi
}

install_once() {
  local stamp=.venv/.mangala-installed
  if [ ! -x .venv/bin/python ]; then
    need_python
    echo "==> Kuruluyor (bir kez, bir iki dakika sürer) / Installing (once, a minute or two): .venv/"
    if ! python3 -m venv .venv; then
      echo "python3 -m venv çalışmadı / failed. Debian, Ubuntu: sudo apt-get install python3-venv" >&2
      rm -rf .venv
      exit 1
    fi
    .venv/bin/python -m pip install --quiet --upgrade pip || true  # an old pip works too
  fi
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    # pip (25 and later) shows the build backend's warnings even with --quiet. setuptools
    # says "Editable installation. Please be careful with folders ... with the same name as
    # your package" as a warning only because it has no other way to inform (its
    # InformationOnly class): -W hides that one notice, by its first words, and nothing else;
    # errors and every other warning still show.
    .venv/bin/python -W "ignore:Editable installation" -m pip install --quiet -e .
    touch "$stamp"
  fi
  lab_settings
}

# JupyterLab's defaults for this .venv only (JupyterLab reads
# <prefix>/share/jupyter/lab/settings/overrides.json): no question about Jupyter news and no
# update check in front of a class, and nothing fetched from the internet.
lab_settings() {
  local folder=.venv/share/jupyter/lab/settings
  if [ ! -f "$folder/overrides.json" ]; then
    mkdir -p "$folder"
    cat > "$folder/overrides.json" <<'JSON'
{
  "@jupyterlab/apputils-extension:notification": {
    "fetchNews": "false",
    "checkForUpdates": false
  }
}
JSON
  fi
}

# Flags every JupyterLab started from these scripts needs: --allow-root only as root
# (Jupyter refuses to run as root without it), the port and no browser when asked.
server_flags() {
  SERVER_FLAGS=()
  if [ "$(id -u)" = 0 ]; then
    SERVER_FLAGS+=(--ServerApp.allow_root=True)
  fi
  if [ -n "${MANGALA_PORT:-}" ]; then
    SERVER_FLAGS+=("--ServerApp.port=$MANGALA_PORT" --ServerApp.port_retries=0)
  fi
  if [ -n "${MANGALA_NO_BROWSER:-}" ]; then
    SERVER_FLAGS+=(--ServerApp.open_browser=False)
  fi
}
