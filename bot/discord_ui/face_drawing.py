"""Draws what a game's face describes (``bot.games.face``) as a Discord message: a
card (``bot.discord_ui.card_layout``) with the picture and its description, and its choices as
the buttons and menus of the features that answer them (``ControlDrawing``), whose
custom_ids carry the game, the version shown and the intent."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Image, Line, Rows, balanced
from bot.discord_ui.components import Look, Offer
from bot.discord_ui.message_hooks import ControlDrawing, HandChoice
from bot.games.face import Choice, Control, Menu, Picture, Private, Tone
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.storage import Game, Seat
from i18n import Language

IMAGE_FILE = "board.png"
STYLES = {
    Tone.PRIMARY: discord.ButtonStyle.primary,
    Tone.SECONDARY: discord.ButtonStyle.secondary,
    Tone.SUCCESS: discord.ButtonStyle.success,
    Tone.DANGER: discord.ButtonStyle.danger,
}


def drawn(picture: Picture, rows: Rows = (), log: tuple[str, ...] = ()) -> Card:
    """A face's picture with its words, as a card with ``rows`` of controls under it (and
    ``log`` under the picture)."""
    return Card(
        title=picture.title,
        text=picture.text,
        accent=picture.colour,
        lines=tuple(Line(f.name, f.value, f.inline) for f in picture.fields),
        footer=picture.footer,
        image=Image(picture.png, picture.description, IMAGE_FILE),
        log=log,
        rows=rows,
    )


def rows_of(shown: Sequence[Control]) -> list[int]:
    """The row each control goes on: each run of buttons over balanced rows, each menu
    on a row of its own."""
    rows: list[int] = []
    for is_menu, run in groupby(shown, key=lambda control: isinstance(control, Menu)):
        count = sum(1 for _ in run)
        sizes = [1] * count if is_menu else balanced(count)
        first = rows[-1] + 1 if rows else 0
        rows += [first + row for row, size in enumerate(sizes) for _ in range(size)]
    return rows


def in_rows(items: Sequence[discord.ui.Item[Any]], shown: Sequence[Control]) -> Rows:
    """``items`` (one per control in ``shown``) on the rows ``rows_of`` gives them."""
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    for item, row in zip(items, rows_of(shown), strict=True):
        rows.setdefault(row, []).append(item)
    return tuple(tuple(rows[row]) for row in sorted(rows))


def controls(game: Game, shown: Sequence[Control], drawing: ControlDrawing) -> Rows:
    """The buttons and menus of a game's public message, for the version it shows."""
    return in_rows([drawing.draw(game, control) for control in shown], shown)


def buttons(game: Game, lang: Language, drawing: ControlDrawing) -> Rows:
    """What the player(s) to act press now, as the game's face says."""
    return controls(game, face_for(game.kind).choices(game, lang), drawing)


async def turn(
    game: Game,
    headline: str,
    last: Outcome | None,
    lang: Language,
    drawing: ControlDrawing,
    log: Sequence[str] = (),
    added: Rows = (),
) -> Card:
    """The game's table as it stands under ``headline``, with its choices (and the rows of
    controls ``added`` after them) and the last few things that happened before (``log``).
    Nobody is mentioned: a ping of its own tells whoever is to act
    (``bot.discord_ui.pings``)."""
    picture = await face_for(game.kind).turn(game, headline, last, lang)
    return drawn(picture, (*buttons(game, lang, drawing), *added), tuple(log))


def acting(game: Game) -> list[Seat]:
    """The seats that may act now."""
    if game.state is None:
        return []
    return [game.seats[n] for n in rules_for(game.kind).to_act(game.state)]


def to_ping(game: Game) -> list[int]:
    """The people (not computer players) who may act now."""
    return [seat.user_id for seat in acting(game) if seat.user_id is not None]


async def closed(game: Game, headline: str, lang: Language) -> Card:
    """The table of a game that closed before its end: as it stood, without choices."""
    return drawn(await face_for(game.kind).turn(game, headline, None, lang))


def private(game: Game, shown: Private, drawing: ControlDrawing) -> Card:
    """A seat's own message, its choices counting while it decides on ``shown.key``."""
    items = [drawing.draw(game, HandChoice(shown.key, choice)) for choice in shown.choices]
    return drawn(shown.picture, in_rows(items, shown.choices))


def look(choice: Choice) -> Look:
    """How a face's choice shows as a button: its label, emoji, colour, and whether it can be
    pressed."""
    return Look(choice.label, choice.emoji, STYLES[choice.tone], not choice.enabled)


def offer(menu: Menu) -> Offer:
    """What a face's menu offers as a select menu: its entries, each valued by its intent,
    under its placeholder."""
    options = [
        discord.SelectOption(
            label=option.label,
            value=option.intent,
            description=option.description,
            emoji=option.emoji,
        )
        for option in menu.options
    ]
    return Offer(options, menu.placeholder)
