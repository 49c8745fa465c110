"""The lessons: content as data, tasks with instant feedback, quizzes, diagrams.

In a notebook::

    from mangala_edu.lessons import Lesson
    lesson = Lesson(5)          # Turkish in notebooks/tr/, English in notebooks/en/
    lesson.diagram("0,0,0,0,0,3,20/3,4,4,4,4,4,2 S", move=6)
    lesson.task(1)
"""

from ..i18n import language_from_folder
from .diagram import Diagram
from .explain import explain
from .lesson import Demo, Lesson

__all__ = ["Demo", "Diagram", "Lesson", "explain", "language_from_folder"]
