"""The lessons' specifications, one module a lesson; ``LESSONS`` maps number -> spec."""

from __future__ import annotations

from ..spec import LessonSpec
from . import l01_board

LESSONS: dict[int, LessonSpec] = {
    spec.number: spec for spec in (l01_board.SPEC,)
}
