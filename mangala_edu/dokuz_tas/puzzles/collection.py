"""Reading a Dokuz Taş puzzle file, and the one shipped with the package."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from .model import DokuzTasPuzzleError, Puzzle

SHIPPED = "puzzles.jsonl"
"""The collection file inside the package (``mangala_edu/dokuz_tas/puzzles/data/``)."""


def shipped_path() -> Path:
    """Where the shipped collection lies."""
    return Path(str(resources.files(__package__).joinpath("data").joinpath(SHIPPED)))


def read_puzzles(path: str | Path | None = None) -> list[Puzzle]:
    """Every puzzle of a collection file (default: the shipped one). A line that is not a
    puzzle raises :class:`DokuzTasPuzzleError` naming the file, the line and why."""
    path = shipped_path() if path is None else Path(path)
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        from ...cli_errors import os_reason

        raise DokuzTasPuzzleError(
            "dokuz_tas.puzzle.error.cannot_read",
            file=str(path),
            reason=os_reason(exc, path, reading=True),
        ) from exc
    except UnicodeDecodeError as exc:
        raise DokuzTasPuzzleError(
            "dokuz_tas.puzzle.error.damaged", file=str(path), line=1, reason=str(exc)
        ) from exc
    puzzles = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            puzzles.append(Puzzle.from_dict(json.loads(line)))
        except DokuzTasPuzzleError as exc:
            raise DokuzTasPuzzleError(
                "dokuz_tas.puzzle.error.damaged", file=str(path), line=number, reason=exc
            ) from exc
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            reason = f"{type(exc).__name__}: {exc}"
            raise DokuzTasPuzzleError(
                "dokuz_tas.puzzle.error.damaged", file=str(path), line=number, reason=reason
            ) from exc
    return puzzles
