"""The position of the day on the board (the app's Activity): 🧩 in the games list of a
board opened in a server whose position of the day is out (its current day, the one its
post answers), with its game and whether the viewer answered it; opened, the position
drawn for its seat alone (``Shown.seat``: never another seat's hidden cards), its
players unnamed as in the channel (``daily_words.anonymous``), a way per option in a
neutral order. An answer is the member's one of the day, the same one the post's buttons
take (``DailyPositions.answer``): answered on either front end, it is refused on the
other; it says right or not, the best and what theirs cost, and their streak.

The server is always the one the board was opened in (``Where``), never one a key
names: a key is the day (its ordinal), and the place's version is the drill the day
took, so that an answer from a board opened in another server or in a DM, to another
day or on a forged key is refused in plain words, nothing changed."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from bot.features.drills.board import PICK
from bot.features.drills.daily import DailyGameGone, Day, DayPosition, NoDailyPosition
from bot.features.drills.daily_words import (
    anonymous,
    answer_lines,
    answered_today,
    daily_title,
    day_question,
    named_players,
)
from bot.features.drills.drill_words import option_labels, position
from bot.features.drills.errors import NotAnOption
from bot.features.drills.service import DrillService
from bot.games.faces import face_for
from bot.service.board_places import Asked, BoardPlace, Entry, Shown, Way
from bot.service.errors import GameNotFound, Refusal
from bot.service.game_loading import Where
from bot.storage.records import Game
from i18n import Language, Message

DAILY = "🧩"
KEY = re.compile(r"[0-9]{1,7}")
"""A day as an ordinal, as the post's buttons name it."""


class DailyOnlyInServer(Refusal):
    """The position of the day asked for on a board opened in a DM or group DM."""

    words = Message(
        "The position of the day belongs to a server: open the board in one of its "
        "channels to answer it. Nothing changed."
    )


def _day(where: Where, key: str) -> Day:
    """The day ``key`` names, of the server the board was opened in."""
    if not where.guild_id:
        raise DailyOnlyInServer()
    if KEY.fullmatch(key) is None:
        raise NoDailyPosition()
    try:
        return Day(where.guild_id, dt.date.fromordinal(int(key)))
    except ValueError:
        raise NoDailyPosition() from None


async def entries(drills: DrillService, user_id: int, where: Where, lang: Language) -> list[Entry]:
    """The server's current day, where the board runs in a server that has one: its
    game, and whether the viewer answered it."""
    found = None if not where.guild_id else await drills.daily.latest(where.guild_id)
    if found is None:
        return []
    day = found.day
    game = face_for(found.drill.kind).title
    if await drills.daily.answered(day, user_id) is None:
        note = lang._("{game} · not answered yet", game=game)
    else:
        note = lang._("{game} · answered", game=game)
    title, label = lang._("Position of the day"), lang._("Answer")
    return [Entry(str(day.day.toordinal()), found.drill.kind, title, label, DAILY, note)]


async def opened(
    drills: DrillService, user_id: int, name: str, key: str, where: Where, lang: Language
) -> Shown:
    """The day's position with a way per option, or, where the viewer answered it, what
    they answered."""
    day = _day(where, key)
    found = await drills.daily.current(day)
    game, question = await _game(drills, found, lang)
    said = [question]
    ways: tuple[Way, ...] = ()
    answered = await drills.daily.answered(day, user_id)
    if answered is None:
        labels = option_labels(found.drill, game, lang)
        ways = tuple(Way(PICK + option, label) for option, label in labels.items())
    else:
        said.append(answered_today(found.drill, answered, game, lang))
    return _shown(found, game, tuple(said), ways, lang)


async def asked(drills: DrillService, asked: Asked, lang: Language) -> Shown:
    """The viewer's answer to the day's position they were shown (its drill the
    version): right or not, and their streak."""
    day = _day(asked.where, asked.key)
    if not asked.ask.startswith(PICK):
        raise NotAnOption()
    found = await drills.daily.current(day)
    if asked.version != found.drill.id:
        raise NoDailyPosition()
    game, question = await _game(drills, found, lang)
    answered = await drills.daily.answer(day, asked.user_id, asked.ask.removeprefix(PICK))
    standing = await drills.daily.standing(day.guild_id, asked.user_id)
    said = (question, *answer_lines(answered, game, standing, lang))
    return _shown(found, game, said, (), lang)


async def _game(drills: DrillService, found: DayPosition, lang: Language) -> tuple[Game, str]:
    """The day's game, its players unnamed but those who allow it, and what was to
    decide (naming whose decision it was only where they allow it); refused once the
    game is no longer kept."""
    try:
        game = await drills.core.game(found.drill.game_id)
    except GameNotFound:
        raise DailyGameGone() from None
    named = await named_players(drills.daily.player, game)
    shown = anonymous(game, named, lang)
    return shown, day_question(found, shown, lang, named=found.drill.user_id in named)


def _shown(
    found: DayPosition, game: Game, said: tuple[str, ...], ways: tuple[Way, ...], lang: Language
) -> Shown:
    """The day's position from its seat, with ``said`` above it and ``ways``."""
    drill = found.drill
    return Shown(
        str(found.day.day.toordinal()),
        drill.kind,
        drill.id,
        daily_title(drill.kind, lang),
        None,
        said,
        replace(position(drill, game), id=0),
        drill.seat,
        False,
        ways,
    )


DAILY_PLACE = BoardPlace(
    name="daily",
    service=DrillService,
    entries=entries,
    opened=opened,
    asked=asked,
)
