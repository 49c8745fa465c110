"""The lessons' specifications, one module a lesson (``lNN_name.py`` with a ``SPEC``);
``LESSONS`` maps each lesson's number to its spec."""

from __future__ import annotations

import importlib
import pkgutil

from ..spec import LessonError, LessonSpec


def _discover() -> dict[int, LessonSpec]:
    found: dict[int, LessonSpec] = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.name.startswith("l") and module.name[1:3].isdigit():
            spec: LessonSpec = importlib.import_module(f"{__name__}.{module.name}").SPEC
            if spec.number in found:
                raise LessonError("lesson.same_number", number=spec.number)
            found[spec.number] = spec
    return found


LESSONS: dict[int, LessonSpec] = _discover()
