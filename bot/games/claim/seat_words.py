"""Claim's seats and sides as its messages name them: a player in bold, a team as its
two players."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import shared_words
from bot.storage.records import Game
from i18n import Language


def who(game: Game, seat: int, lang: Language) -> str:
    """A seat's player, in bold."""
    return f"**{shared_words.name(game.seats[seat], lang)}**"


def unit_name(game: Game, seats: Sequence[int], lang: Language) -> str:
    """A side that scores as one: its player, or a team's two, in bold."""
    return " & ".join(who(game, s, lang) for s in seats)
