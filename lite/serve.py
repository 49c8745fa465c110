"""Serve the built site (``build/lite``): ``python lite/serve.py [--port 8000] [--all]``.

Any static web server serves the site as it is (``.wasm`` as ``application/wasm``, ``.mjs`` as
JavaScript); this one is for a teacher's own computer and for the tests. It listens on this
computer only (127.0.0.1), or with ``--all`` on every network card, so that the class's
computers reach it at ``http://<this computer's address>:<port>/``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import sys
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[1]

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".ipynb": "application/json",
    ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types the site needs, logging nothing but errors."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }

    def log_message(self, format: str, *args: object) -> None:
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Mangala lessons' web site.")
    parser.add_argument("--port", type=int, default=int(os.environ.get("MANGALA_PORT", 8000)))
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--all", action="store_true", help="listen on every network card")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        print(f"serve.py: no site in {args.site}: bash scripts/lite.sh build", file=sys.stderr)
        return 2
    host = "0.0.0.0" if args.all else "127.0.0.1"
    handler = functools.partial(Handler, directory=str(args.site))
    try:
        server = http.server.ThreadingHTTPServer((host, args.port), handler)
    except OSError as exc:
        print(f"serve.py: port {args.port}: {exc.strerror}", file=sys.stderr)
        return 2
    print(f"==> http://127.0.0.1:{args.port}/  (Ctrl+C)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
