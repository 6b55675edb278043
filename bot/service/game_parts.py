"""The pieces of a game the service writes: its seats (people, computer players, a seat
taken over), a new game's options, its final table, and what closing it writes."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from bot.games.registry import rules_for
from bot.games.rules import AnyRules, BadOption, Setting
from bot.service.errors import BadSetting, IllegalMove
from bot.storage.game_values import Level, Options
from bot.storage.records import TAKEOVER_SUFFIX, EndReason, Game, GameStatus, Move, Result, Seat
from i18n import Message

BOT_LEVELS = tuple(Level)
TAKEOVER_LEVEL = Level.NORMAL
"""The level of a computer player that takes over a seat."""


class Player(NamedTuple):
    """A person as they join a game: their Discord id and the name shown for them."""

    user_id: int
    display_name: str


def human_seat(player: Player) -> Seat:
    """A new seat for a person (its number set as they are seated)."""
    return Seat(0, player.user_id, None, player.display_name, 0)


def bot_seat(number: int, level: Level) -> Seat:
    """A new seat for computer player ``number`` at ``level``."""
    return Seat(0, None, level, f"Bot {number} ({level})", 0)  # as BOT_NAME reads it


def level_named(wanted: str) -> Level:
    """The level asked for (a command's option, a menu's value), or refused plainly."""
    if wanted not in BOT_LEVELS:
        raise IllegalMove(Message("a computer player is easy, normal or hard"))
    return Level(wanted)


def bot_for(seat: Seat) -> Seat:
    """The computer player that takes over a human's seat, keeping their color and name."""
    assert seat.user_id is not None
    return Seat(
        seat.seat,
        None,
        TAKEOVER_LEVEL,
        seat.display_name + TAKEOVER_SUFFIX,
        seat.color,
        left_user_id=seat.user_id,
    )


def take_over(game: Game, seat: Seat, now: float) -> dict[str, Any]:
    """The game's changes when ``seat`` passes to a computer player: the host role moves
    on, and with no human left the game closes."""
    humans = [s for s in game.seats if s.user_id is not None and s.seat != seat.seat]
    if not humans:
        return closed(EndReason.ABANDONED, now)
    if seat.user_id == game.host_id:
        return {"host_id": humans[0].user_id}
    return {}


def options_for(rules: AnyRules, server: Options, asked: Mapping[str, Any]) -> dict[str, Any]:
    """A new game's options: what was asked, else the server's default, else the game's."""
    options: dict[str, Any] = {}
    for option in rules.options:
        value = asked.get(option.name)
        if value is None:
            value = server.get(option.name, option.default)
        try:
            options[option.name] = option.check(value)
        except BadOption as e:
            raise BadSetting(e.words) from None
    return options


def results_of(game: Game, rules: AnyRules, final: Any, more: list[dict[str, int]]) -> list[Result]:
    """The final table. A seat a computer player took over counts for the human who left it."""
    results = []
    for standing in rules.standings(final):
        seat = game.seats[standing.seat]
        left = seat.left_user_id is not None
        results.append(
            Result(
                standing.seat,
                seat.left_user_id if left else seat.user_id,
                seat.display_name.removesuffix(TAKEOVER_SUFFIX) if left else seat.display_name,
                standing.won,
                standing.place,
                left,
                MappingProxyType({**standing.figures, **more[standing.seat]}),
            )
        )
    return results


def turn_figures(game: Game, moves: Sequence[Move]) -> list[dict[str, int]]:
    """Each seat's figures that only the game's move log tells (turns, busts…)."""
    assert game.first_seat is not None
    rules = rules_for(game.kind)
    actions = [rules.action_from_json(json.loads(move.action)) for move in moves]
    setting = Setting(len(game.seats), game.first_seat, game.options, game.setup)
    return rules.turn_figures(setting, actions)


def closed(reason: EndReason, now: float) -> dict[str, Any]:
    """The changes that close an open game without a result."""
    return {
        "status": GameStatus.CANCELLED,
        "end_reason": reason,
        "finished_at": now,
        "deadline": None,
    }
