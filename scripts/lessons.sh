#!/usr/bin/env bash
# Install mangala_edu (the first time, in .venv/) and open the lessons in JupyterLab.
#
# Usage: bash scripts/lessons.sh [tr|en]     Turkish lessons unless "en" is given.
# Works as a normal user and as root. Settings, in the environment:
#   MANGALA_PORT=8888      the port (default: 8888, or the next free one)
#   MANGALA_NO_BROWSER=1   open no browser (open the address printed below yourself)
# Stop it with Ctrl+C (twice).
set -euo pipefail
cd "$(dirname "$0")/.."
lang="${1:-tr}"
case "$lang" in
  tr) first=01_tahta.ipynb ;;
  en) first=01_the_board.ipynb ;;
  *) echo "lessons.sh: the language is 'tr' or 'en', not '$lang'" >&2; exit 2 ;;
esac
source scripts/setup.sh
install_once
server_flags

cat <<TEXT

==> Dersler JupyterLab'de açılıyor / Opening the lessons in JupyterLab: notebooks/$lang/
    Tarayıcıda ilk ders ($first) açılır; öteki dersler soldaki dosya listesindedir.
    The browser opens the first lesson ($first); the others are in the file list on the left.
    Tarayıcı açılmazsa aşağıda "http://localhost:" ile başlayan adresi (token ile) tarayıcıya yapıştırın.
    If no browser opens, paste the address below that starts with "http://localhost:" (with its token).
    Her dersi çalıştırın / Run each lesson: Run ▸ Run All Cells.  Kapatmak / Stop: Ctrl+C.

TEXT
# ${a[@]+"${a[@]}"}: an empty list is no error under set -u, even in macOS's bash 3.2
exec .venv/bin/jupyter lab ${SERVER_FLAGS[@]+"${SERVER_FLAGS[@]}"} \
  "--ServerApp.root_dir=notebooks/$lang" \
  "notebooks/$lang/$first"
