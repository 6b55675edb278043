"""A drill's controls: each of its options (a button, or a menu where there are more than
a few rows of buttons hold), **Show the costs** before answering, **Next drill** after an
answer, and **Start** under ``/my drills``.

A drill's custom_ids name the drill and the version its message shows, never a player:
a press acts on the presser's own drill, so that a button copied to someone else is
refused as none of theirs, and one on an older message as answered already. They also
carry the session they belong to (which drills it serves, and how many it has served),
so that **Next drill** goes on from there after any restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_ui.components import UNSEEN, Look, Part, TemplatedButton, TemplatedSelect, number
from bot.features.drills.service import SESSION
from bot.features.drills.themes import game_themes, theme_scope
from bot.games.registry import GAMES

Drilling = Any
"""The drills' part (``handlers.Drilling``), which imports these."""

EVERY_GAME = "all"
"""A session's drills of every game (``/my drills``), where a game's kind names its own,
and ``kind.theme`` one theme's of a game (``/<game> drills theme:``)."""
SCOPE = Part(
    "|".join(
        map(
            re.escape,
            (
                EVERY_GAME,
                *GAMES,
                *(theme_scope(kind, theme) for kind in GAMES for theme in game_themes(kind)),
            ),
        )
    )
)
"""Which drills a session serves: every game's, one game's, or one theme's of a game
(the longest, ``claim.doppelgangers``, leaves an answer's custom_id within 100
characters)."""


def scope_of(scope: str) -> tuple[str | None, str | None]:
    """The game and the theme a session's ``scope`` serves (``None``: any)."""
    if scope == EVERY_GAME:
        return None, None
    kind, _, theme = scope.partition(".")
    return kind, theme or None


DRILL = number(2**63 - 1)
"""A drill's id, as the database keeps it."""
SERVED = number(SESSION)
"""How many drills the session has served before this one."""
OPTION = Part(r"[A-Za-z0-9@,.=_+-]{1,40}")
"""An option as the report keeps one (``roll``, ``S3@2,5``, ``play=k7``): shorter than a
game's intent may be, so that a custom_id holding every other part stays within
Discord's 100 characters."""
DRILL_PARTS = {"scope": SCOPE, "served": SERVED, "drill": DRILL, "option": OPTION}


class DrillAnswer(
    TemplatedButton[Drilling],
    template="drill:{scope}:{served}:{drill}:{version}:{option}",
    parts=DRILL_PARTS,
):
    """One of the drill's options: answers the drill at ``version`` with ``option``."""

    calls = "answered"

    def __init__(
        self,
        scope: str,
        served: int,
        drill: int,
        version: int,
        option: str,
        look: Look = UNSEEN,
    ) -> None:
        self.scope, self.served, self.drill = scope, served, drill
        self.version, self.option = version, option
        super().__init__(look)


class DrillPick(
    TemplatedSelect[Drilling],
    template="drillpick:{scope}:{served}:{drill}:{version}",
    parts=DRILL_PARTS,
):
    """A menu of the drill's options, each valued by its option as the report keeps it."""

    calls = "picked"

    def __init__(self, scope: str, served: int, drill: int, version: int) -> None:
        self.scope, self.served, self.drill, self.version = scope, served, drill, version
        super().__init__()


class DrillHint(
    TemplatedButton[Drilling],
    template="drillhint:{scope}:{served}:{drill}:{version}",
    parts=DRILL_PARTS,
):
    """**Show the costs**: each option's cost shown on the drill at ``version``, without
    answering it."""

    calls = "hinted"

    def __init__(
        self, scope: str, served: int, drill: int, version: int, label: str | None = None
    ) -> None:
        self.scope, self.served, self.drill, self.version = scope, served, drill, version
        super().__init__(Look(label, "💡", discord.ButtonStyle.secondary))


class NextDrill(
    TemplatedButton[Drilling], template="drillnext:{scope}:{served}", parts=DRILL_PARTS
):
    """**Next drill** (and **Start** under ``/my drills``): the session's next drill due,
    ``served`` having been served before it."""

    calls = "next_pressed"

    def __init__(self, scope: str, served: int, label: str | None = None) -> None:
        self.scope, self.served = scope, served
        super().__init__(Look(label, "🎯", discord.ButtonStyle.primary))
