"""The position of the day's words, in the channel and on the board alike: its title,
its question, a member's streak; and its game's players unnamed: each seat is "Player
1", "Player 2"…, but for those who allow it (``DAILY_NAMED``) and the computer players."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from dataclasses import replace

from bot.features.drills.daily import DailyStanding, DayPosition
from bot.features.drills.daily_settings import DAILY_NAMED, DailyNamed
from bot.features.drills.drill import Answered, Drill
from bot.features.drills.drill_words import RIGHT, names, position, verdict
from bot.games import shared_words
from bot.games.faces import face_for, report_words_for
from bot.games.replay import step_showing
from bot.storage.records import Game, PlayerSettings, Seat
from i18n import Language


async def named_players(
    settings: Callable[[int], Awaitable[PlayerSettings]], game: Game
) -> set[int]:
    """The game's players who allow a position of the day to name them (``settings``:
    a player's own)."""
    humans = {
        human
        for seat in game.seats
        if (human := seat.left_user_id if seat.left_user_id is not None else seat.user_id)
    }
    return {user for user in humans if DAILY_NAMED.of(await settings(user)) is DailyNamed.YES}


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


def day_question(found: DayPosition, game: Game, lang: Language, *, named: bool) -> str:
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


def streak_line(streak: int, lang: Language) -> str:
    """A member's streak of right answers."""
    if not streak:
        return lang._("No streak yet: answer the next position right to start one.")
    return f"{RIGHT} " + lang.ngettext(
        "Your streak: {n} day in a row answered right.",
        "Your streak: {n} days in a row answered right.",
        streak,
    )


def answered_today(drill: Drill, option: str, game: Game, lang: Language) -> str:
    """What the member answered the day's position, opened again."""
    chosen = report_words_for(drill.kind).option(
        drill.state, option, names(game, lang, bold=True), lang
    )
    return lang._("You answered {option} today: one answer each.", option=chosen)


def answer_lines(
    answered: Answered, game: Game, standing: DailyStanding, lang: Language
) -> list[str]:
    """A member's answer, told to them alone: what they answered, right or not (the
    best and what theirs cost), and their streak."""
    drill = answered.drill
    option = report_words_for(drill.kind).option(
        drill.state, answered.option, names(game, lang, bold=True), lang
    )
    return [
        lang._("You answered {option}.", option=option),
        verdict(answered, game, lang),
        streak_line(standing.streak, lang),
    ]
