"""A finished game's replay as a face describes it: the steps its renderer animates."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from render.common.replay_steps import Hold, ReplayStep, ReplayTooLarge

__all__ = [
    "Chapter",
    "Hold",
    "Replay",
    "ReplayStep",
    "ReplayTooLarge",
    "caption",
    "rounds",
    "rounds_over",
    "step_showing",
]

_FORMATTING = re.compile(r"(?<!\\)(\*\*|__|~~|\|\||\*|`)")
_ESCAPED = re.compile(r"\\(.)")


@dataclass(frozen=True)
class Chapter:
    """Where a part of a game (a round, a trick) begins among a replay's steps, which a
    step-through replay jumps to."""

    step: int
    """The index of its first step."""
    name: str


@dataclass(frozen=True)
class Replay:
    """A finished game's replay before it is drawn: its steps, the renderers that draw
    them (module-level functions, so that a picture process can run them), and its
    chapters."""

    render: Callable[[Sequence[ReplayStep[Any]], int], bytes]
    """The game's renderer of replays, ``render(steps, limit)``: a GIF."""
    still: Callable[[ReplayStep[Any]], bytes]
    """The renderer of one step, ``still(step)``: a PNG."""
    steps: tuple[ReplayStep[Any], ...]
    """The position before the first move, then the table after each move: step ``n``
    shows move ``n`` (from 1), the number the game's log, its report and its
    step-through all call it by."""
    chapters: tuple[Chapter, ...]
    """In the order of their steps, the first at step 0 (none in a game without a
    move)."""
    moments: str
    """What it holds on longer, in words (Claim's won tricks): only what the game has."""


def step_showing(move: int) -> int:
    """The step that shows the move of index ``move`` (from 0) being made: the one
    numbered as that move is."""
    return move + 1


def rounds(turns: Sequence[int], name: Callable[[int], str]) -> list[Chapter]:
    """The rounds of a game of turns in a fixed order, ``turns`` holding the seat acting
    in each move: a round begins where its first seat starts a turn again (step ``i + 1``
    shows move ``i``), and is named ``name(number)``."""
    if not turns:
        return []
    chapters = [Chapter(0, name(1))]
    for index in range(1, len(turns)):
        if turns[index] == turns[0] and turns[index - 1] != turns[0]:
            chapters.append(Chapter(index + 1, name(len(chapters) + 1)))
    return chapters


def rounds_over(moves: Sequence[tuple[int, int | None]]) -> int:
    """How many rounds of a game of turns in a fixed order are over, each move given as
    the seat acting and the seat to act after it (``None`` once the game is over): a round
    is over where the turn passes back to the seat that began (the game's end is no
    round's)."""
    if not moves:
        return 0
    first = moves[0][0]
    return sum(1 for acting, after in moves if acting != first and after == first)


def caption(markdown: str) -> str:
    """A line of a message as a replay's frame shows it: plain text, names as typed."""
    plain = _FORMATTING.sub("", markdown).replace("\u200b", "")
    return " ".join(_ESCAPED.sub(r"\1", plain).split())
