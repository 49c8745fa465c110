"""The Dokuz Taş lessons: the board and placing (lesson 29), mills, taking a stone and the
protection rule (lesson 30), moving, flying and how a game ends (lesson 31), draws (lesson 32).

In a notebook (``notebooks/tr/`` or ``notebooks/en/``, which gives the language)::

    from mangala_edu.dokuz_tas.lessons import Lesson
    lesson = Lesson(30)
    lesson.diagram("protected")     # a turn before and after, with what happened in words
    lesson.demo()                   # turns played one at a time on the live board
    lesson.task(2)                  # a "try it" task, judged by the engine at once
    lesson.quiz()

The lessons are data (:mod:`.content`, made of :mod:`.spec`); their tasks' goals
(:mod:`.goals`) judge a turn from its trace; :mod:`.widgets` shows them. Mangala's lessons
lend their feedback boxes, quiz and still pictures; nothing of theirs depends on these.
"""

from .content import LESSONS
from .lesson import Lesson
from .widgets import Demo, Diagram, Task, TaskState

__all__ = ["LESSONS", "Demo", "Diagram", "Lesson", "Task", "TaskState"]
