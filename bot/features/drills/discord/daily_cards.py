"""What the position of the day shows: the day's post (how the day before went, what was
best and what the move played cost, then the new position with **Answer** and **This
month**), the position opened to a member with its options, their answer, and the
month's table with their streak.

The position is drawn as a drill's is, for its seat alone (``drawn_position``: the public
table and that seat's own hand, never another seat's). Its game's players are not named
(``daily_words.anonymous``), as on the board."""

from __future__ import annotations

from dataclasses import replace

from babel.dates import format_skeleton

from bot.discord_ui.card_layout import Card, Line, Rows
from bot.discord_ui.components import Look
from bot.features.drills.daily import DailyStanding, DayPosition
from bot.features.drills.daily_words import (
    answer_lines,
    answered_today,
    daily_title,
    day_question,
    streak_line,
)
from bot.features.drills.discord.cards import DRILL_ACCENT, drawn_position, offered
from bot.features.drills.discord.daily_controls import DailyAnswer, DailyMonth, DailyOpen, DailyPick
from bot.features.drills.drill import Answered
from bot.features.drills.drill_words import (
    names,
    option_cost,
    option_labels,
)
from bot.games.analysis_words import grade_name
from bot.games.faces import report_words_for
from bot.storage.records import Game
from i18n import Language


def how_it_went(found: DayPosition, game: Game, answered: int, right: int, lang: Language) -> str:
    """The day before: how many answered and how many right, what was best, and what the
    move played in the game cost, in the report's words."""
    drill = found.drill
    words = report_words_for(drill.kind)
    seats = names(game, lang, bold=True)
    best = words.option(drill.state, drill.weighed.best, seats, lang)
    played = words.option(drill.state, drill.chosen, seats, lang)
    tally = lang.ngettext(
        "Last position: {n} answered, {right} right.",
        "Last position: {n} answered, {right} right.",
        answered,
        right=lang.number(right),
    )
    if drill.chosen not in dict(drill.weighed.worths):
        # A card nobody saw (Claim's face-down discard, a Seer's take): the report kept
        # the move without the card, which none of the options names, so no cost.
        return f"{tally} " + lang._(
            "The best was {best}; in the game, {played} was played.", best=best, played=played
        )
    cost, grade = option_cost(drill, drill.chosen, lang)
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
    text = day_question(found, game, lang, named=named)
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
    text = day_question(found, game, lang, named=named)
    rows: Rows = ()
    if answered is None:
        labels = option_labels(drill, game, lang)

        def button(option: str, look: Look) -> DailyAnswer:
            return DailyAnswer(guild, day, option, look)

        rows = offered(labels, button, lambda: DailyPick(guild, day), lang)
    else:
        text = "\n\n".join([text, answered_today(drill, answered, game, lang)])
    return await drawn_position(
        drill, game, daily_title(drill.kind, lang), text, rows, lang, hand=lang._("The hand")
    )


def answer_card(answered: Answered, game: Game, standing: DailyStanding, lang: Language) -> Card:
    """A member's answer, told to them alone: right or not, the best and what theirs
    cost, and their streak."""
    said = answer_lines(answered, game, standing, lang)
    title = daily_title(answered.drill.kind, lang)
    return Card(title=title, text="\n\n".join(said), accent=DRILL_ACCENT)


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
