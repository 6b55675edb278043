"""What a feature asks of the live table besides the change itself: how the change is
shown, as data (``Games.change``, ``Games.move``). The table reads it and shows the change
its own way, so that a press goes one way down (the handler asks, the table changes the
game through the service) and one way back, with no code of the feature's called back
in the middle.

The change itself is the service's operation with its arguments, bound and not yet run
(``functools.partial(service.turns.act, game_id, actor, version, intent)``): the table runs it
once it holds the game."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.discord_ui.game_notes import Departure


class On(Enum):
    """Where the press that asked for the change is answered."""

    TABLE = "table"
    """A move, on the table pressed (even a copy of it whose id was never recorded), or on
    the turn notice pressed in a direct message; a move nobody pressed for (a time-out, a
    computer player's) is shown by what follows."""
    HAND = "hand"
    """A move, in the player's own hand pressed (or the turn notice it came on)."""
    LOBBY = "lobby"
    """The lobby pressed shows the change, or becomes the table at a start; with nobody's
    press (a lobby whose time ran out), the lobby's own message shows it."""
    ELSEWHERE = "elsewhere"
    """The press (on a message that doesn't show the lobby's control, or an invitation) is
    acknowledged, and the lobby's own message shows the change."""


@dataclass(frozen=True)
class Left:
    """Someone left the game (``why``): whoever asked (the leaver) is told so in their
    language, and the table says so in the game's, a lobby showing them gone."""

    user_id: int
    why: Departure


@dataclass(frozen=True)
class Cancelled:
    """The game was cancelled by ``who``: whoever asked is told so, and its table and lobby
    say it."""

    who: str


Shows = On | Left | Cancelled
"""How a change is shown: one of these few kinds."""
