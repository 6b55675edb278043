"""A finished game stepped through, privately: one step at a time, its picture and what
happened, with buttons to the first, the previous, the next and the last step, and a
menu of the game's chapters (its rounds or tricks): every one of them, in pages of 23
where there are more than a menu's 25 (its placeholder says which page), with options
that turn it to the pages before and after. Every step is one everybody saw at the
table.

A step is numbered by the move it shows (``Move 87 of 175``), the start before the first:
the number the report of what decided the game names a decision by, so that its button
"Step through from move 87" opens on move 87 being made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Image
from bot.discord_ui.components import Offer
from bot.discord_ui.core.step_through.components import JumpMenu, StepButton, step_look
from bot.games.face import GOLD
from bot.games.limits import DESCRIPTION, shortened
from bot.games.replay import Chapter, Replay
from i18n import Language

MENU_OPTIONS = 25
"""Discord's limit on a menu's options (Claim has up to 26 tricks)."""
PAGE = MENU_OPTIONS - 2
"""Chapters a page of a longer menu holds, beside its options to the pages around it."""
OPTION_TEXT = 100
"""Discord's limit on an option's label and on its description."""
PLACEHOLDER_TEXT = 150
"""Discord's limit on a menu's placeholder."""
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


@dataclass(frozen=True)
class MenuPage:
    """The chapters a step-through's menu offers: all of them where they fit, else the
    page of them the step shown is in, with the first chapter of the pages before and
    after it (``earlier``, ``later``) as options that turn the menu there, so that every
    chapter is a pick or two away and none is skipped."""

    chapters: tuple[Chapter, ...]
    page: int
    """From 1; the first of one page where all fit."""
    pages: int
    earlier: tuple[Chapter, ...] = ()
    """The page before's chapters, its first the option's jump; none on the first page."""
    later: tuple[Chapter, ...] = ()
    """The page after's chapters, likewise."""


def menu_page(chapters: Sequence[Chapter], current: Chapter | None) -> MenuPage:
    """The chapters a menu shown with the chapter ``current`` offers."""
    if len(chapters) <= MENU_OPTIONS:
        return MenuPage(tuple(chapters), 1, 1)
    pages = [tuple(chapters[start : start + PAGE]) for start in range(0, len(chapters), PAGE)]
    index = next((i for i, page in enumerate(pages) if current in page), 0)
    return MenuPage(
        pages[index],
        index + 1,
        len(pages),
        pages[index - 1] if index else (),
        pages[index + 1] if index + 1 < len(pages) else (),
    )


def jumped_to(chapters: Sequence[Chapter], value: str) -> int | None:
    """The step a menu pick of ``value`` jumps to: the first of any of the game's
    chapters (an option of any page of the menu, or of a menu turned to another page
    since); ``None`` for a value no page offers."""
    offered = {str(chapter.step): chapter.step for chapter in chapters}
    return offered.get(value)


def _buttons(
    kind: str, game: int, step: int, total: int, lang: Language
) -> tuple[discord.ui.Item[Any], ...]:
    last = total - 1
    return (
        StepButton(kind, game, 0, "first", step_look(lang._("First"), "⏮️", step == 0)),
        StepButton(kind, game, max(0, step - 1), "back", step_look(lang._("Back"), "◀️", step == 0)),
        StepButton(
            kind, game, min(last, step + 1), "next", step_look(lang._("Next"), "▶️", step == last)
        ),
        StepButton(kind, game, last, "last", step_look(lang._("Last"), "⏭️", step == last)),
    )


def _menu(
    chapters: Sequence[Chapter], current: Chapter | None, kind: str, game: int, lang: Language
) -> JumpMenu | None:
    shown = menu_page(chapters, current)
    if len(shown.chapters) < 2:
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
        for chapter in shown.chapters
    ]
    if shown.earlier:
        options.insert(0, _turning(shown.earlier, lang, later=False))
    if shown.later:
        options.append(_turning(shown.later, lang, later=True))
    placeholder = lang._("Jump to…")
    if shown.pages > 1:
        placeholder = lang._(
            "Jump to… ({first} to {last}; {page} of {pages})",
            first=shown.chapters[0].name,
            last=shown.chapters[-1].name,
            page=lang.number(shown.page),
            pages=lang.number(shown.pages),
        )
    return JumpMenu(kind, game).offering(Offer(options, shortened(placeholder, PLACEHOLDER_TEXT)))


def _turning(page: Sequence[Chapter], lang: Language, *, later: bool) -> discord.SelectOption:
    """The option that turns the menu to ``page`` (the one after the page shown, or the
    one before), jumping to its first chapter."""
    first, last = page[0].name, page[-1].name
    if later:
        label = lang._("Later: {first} to {last} ▶", first=first, last=last)
    else:
        label = lang._("◀ Earlier: {first} to {last}", first=first, last=last)
    step = page[0].step
    return discord.SelectOption(
        label=shortened(label, OPTION_TEXT),
        value=str(step),
        description=(
            lang._("From move {n}", n=lang.number(step)) if step else lang._("From the start")
        ),
    )
