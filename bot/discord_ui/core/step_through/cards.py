"""A finished game stepped through, privately: one step at a time, its picture and what
happened, with buttons to the first, the previous, the next and the last step, and a
menu of the game's chapters (its rounds or tricks). Every step is one everybody saw at
the table.

A step is numbered by the move it shows (``Move 87 of 175``), the start before the first:
the number the report of what decided the game names a decision by, so that its button
"Step through from move 87" opens on move 87 being made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Image
from bot.discord_ui.core.step_through.components import JumpMenu, StepButton
from bot.games.face import GOLD
from bot.games.limits import DESCRIPTION, shortened
from bot.games.replay import Chapter, Replay
from i18n import Language

MENU_OPTIONS = 25
"""Discord's limit on a menu's options (Claim has up to 26 tricks)."""
OPTION_TEXT = 100
"""Discord's limit on an option's label and on its description."""
FILENAME = "step.png"


def step_card(
    replay: Replay, step: int, png: bytes, kind: str, game: int, title: str, lang: Language
) -> Card:
    """Step ``step`` (from 0) of the game ``title``'s replay, its picture ``png``."""
    total = len(replay.steps)
    shown = replay.steps[step]
    chapter = chapter_of(replay.chapters, step)
    counter = step_counter(step, total - 1, lang)
    heading = f"**{chapter.name}** · {counter}" if chapter is not None else f"**{counter}**"
    described = lang._("{game} · {step}: {what}", game=title, step=counter, what=shown.caption)
    rows: list[tuple[discord.ui.Item[Any], ...]] = [_buttons(kind, game, step, total, lang)]
    menu = _menu(replay.chapters, chapter, kind, game, lang)
    if menu is not None:
        rows.append((menu,))
    return Card(
        title=lang._("🎞️ Step through · {game}", game=title),
        text=f"{heading}\n{shown.caption}",
        accent=GOLD,
        image=Image(png, shortened(described, DESCRIPTION), FILENAME),
        footer=lang._("Only you see this. Each step is the table as everybody saw it."),
        rows=tuple(rows),
    )


def step_counter(step: int, moves: int, lang: Language) -> str:
    """``Move 87 of 175`` for the step showing move 87, ``Before move 1 of 175`` for the
    start."""
    if step == 0:
        return lang._("Before move 1 of {total}", total=lang.number(moves))
    return lang._("Move {n} of {total}", n=lang.number(step), total=lang.number(moves))


def chapter_of(chapters: Sequence[Chapter], step: int) -> Chapter | None:
    """The chapter ``step`` is in."""
    found = None
    for chapter in chapters:
        if chapter.step > step:
            break
        found = chapter
    return found


def menu_chapters(chapters: Sequence[Chapter]) -> list[Chapter]:
    """The chapters a menu offers: all of them when they fit, else as many as fit spread
    evenly, the first and the last among them (the steps between are a button away)."""
    if len(chapters) <= MENU_OPTIONS:
        return list(chapters)
    last = len(chapters) - 1
    return [chapters[round(i * last / (MENU_OPTIONS - 1))] for i in range(MENU_OPTIONS)]


def jumped_to(chapters: Sequence[Chapter], value: str) -> int | None:
    """The step a menu pick of ``value`` jumps to; ``None`` for a value the menu never
    offered."""
    offered = {str(chapter.step): chapter.step for chapter in menu_chapters(chapters)}
    return offered.get(value)


def _buttons(
    kind: str, game: int, step: int, total: int, lang: Language
) -> tuple[discord.ui.Item[Any], ...]:
    last = total - 1
    return (
        StepButton(kind, game, 0, "first", emoji="⏮️", label=lang._("First"), disabled=step == 0),
        StepButton(
            kind,
            game,
            max(0, step - 1),
            "back",
            emoji="◀️",
            label=lang._("Back"),
            disabled=step == 0,
        ),
        StepButton(
            kind,
            game,
            min(last, step + 1),
            "next",
            emoji="▶️",
            label=lang._("Next"),
            disabled=step == last,
        ),
        StepButton(
            kind, game, last, "last", emoji="⏭️", label=lang._("Last"), disabled=step == last
        ),
    )


def _menu(
    chapters: Sequence[Chapter], current: Chapter | None, kind: str, game: int, lang: Language
) -> JumpMenu | None:
    offered = menu_chapters(chapters)
    if len(offered) < 2:
        return None
    options = [
        discord.SelectOption(
            label=shortened(chapter.name, OPTION_TEXT),
            value=str(chapter.step),
            description=(
                lang._("From move {n}", n=lang.number(chapter.step))
                if chapter.step
                else lang._("From the start")
            ),
            default=chapter == current,
        )
        for chapter in offered
    ]
    return JumpMenu(kind, game, options=options, placeholder=lang._("Jump to…"))
