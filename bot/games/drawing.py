"""The drawing functions the bot asks of its picture processes, named rather than imported:
the bot's process never loads Pillow and the drawing code (some 8 MiB it would hold for
good), which only the process that draws imports, as its first picture of a kind is
asked of it (or a thread of the bot's, where it starts no picture process). mypy sees
each as the function it names; a test checks that each names it."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any


class Drawing:
    """A function of the drawing code by its module and name: called, it imports its
    module and calls it; pickled, it is its names."""

    def __init__(self, module: str, name: str) -> None:
        self.__module__ = module
        self.__qualname__ = name
        """As the function's own: a picture's kind is named by them in the figures."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(self.__module__), self.__qualname__)(*args, **kwargs)

    def __reduce__(self) -> tuple[type[Drawing], tuple[str, str]]:
        return Drawing, (self.__module__, self.__qualname__)

    def __repr__(self) -> str:
        return f"Drawing({self.__module__}.{self.__qualname__})"


if TYPE_CHECKING:
    from render.claim.pictures import lit_hand, lit_table, render_hand
    from render.claim.pictures import render_table as render_claim_table
    from render.claim.replay import render_replay as claim_replay
    from render.claim.replay import render_still as claim_still
    from render.claimit.pictures import render_board
    from render.claimit.replay import render_replay as claimit_replay
    from render.claimit.replay import render_still as claimit_still
    from render.gold_nuggets.pictures import lit_table as lit_nuggets_table
    from render.gold_nuggets.pictures import render_table as render_nuggets_table
    from render.gold_nuggets.replay import render_replay as nuggets_replay
    from render.gold_nuggets.replay import render_still as nuggets_still
    from render.league.standings import render_standings

    CLAIM_TABLE = render_claim_table
    LIT_CLAIM_TABLE = lit_table
    CLAIM_HAND = render_hand
    LIT_CLAIM_HAND = lit_hand
    CLAIM_REPLAY = claim_replay
    CLAIM_STILL = claim_still
    CLAIMIT_BOARD = render_board
    CLAIMIT_REPLAY = claimit_replay
    CLAIMIT_STILL = claimit_still
    NUGGETS_TABLE = render_nuggets_table
    LIT_NUGGETS_TABLE = lit_nuggets_table
    NUGGETS_REPLAY = nuggets_replay
    NUGGETS_STILL = nuggets_still
    STANDINGS = render_standings
else:
    CLAIM_TABLE = Drawing("render.claim.pictures", "render_table")
    LIT_CLAIM_TABLE = Drawing("render.claim.pictures", "lit_table")
    CLAIM_HAND = Drawing("render.claim.pictures", "render_hand")
    LIT_CLAIM_HAND = Drawing("render.claim.pictures", "lit_hand")
    CLAIM_REPLAY = Drawing("render.claim.replay", "render_replay")
    CLAIM_STILL = Drawing("render.claim.replay", "render_still")
    CLAIMIT_BOARD = Drawing("render.claimit.pictures", "render_board")
    CLAIMIT_REPLAY = Drawing("render.claimit.replay", "render_replay")
    CLAIMIT_STILL = Drawing("render.claimit.replay", "render_still")
    NUGGETS_TABLE = Drawing("render.gold_nuggets.pictures", "render_table")
    LIT_NUGGETS_TABLE = Drawing("render.gold_nuggets.pictures", "lit_table")
    NUGGETS_REPLAY = Drawing("render.gold_nuggets.replay", "render_replay")
    NUGGETS_STILL = Drawing("render.gold_nuggets.replay", "render_still")
    STANDINGS = Drawing("render.league.standings", "render_standings")
