"""Hints on Discord in words: the private answer to **Hint** (in the words of
``hint_words``, which the board's answer shares), and the note a game with hints carries
on its lobby, its table and its result."""

from __future__ import annotations

from collections.abc import Mapping

from bot.discord_ui.card_layout import Card, Line
from bot.features.hints import hint_words
from bot.features.hints.service import Hint
from bot.games import shared_words
from bot.games.face import GOLD
from bot.storage import Game
from i18n import Language


def hint_card(hint: Hint, lang: Language) -> Card:
    """``hint`` as its player alone reads it: each of their options with its worth, the
    best first and marked, and what each other one gives away against it."""
    return Card(
        title=hint_words.title(lang),
        text="\n".join(hint_words.option_lines(hint, lang)),
        accent=GOLD,
        footer=hint_words.footer(hint, lang),
    )


def hints_on_line(lang: Language) -> Line:
    """A lobby's and a running table's note that the game has hints."""
    return Line(
        lang._("Hints"),
        lang._("on: the player to act may ask for a 💡 Hint. This game is not rated."),
        inline=True,
    )


def asked_line(game: Game, asked: Mapping[int, int], lang: Language) -> Line:
    """A result's note of the hints each person asked: ``Ann asked 4 hints``."""
    said = [
        lang.ngettext(
            "{player} asked {n} hint",
            "{player} asked {n} hints",
            asked.get(seat.seat, 0),
            player=shared_words.name(seat, lang),
        )
        for seat in game.seats
        if not seat.is_bot or seat.seat in asked
    ]
    return Line(
        lang._("Hints"), lang.list(said) + " " + lang._("(a game with hints is never rated)")
    )
