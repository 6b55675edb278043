"""Draws what a game's face describes (``bot.games.face``) as a Discord message: the
picture as an embed showing its attached image, the choices as buttons and menus
whose custom_ids carry the game, the version shown and the intent."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

import discord

from bot.discord_ui.components import Look
from bot.discord_ui.hands.components import PrivateButton, PrivateOpen
from bot.discord_ui.turns.components import TurnButton, TurnSelect
from bot.games.face import Choice, Control, Menu, OpenPrivate, Picture, Private, Tone
from bot.games.faces import face_for
from bot.service import Outcome
from bot.storage import Game
from i18n import Language

IMAGE_FILE = "board.png"
ROW_WIDTH = 4
"""Buttons on one row at most. Discord takes five, but a phone (390 px wide) shows four
short buttons side by side and wraps the fifth onto a line of its own."""

STYLES = {
    Tone.PRIMARY: discord.ButtonStyle.primary,
    Tone.SECONDARY: discord.ButtonStyle.secondary,
    Tone.SUCCESS: discord.ButtonStyle.success,
    Tone.DANGER: discord.ButtonStyle.danger,
}


@dataclass(frozen=True)
class Drawn:
    """A game message ready to send: a face's picture and its components."""

    picture: Picture
    view: discord.ui.View | None

    @property
    def embed(self) -> discord.Embed:
        return embed(self.picture)

    def file(self) -> discord.File:
        """The image, with what it shows as its alt text, for whoever can't see it."""
        picture = self.picture
        return discord.File(io.BytesIO(picture.png), IMAGE_FILE, description=picture.description)


def embed(picture: Picture) -> discord.Embed:
    r, g, b = picture.colour
    drawn = discord.Embed(
        title=picture.title, description=picture.text, colour=discord.Colour.from_rgb(r, g, b)
    )
    for field in picture.fields:
        drawn.add_field(name=field.name, value=field.value, inline=field.inline)
    if picture.footer is not None:
        drawn.set_footer(text=picture.footer)
    drawn.set_image(url=f"attachment://{IMAGE_FILE}")
    return drawn


def drawn(picture: Picture, view: discord.ui.View | None = None) -> Drawn:
    return Drawn(picture, view)


def balanced(count: int) -> list[int]:
    """How many of ``count`` buttons go on each row: as few rows as ``ROW_WIDTH``
    allows, as even as can be, the longer ones first (6 → 3 + 3, 13 → 4 + 3 + 3 + 3).
    Discord fills each row to five, which leaves a lone button under a full row."""
    if count == 0:
        return []
    rows = -(-count // ROW_WIDTH)
    return [count // rows + int(row < count % rows) for row in range(rows)]


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


def controls(game: Game, shown: Sequence[Control]) -> discord.ui.View:
    """The buttons and menus of a game's public message, for the version it shows."""
    view = discord.ui.View(timeout=None)
    for control, row in zip(shown, rows_of(shown), strict=True):
        item: discord.ui.Item[Any]
        if isinstance(control, Choice):
            item = TurnButton(game.kind, game.id, game.version, control.intent, look(control, row))
        elif isinstance(control, Menu):
            item = TurnSelect(
                game.kind,
                game.id,
                game.version,
                control.name,
                options=[
                    discord.SelectOption(
                        label=option.label,
                        value=option.intent,
                        description=option.description,
                        emoji=option.emoji,
                    )
                    for option in control.options
                ],
                placeholder=control.placeholder,
                row=row,
            )
        else:
            assert isinstance(control, OpenPrivate)
            item = PrivateOpen(
                game.kind, game.id, label=control.label, emoji=control.emoji, row=row
            )
        view.add_item(item)
    return view


def buttons(game: Game, lang: Language) -> discord.ui.View:
    """What the player(s) to act press now, as the game's face says."""
    return controls(game, face_for(game.kind).choices(game, lang))


async def turn(game: Game, headline: str, last: Outcome | None, lang: Language) -> Drawn:
    """The game as it stands under ``headline``, with its choices."""
    picture = await face_for(game.kind).turn(game, headline, last, lang)
    return drawn(picture, buttons(game, lang))


async def turn_end(outcome: Outcome, headline: str, lang: Language) -> Drawn:
    """The last picture of a turn that just ended: it stays without choices."""
    return drawn(await face_for(outcome.game.kind).turn_end(outcome, headline, lang))


def private(game: Game, shown: Private) -> Drawn:
    """A seat's own message, its choices counting while it decides on ``shown.key``."""
    view = None
    if shown.choices:
        view = discord.ui.View(timeout=None)
        for choice, row in zip(shown.choices, rows_of(shown.choices), strict=True):
            view.add_item(
                PrivateButton(game.kind, game.id, shown.key, choice.intent, look(choice, row))
            )
    return drawn(shown.picture, view)


def look(choice: Choice, row: int) -> Look:
    return Look(choice.label, choice.emoji, STYLES[choice.tone], not choice.enabled, row)
