"""What the position of the day shows: the day's post (how the day before went, what was
best and what the move played cost, then the new position with **Answer** and **This
month**), the position opened to a member with its options, their answer, and the
month's table with their streak.

The position is drawn as a drill's is, for its seat alone (``drawn_position``: the public
table and that seat's own hand, never another seat's). Its game's players are not named:
each seat is "Player 1", "Player 2"…, but for those who allow it (``DAILY_NAMED``) and
the computer players."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from babel.dates import format_skeleton

from bot.discord_ui.card_layout import Card, Line, Rows
from bot.discord_ui.components import Look
from bot.features.drills.daily import DailyStanding, DayPosition
from bot.features.drills.discord.cards import DRILL_ACCENT, drawn_position, offered
from bot.features.drills.discord.daily_controls import DailyAnswer, DailyMonth, DailyOpen, DailyPick
from bot.features.drills.drill_words import (
    RIGHT,
    names,
    option_cost,
    option_labels,
    position,
    verdict,
)
from bot.features.drills.service import Answered
from bot.games import shared_words
from bot.games.analysis_words import grade_name
from bot.games.faces import face_for, report_words_for
from bot.games.replay import step_showing
from bot.storage.records import Game, Seat
from i18n import Language


def anonymous(game: Game, named: Collection[int], lang: Language) -> Game:
    """``game`` with each human seat named by its number ("Player 2"), but those whose
    player allows their name (``named``); a computer player keeps its own."""
    seats = tuple(
        seat
        if _keeps_name(seat, named)
        else replace(
            seat,
            display_name=lang._("Player {number}", number=lang.number(seat.seat + 1)),
            left_user_id=None,
        )
        for seat in game.seats
    )
    return replace(game, seats=seats)


def _keeps_name(seat: Seat, named: Collection[int]) -> bool:
    """Whether a seat shows its own name: a computer player's, but one that took a
    human's seat over, which is named after them; a human's who allows it."""
    human = seat.left_user_id if seat.left_user_id is not None else seat.user_id
    return human in named if human is not None else True


def daily_title(kind: str, lang: Language) -> str:
    """``🧩 Position of the day · Claim It!``"""
    return lang._("🧩 Position of the day · {game}", game=face_for(kind).title)


def asked(found: DayPosition, game: Game, lang: Language, *, named: bool) -> str:
    """What was to decide, with whose decision it was where they allow their name
    (``named``), and the figures the player decided on (a roll's chance to bust)."""
    drill = found.drill
    move = lang.number(step_showing(drill.move))
    seat = game.seats[drill.seat]
    if named:
        question = lang._(
            "{name} got this wrong at move {move} of a game here. What would you do?",
            name=shared_words.name(seat, lang),
            move=move,
        )
    else:
        question = lang._(
            "Someone here got this wrong at move {move} of a game. What would you do?",
            move=move,
        )
    figures = face_for(drill.kind).decision_lines(position(drill, game), lang)
    return "\n\n".join([question, *(["\n".join(figures)] if figures else [])])


def how_it_went(found: DayPosition, game: Game, answered: int, right: int, lang: Language) -> str:
    """The day before: how many answered and how many right, what was best, and what the
    move played in the game cost, in the report's words."""
    drill = found.drill
    words = report_words_for(drill.kind)
    seats = names(game, lang, bold=True)
    best = words.option(drill.state, drill.weighed.best, seats, lang)
    played = words.option(drill.state, drill.chosen, seats, lang)
    cost, grade = option_cost(drill, drill.chosen, lang)
    tally = lang.ngettext(
        "Last position: {n} answered, {right} right.",
        "Last position: {n} answered, {right} right.",
        answered,
        right=lang.number(right),
    )
    why = lang._(
        "The best was {best}; {played}, as played in the game, cost {cost}: {grade}.",
        best=best,
        played=played,
        cost=cost,
        grade=grade_name(grade, lang),
    )
    return f"{tally} {why}"


async def post_card(
    found: DayPosition, game: Game, before: str | None, lang: Language, *, named: bool
) -> Card:
    """The day's post: ``before`` (how the day before went, ``how_it_went``), then the
    position for everyone to see (``named``: its player allows their name), **Answer**
    (privately) and **This month**."""
    guild, day = found.day.guild_id, found.day.day.toordinal()
    rows: Rows = (
        (
            DailyOpen(guild, day, lang._("Answer")),
            DailyMonth(guild, lang._("This month")),
        ),
    )
    text = asked(found, game, lang, named=named)
    title = daily_title(found.drill.kind, lang)
    card = await drawn_position(found.drill, game, title, text, rows, lang, hand=lang._("The hand"))
    footer = lang._(
        "Answer privately with the button: one answer each, told to you alone. Tomorrow's "
        "post tells how it went."
    )
    shown = replace(card, footer=footer)
    if before is None:
        return shown
    return replace(shown, lines=(Line(lang._("Yesterday"), before),))


async def open_card(
    found: DayPosition, game: Game, answered: str | None, lang: Language, *, named: bool
) -> Card:
    """The day's position to one member, with its options (in a neutral order), or, where
    they answered already, what they answered."""
    guild, day = found.day.guild_id, found.day.day.toordinal()
    drill = found.drill
    text = asked(found, game, lang, named=named)
    rows: Rows = ()
    if answered is None:
        labels = option_labels(drill, game, lang)

        def button(option: str, look: Look) -> DailyAnswer:
            return DailyAnswer(guild, day, option, look)

        rows = offered(labels, button, lambda: DailyPick(guild, day), lang)
    else:
        chosen = report_words_for(drill.kind).option(
            drill.state, answered, names(game, lang, bold=True), lang
        )
        text = "\n\n".join(
            [text, lang._("You answered {option} today: one answer each.", option=chosen)]
        )
    return await drawn_position(
        drill, game, daily_title(drill.kind, lang), text, rows, lang, hand=lang._("The hand")
    )


def answer_card(answered: Answered, game: Game, standing: DailyStanding, lang: Language) -> Card:
    """A member's answer, told to them alone: right or not, the best and what theirs
    cost, and their streak."""
    drill = answered.drill
    option = report_words_for(drill.kind).option(
        drill.state, answered.option, names(game, lang, bold=True), lang
    )
    said = [
        lang._("You answered {option}.", option=option),
        verdict(answered, game, lang),
        streak_line(standing.streak, lang),
    ]
    return Card(title=daily_title(drill.kind, lang), text="\n\n".join(said), accent=DRILL_ACCENT)


def streak_line(streak: int, lang: Language) -> str:
    """A member's streak of right answers."""
    if not streak:
        return lang._("No streak yet: answer the next position right to start one.")
    return f"{RIGHT} " + lang.ngettext(
        "Your streak: {n} day in a row answered right.",
        "Your streak: {n} days in a row answered right.",
        streak,
    )


def month_card(standing: DailyStanding, lang: Language) -> Card:
    """The server's table of right answers this month (UTC), and the asker's streak."""
    month = format_skeleton("yMMMM", standing.month, locale=lang.locale)
    if standing.table:
        table = "\n".join(
            lang._(
                "{place}. <@{user}>: {right}",
                place=lang.number(place),
                user=user,
                right=lang.number(right),
            )
            for place, (user, right) in enumerate(standing.table, start=1)
        )
    else:
        table = lang._("Nobody has answered a position right this month yet.")
    return Card(
        title=lang._("🧩 Positions of the day · {month}", month=month),
        text=table,
        accent=DRILL_ACCENT,
        lines=(Line(lang._("You"), streak_line(standing.streak, lang)),),
        footer=lang._("Right answers this month (UTC); a streak is days in a row answered right."),
    )
