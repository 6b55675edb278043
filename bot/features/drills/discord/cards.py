"""A drill as its player sees it: the position drawn by the game's own face with what
was to decide, and each option as a button (a menu where there are more than a few rows
of them); the answer in the words and units of the game's report; and ``/my drills``,
what is due and how each game's drills and decisions go; **Show the costs** shows each
option's cost without answering (a right answer after it spaces the drill less).

The position is drawn as a lesson's is, for the player's seat alone: a game with secrets
shows the public table and that seat's own hand (the face's ``private``), never what
another seat holds. The options are in a neutral order (never the judge's, which puts the
best first)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Line, Rows, flowed
from bot.discord_ui.components import Look, Offer, TemplatedSelect
from bot.discord_ui.core.step_through.components import opening
from bot.discord_ui.face_drawing import drawn
from bot.features.drills.discord.controls import (
    EVERY_GAME,
    OPTION,
    DrillAnswer,
    DrillHint,
    DrillPick,
    NextDrill,
    scope_of,
)
from bot.features.drills.drill import Answered, Drill
from bot.features.drills.drill_words import (
    answered_line,
    asked_text,
    cost_scale,
    costs,
    drill_title,
    hinted_note,
    option_labels,
    position,
    progress_lines,
    replay_elsewhere,
    verdict,
    when,
)
from bot.features.drills.service import SESSION, Progress
from bot.features.drills.theme_words import (
    theme_line,
    theme_name,
    weak_footer,
    weak_heading,
    weak_lines,
)
from bot.features.drills.themes import ThemeCost, theme_scope
from bot.games.faces import face_for
from bot.games.limits import shortened
from bot.games.replay import step_showing
from bot.service.errors import own_slash, slash
from bot.storage.records import Game
from i18n import Language

DRILL_ACCENT = (230, 126, 34)
"""A drill's colour: an orange of its own, nobody's seat."""
MOST_BUTTONS = 12
"""Options shown as buttons at most (three rows of four); more go in menus."""
MENU = 25
"""Options one menu holds (Discord's most)."""
BUTTON_LABEL = 80
MENU_LABEL = 100
"""Characters of a button's label, and of a menu option's, at most (Discord's)."""


async def drill_card(drill: Drill, game: Game, scope: str, served: int, lang: Language) -> Card:
    """The drill's position as its seat saw it in ``game`` (the latest it was met in,
    whose seats name the players), under what was to decide, with its options: their
    costs under it once shown."""
    asked = asked_text(drill, game, lang)
    if drill.hinted:
        asked = "\n\n".join([asked, "\n".join(costs(drill, game, lang)), hinted_note(lang)])
    labels = option_labels(drill, game, lang)
    rows = option_rows(drill, scope, served, labels, lang)
    title = drill_title(served, drill.kind, lang)
    return await drawn_position(drill, game, title, asked, rows, lang)


async def drawn_position(
    drill: Drill,
    game: Game,
    title: str,
    asked: str,
    rows: Rows,
    lang: Language,
    *,
    hand: str | None = None,
) -> Card:
    """The drill's position drawn by its game's face for its seat alone (the public
    table, and that seat's own hand where the game has secrets, titled ``hand``: "Your
    hand" unless told), titled ``title``, with ``asked`` under it and ``rows`` below."""
    face = face_for(drill.kind)
    table = position(drill, game)
    picture = await face.turn(table, asked, None, lang)
    # What the table says next points at its own buttons: a drill has its own.
    picture = replace(picture, title=title, text=asked)
    held = await face.private(table, drill.seat, None, lang)
    if held is None:
        return replace(drawn(picture, rows), accent=DRILL_ACCENT)
    # The hand's own title names a game; here it is the player's, as they held it then.
    own = replace(held.picture, title=lang._("Your hand") if hand is None else hand)
    return replace(drawn(picture), accent=DRILL_ACCENT, below=drawn(own, rows))


def option_rows(
    drill: Drill, scope: str, served: int, labels: dict[str, str], lang: Language
) -> Rows:
    """The drill's options (``offered``), each answering the drill at the version shown;
    and **Show the costs** until they are shown."""
    hint: tuple[DrillHint, ...] = ()
    if not drill.hinted:
        hint = (DrillHint(scope, served, drill.id, drill.version, lang._("Show the costs")),)
    return offered(
        labels,
        lambda option, look: DrillAnswer(scope, served, drill.id, drill.version, option, look),
        lambda: DrillPick(scope, served, drill.id, drill.version),
        lang,
    ) + flowed((hint,))


def offered(
    labels: dict[str, str],
    button: Callable[[str, Look], discord.ui.Item[Any]],
    menu: Callable[[], TemplatedSelect[Any]],
    lang: Language,
) -> Rows:
    """A button per option (``button``) where they fit a few rows (and each option fits
    a custom_id), else menus of them (``menu``), each valued by its option."""
    fit = all(re.fullmatch(OPTION.pattern, option) for option in labels)
    if fit and len(labels) <= MOST_BUTTONS:
        buttons = [
            button(
                option,
                Look(shortened(label, BUTTON_LABEL), None, discord.ButtonStyle.secondary),
            )
            for option, label in labels.items()
        ]
        return flowed((tuple(buttons),))
    entries = [
        discord.SelectOption(label=shortened(label, MENU_LABEL), value=option)
        for option, label in labels.items()
    ]
    chunks = [entries[start : start + MENU] for start in range(0, len(entries), MENU)]
    menus: list[discord.ui.Item[Any]] = []
    for index, chunk in enumerate(chunks, start=1):
        placeholder = (
            lang._("What would you do?")
            if len(chunks) == 1
            else lang._("What would you do? ({part} of {parts})", part=index, parts=len(chunks))
        )
        menus.append(menu().offering(Offer(chunk, placeholder)))
    return tuple((item,) for item in menus)


def answer_card(
    answered: Answered,
    game: Game,
    scope: str,
    served: int,
    left: int,
    now: float,
    lang: Language,
    *,
    here: bool,
) -> Card:
    """What the answer was worth against the best, in the report's words and units; when
    the drill comes back; the step-through of its game at that move (``here``: where
    its game's server is this one, else how to open it there); and **Next drill** while
    the session has drills to serve (``left``: those due besides), else how it ends."""
    drill = answered.drill
    said = [verdict(answered, game, lang), when(answered.next_due, now, lang)]
    items: list[discord.ui.Item[Any]] = []
    if here:
        move = step_showing(drill.move)
        label = lang._("Step through from move {move}", move=lang.number(move))
        items.append(opening(drill.kind, drill.game_id, move, label))
    else:
        said.append(replay_elsewhere(drill, game, lang))
    served += 1
    if left and served < SESSION:
        items.append(NextDrill(scope, served, lang._("Next drill")))
    else:
        said.append(closing(scope, left, lang))
    text = "\n\n".join([answered_line(answered, game, lang), theme_line(drill, lang), *said])
    return Card(
        title=drill_title(served - 1, drill.kind, lang),
        text=text,
        accent=DRILL_ACCENT,
        rows=flowed((tuple(items),)),
    )


def closing(scope: str, left: int, lang: Language) -> str:
    """How a session ends: with what is still due, and the command that serves it."""
    if not left:
        return lang._("That was the last drill due today.")
    kind, _ = scope_of(scope)
    command = own_slash("my", "drills") if kind is None else slash(face_for(kind).command, "drills")
    return lang.ngettext(
        "That makes {most} for this session; {n} more is due: {command} serves it.",
        "That makes {most} for this session; {n} more are due: {command} serves them.",
        left,
        most=lang.number(SESSION),
        command=lang.say(command),
    )


def ended_card(scope: str, left: int, lang: Language) -> Card:
    """**Next drill** once the session has served its drills, or none is left due."""
    return Card(
        title=lang._("🎯 Your drills"), text=closing(scope, left, lang), accent=DRILL_ACCENT
    )


def none_due_card(
    kind: str, progress: Sequence[Progress], lang: Language, theme: str | None = None
) -> Card:
    """``/<game> drills [theme]`` with nothing due: says so, and how that game's drills
    stand."""
    title = face_for(kind).title
    text = (
        lang._("No {game} drill is due today.", game=title)
        if theme is None
        else lang._(
            "No {game} drill of “{theme}” is due today.",
            game=title,
            theme=theme_name(kind, theme, lang),
        )
    )
    return _standing_card(text, [each for each in progress if each.kind == kind], lang)


def drills_card(
    progress: Sequence[Progress], lang: Language, weak: Sequence[ThemeCost] = ()
) -> Card:
    """``/my drills``: how many are due today over every game, with **Start** where any
    is, each game's drills and decisions, and the player's ``weak`` themes, each with a
    button that serves its drills due."""
    due = sum(each.due for each in progress)
    if not progress:
        text = lang._(
            "You have no drills yet. Each mistake you make in a finished game becomes one: "
            "its position, asked again until you know it."
        )
    elif not due:
        text = lang._("No drill is due today.")
    else:
        text = lang.ngettext(
            "{n} drill is due today. A session asks {most} at most, each answered in one press.",
            "{n} drills are due today. A session asks {most} at most, each answered in one press.",
            due,
            most=lang.number(SESSION),
        )
    rows: Rows = ()
    if due:
        rows = ((NextDrill(EVERY_GAME, 0, lang._("Start")),),)
    card = _standing_card(text, progress, lang)
    if not weak:
        return replace(card, rows=rows)
    line = Line(weak_heading(lang), "\n".join(weak_lines(weak, lang)))
    themed = tuple(
        NextDrill(
            theme_scope(each.kind, each.theme),
            0,
            shortened(theme_name(each.kind, each.theme, lang), BUTTON_LABEL),
        )
        for each in weak
    )
    return replace(
        card,
        lines=(*card.lines, line),
        rows=(*rows, themed),
        footer="\n".join(filter(None, (card.footer, weak_footer(lang)))),
    )


def _standing_card(text: str, progress: Sequence[Progress], lang: Language) -> Card:
    """``text`` over how each game's drills and decisions go (``progress``)."""
    lines = tuple(
        Line(face_for(each.kind).title, "\n".join(progress_lines(each, lang))) for each in progress
    )
    return Card(
        title=lang._("🎯 Your drills"),
        text=text,
        accent=DRILL_ACCENT,
        lines=lines,
        footer=cost_scale(progress, lang),
    )
