"""A replay's description (its alt text), for whoever can't see the animation: who played,
who won, how long it runs, and the moments it holds on (busts, bonus turns, won tricks)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games import shared_words
from bot.games.limits import DESCRIPTION, listed_name
from bot.games.replay import Hold, ReplayStep
from bot.storage import Game, Result
from i18n import Language

MOMENTS = 6
"""Held moments told at most, the last ones before the end (the end is told apart)."""


def replay_description(
    game: Game,
    title: str,
    steps: Sequence[ReplayStep[Any]],
    results: Sequence[Result],
    lang: Language,
) -> str:
    """The replay in words, within Discord's limit on a description."""
    players = lang.list(listed_name(shared_words.seat_name(seat, lang)) for seat in game.seats)
    winners = [
        listed_name(shared_words.seat_name(game.seats[r.seat], lang)) for r in results if r.won
    ]
    opening = lang.ngettext(
        "A replay of {game}, {n} step: {players}.",
        "A replay of {game}, {n} steps: {players}.",
        len(steps),
        game=title,
        players=players,
    )
    if len(winners) == 1:
        won = lang._("Won by {player}.", player=winners[0])
    else:
        won = lang._("Shared win: {players}.", players=lang.list(winners)) if winners else ""
    held = [sentence(step.caption) for step in steps[:-1] if step.hold is Hold.LONG][-MOMENTS:]
    final = lang._("The end: {what}", what=sentence(steps[-1].caption)) if steps else ""

    def told(moments: list[str]) -> str:
        held_on = lang._("Moments it holds on: {moments}", moments=" ".join(moments))
        return " ".join(part for part in (opening, won, held_on if moments else "", final) if part)

    said = told(held)
    while len(said) > DESCRIPTION and held:
        held.pop(0)  # the earliest moments go first: the end matters most
        said = told(held)
    return said if len(said) <= DESCRIPTION else said[: DESCRIPTION - 1] + "…"


def sentence(caption: str) -> str:
    """A step's caption as a sentence of the description: ended by its own stop (a
    caption may end in one, "…are lost.", or in none), never by two."""
    caption = caption.strip()
    return caption if caption.endswith((".", "!", "?", "…")) else caption + "."
