"""The Dokuz Taş lessons' specifications: lesson 29 (the board and placing), lesson 30
(mills, taking a stone and the protection rule), lesson 31 (moving, flying and how a game
ends) and lesson 32 (draws: a position standing for the third time, 50 turns without a
removal). ``LESSONS`` maps each number to its spec.

Every position is set up as in a game from the start: when White is to move both players have
placed as many stones (stones taken count as placed), when Black is to move White has placed
one more. The tests (``tests/dokuz_tas/test_lessons.py``, ``test_lesson32.py``) prove each
task's ``answers`` with the engine and check what the pictures and demonstrations show.
"""

from __future__ import annotations

from ..board import POINT_NAMES
from .goals import (
    Draw,
    HoldDraw,
    MakeMill,
    MillAndStop,
    Neighbours,
    PlaceOn,
    StopMill,
    Win,
)
from .spec import DemoSpec, FigureSpec, LessonSpec, QuizSpec, TaskSpec, start_of
from .strategy import STRATEGY

PLACING = (
    "d6", "f4", "a4", "d2", "b4", "c4", "d5", "d7", "d1",
    "e4", "g4", "d3", "e5", "c5", "c3", "a7", "g7", "g1",
)  # fmt: skip
"""Lesson 29's demonstration: a whole placing phase without a mill."""

LESSON_29 = LessonSpec(
    number=29,
    names={"tr": "29_dokuz_tas_tahta", "en": "29_dokuz_tas_board"},
    figures={
        "start": FigureSpec("start"),
        # Three points named in the text: a letter from the left, a number from the bottom.
        "names": FigureSpec("start", highlight=("a1", "d6", "g7")),
        # Four of the 16 lines (a row, a column, the middle ones cut at the centre).
        "lines": FigureSpec("start", lines=("a7-d7-g7", "b2-b4-b6", "d1-d2-d3", "e4-f4-g4")),
        # d2 has four neighbours, a corner (a1) two.
        "neighbours": FigureSpec("3/3/3/6/3/1W1/3 b 8 9 0", highlight=("b2", "d1", "d3", "f2")),
        # The first turn of a game: White places on d6.
        "place": FigureSpec("start", turn="d6"),
    },
    demos=(
        # The whole placing phase, 18 turns, no mill: each player blocks the other's line of
        # two in time; then both start moving.
        DemoSpec("start", PLACING),
    ),
    tasks=(
        # Find a point by its name.
        TaskSpec("start", PlaceOn("b4"), answers=("b4",)),
        # Of the four points with four neighbours (b4, d2, d6, f4) only f4 is empty.
        TaskSpec("3/1W1/3/1B4/3/1B1/W2 w 7 7 0", Neighbours(4), answers=("f4",)),
        # Black's a1 and a4 wait for a7: only a stone on a7 stops the mill.
        TaskSpec("3/1W1/3/B3W1/3/3/B2 w 7 7 0", StopMill(), answers=("a7",)),
    ),
    quiz=(QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 1), QuizSpec(3, 0)),
)

LESSON_30 = LessonSpec(
    number=30,
    names={"tr": "30_dokuz_tas_uclu", "en": "30_dokuz_tas_mills"},
    figures={
        # White closes a7-d7-g7 and takes b6 (no Black stone stands in a mill).
        "mill": FigureSpec("WW1/B2/3/2WB2/3/3/2B w 6 6 0", turn="g7xb6"),
        # White closes a1-d1-g1; c3, d3, e3 are Black's mill: f4 is taken.
        "protected": FigureSpec("1W1/B1W/3/1W2B1/BBB/3/WW1 w 4 4 0", turn="g1xf4"),
        # Every Black stone stands in a mill: one of them is taken.
        "all_in_mills": FigureSpec("B1W/3/3/B5/3/WW1/B2 w 5 5 0", turn="f2xa4"),
        # One stone closes two mills: still one stone is taken.
        "two_mills": FigureSpec("WW1/1B1/B2/BW3W/2B/2B/2W w 4 4 0", turn="g7xc5"),
    },
    demos=(
        # White waits for a7 and for d5; Black closes its mill first and takes a1, White
        # closes the other mill and takes c5 (b2, d2, f2 stand in Black's mill).
        DemoSpec("1W1/1W1/B2/W5/3/BB1/W2 b 5 6 0", ("f2xa1", "d5xc5")),
    ),
    tasks=(
        # Only g7 closes a mill (b2 and d6 block the other lines of two); any stone may go.
        TaskSpec(
            "WW1/WB1/B2/1W4/3/B1B/3 w 5 5 0",
            MakeMill(),
            answers=("g7xb2", "g7xc5", "g7xd6", "g7xf2"),
        ),
        # a7 closes White's mill. Black waits for f6 (f2-f4-f6); f2 stands in Black's mill
        # b2-d2-f2 and may not be taken: only taking f4 stops Black.
        TaskSpec("2W/1W1/B2/W3B1/W2/BBB/W2 w 4 4 0", MillAndStop(), answers=("a7xf4",)),
        # g1 closes a1-d1-g1 and g1-g4-g7 at once (f6 closes one mill only).
        TaskSpec(
            "1BW/WW1/B2/B3BW/2B/1B1/WW1 w 3 3 0",
            MakeMill(2),
            answers=("g1xa4", "g1xc5", "g1xd2", "g1xd7", "g1xe3", "g1xf4"),
        ),
        # Black waits for a7 (a1-a4) and for g1 (a1-d1): one block cannot stop both, but
        # White's mill on b6 can take a1, the stone of both lines.
        TaskSpec("3/1WW/B2/B5/2W/W2/BB1 w 5 5 0", MillAndStop(), answers=("b6xa1",)),
    ),
    quiz=(QuizSpec(3, 1), QuizSpec(3, 0), QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 2)),
)

FLYING = "WW1/3/2B/1B2WB/B2/1B1/2B w 0 0 0"
"""Lesson 31's picture of flying: White has three stones, a7, d7 and f4."""


def _empty(position: str) -> tuple[str, ...]:
    """The empty points of ``position``: where a stone that flies may go."""
    pos = start_of(position)
    return tuple(p for p in POINT_NAMES if pos.at(p) is None)


LESSON_31 = LessonSpec(
    number=31,
    names={"tr": "31_dokuz_tas_hareket", "en": "31_dokuz_tas_moving"},
    figures={
        # Once all 18 stones are placed a stone slides along a line to an empty neighbour:
        # a4 to b4 (a1 and a7 are taken: b4 is its only empty neighbour).
        "slide": FigureSpec("BW1/3/WB1/W2BW1/3/1WB/B1B w 0 0 0", turn="a4-b4"),
        # Three stones: f4 flies to g7, far from its neighbours, closes a7-d7-g7 and takes
        # b4. Every empty point is ringed: any of them is a target.
        "fly": FigureSpec(FLYING, turn="f4-g7xb4", highlight=_empty(FLYING)),
        # Black has three stones; White closes a1-d1-g1 by sliding and takes c4: two left.
        "two_stones": FigureSpec("B2/WWB/3/2B2W/3/3/WW1 w 0 0 0", turn="g4-g1xc4"),
        # Black's four stones have one free neighbour left, g1: White slides there.
        "blocked": FigureSpec("BW1/3/3/W1W2W/BW1/1W1/BB1 w 0 0 0", turn="g4-g1"),
    },
    demos=(
        # The game of lesson 29's demonstration goes on: four slides, each to an empty
        # neighbour, no mill.
        DemoSpec("BBW/1W1/BWW/WWBBBW/WB1/1B1/1WB w 0 0 0", ("b4-b2", "c4-b4", "c3-c4", "d3-c3")),
        # White opens its mill a1-d1-g1 (g1 to g4: no Black stone can reach g1), Black
        # prepares c4-b4 for b2-b4-b6, White closes the same mill again and takes c4.
        DemoSpec("3/BW1/B2/3BW1/3/BB1/WWW w 0 0 0", ("g1-g4", "c5-c4", "g4-g1xc4")),
    ),
    tasks=(
        # Only g4-g7 closes a mill (a7-d7-g7); b2-d2 waits for f2, which no White stone can
        # reach by sliding. Any stone may be taken.
        TaskSpec(
            "WW1/BB1/W2/B3BW/B1B/WW1/3 w 0 0 0",
            MakeMill(),
            answers=(
                "g4-g7xa4",
                "g4-g7xb6",
                "g4-g7xc3",
                "g4-g7xd6",
                "g4-g7xe3",
                "g4-g7xf4",
            ),
        ),
        # White has three stones and flies; Black waits for d7-a7 (a1-a4-a7): any White
        # stone may fly to a7.
        TaskSpec(
            "1B1/2W/3/B1B3/1WB/3/B1W w 0 0 0", StopMill(), answers=("d3-a7", "f6-a7", "g1-a7")
        ),
        # Black's four stones (a1, a4, a7, d7) have one free neighbour left, g7: g4-g7 blocks
        # them all and wins.
        TaskSpec("BB1/1W1/3/BW3W/2W/2W/BW1 w 0 0 0", Win(), answers=("g4-g7",)),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 0), QuizSpec(3, 2)),
)

SHUFFLE = "BBW/1W1/BWW/WBWBBW/B2/WB1/1WB w 0 0 4"
"""Where lesson 31's first demonstration ends: the game of lesson 29, after four slides."""


def _quiet(position: str, count: int) -> str:
    """``position`` with ``count`` quiet turns played (its last field)."""
    return f"{position.rsplit(' ', 1)[0]} {count}"


LESSON_32 = LessonSpec(
    number=32,
    names={"tr": "32_dokuz_tas_beraberlik", "en": "32_dokuz_tas_draws"},
    figures={
        # 37 quiet turns; White closes a7-d7-g7 and takes a4: the count is 0 again.
        "reset": FigureSpec("WW1/BB1/W2/B3BW/B1B/WW1/3 w 0 0 37", turn="g4-g7xa4"),
        # 49 quiet turns; g4-g1 is the 50th, but it leaves Black no move: a win comes first.
        "win_first": FigureSpec("BW1/3/3/W1W2W/BW1/1W1/BB1 w 0 0 49", turn="g4-g1"),
    },
    demos=(
        # The game of lessons 29 and 31 goes on: White a4-a1-a4, Black c3-d3-c3, twice. After the
        # eighth turn (Black's) the position of the start stands for the third time: a draw.
        DemoSpec(
            SHUFFLE,
            ("a4-a1", "c3-d3", "a1-a4", "d3-c3", "a4-a1", "c3-d3", "a1-a4", "d3-c3"),
        ),
        # The same stones after 46 quiet turns: four more turns, no mill, and the 50th quiet
        # turn draws (no position stands a second time on the way).
        DemoSpec(_quiet(SHUFFLE, 46), ("a4-a1", "a7-a4", "d6-f6", "c3-d3")),
    ),
    tasks=(
        # White (4 stones against 7) and Black have moved g1-g4-g1 and e5-d5-e5 twice: g4-g1
        # brings back, for the third time, the position after a7-d7. No other turn draws.
        TaskSpec(
            "W2/1W1/2B/B2BB1/W2/B2/BBW w 0 0 0",
            Draw(),
            answers=("g4-g1",),
            history=("a7-d7", "e5-d5", "g1-g4", "d5-e5", "g4-g1", "e5-d5", "g1-g4", "d5-e5"),
        ),
        # 48 quiet turns; White flies (three stones), Black waits for f2 (f4-f2 closes
        # b2-d2-f2 and takes a third White stone). A stone on f2 is the only defence, and then
        # every Black turn is the 50th quiet turn: a draw. Any other turn loses at once.
        TaskSpec(
            "W2/3/B1B/4BW/3/BB1/1W1 w 0 0 48",
            HoldDraw(),
            answers=("a7-f2", "d1-f2", "g4-f2"),
        ),
        # 49 quiet turns; Black has three stones. g4-g1 closes a1-d1-g1 and takes one: White
        # wins. Every other turn is the 50th quiet turn: a draw.
        TaskSpec(
            "3/W1W/1B1/2B2W/2B/3/WW1 w 0 0 49",
            Win(),
            answers=("g4-g1xc4", "g4-g1xd5", "g4-g1xe3"),
        ),
    ),
    quiz=(QuizSpec(3, 0), QuizSpec(3, 1), QuizSpec(3, 2), QuizSpec(3, 1), QuizSpec(3, 2)),
)

LESSONS: dict[int, LessonSpec] = {
    spec.number: spec for spec in (LESSON_29, LESSON_30, LESSON_31, LESSON_32, *STRATEGY)
}
"""The Dokuz Taş lessons by number (their numbers follow Mangala's lessons)."""
