"""A game's row and its seats' rows read into a ``Game``, every value checked: a damaged
or impossible one makes its game broken (only a cancel changes it), never fails the
code reading it."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from bot.storage.connection import Row
from bot.storage.game_forms import StoredForm, UnknownGame, form_for
from bot.storage.game_values import Level, Options
from bot.storage.records import NO_OPTIONS, EndReason, Game, GameStatus, GuildSettings, Seat
from bot.storage.row_checks import (
    Columns,
    checked,
    flag,
    level_or_none,
    number,
    number_or_none,
    text,
    text_or_none,
    whole,
    whole_or_none,
)
from bot.storage.stored_json import read_json_object
from i18n import supported

DAMAGED_VERSION = -1
"""Stands in for a game's damaged version: no click names it, and only a cancel (which
writes a new one) changes such a game."""
STATUSES = frozenset(str(status) for status in GameStatus)
_GAME = Columns(
    ("id", whole, 0),
    ("kind", text, ""),
    ("guild_id", whole, 0),
    ("channel_id", whole, 0),
    ("host_id", whole, 0),
    ("status", lambda value: value in STATUSES, str(GameStatus.CANCELLED)),
    ("options", text, "{}"),
    ("turn_timeout", whole_or_none, None),
    ("version", whole, DAMAGED_VERSION),
    ("state", text_or_none, None),
    ("first_seat", whole_or_none, None),
    ("lobby_message_id", whole_or_none, None),
    ("turn_message_id", whole_or_none, None),
    ("created_at", number, 0.0),
    ("updated_at", number, 0.0),
    ("started_at", number_or_none, None),
    ("finished_at", number_or_none, None),
    ("deadline", number_or_none, None),
    ("thread_id", whole_or_none, None),
    ("end_reason", text_or_none, None),
    ("shown_version", whole_or_none, None),
    ("moved_version", whole_or_none, None),
    ("setup", text_or_none, None),
    ("number", whole_or_none, None),
    ("language", text_or_none, None),
    ("ping_message_id", whole_or_none, None),
    ("pinged", text_or_none, None),
    ("paused_left", number_or_none, None),
    ("reached_in", whole_or_none, None),
)
_SEAT = Columns(
    ("seat", whole, 0),
    ("user_id", whole_or_none, None),
    ("bot_level", level_or_none, None),
    ("display_name", text, ""),
    ("color", whole, 0),
    ("timeouts", whole, 0),
    ("left_user_id", whole_or_none, None),
    ("away_until", number_or_none, None),
    ("away_stand_in", flag, 0),
)
_GAME_COLUMNS = ", ".join(f"g.{name}" for name in _GAME.names)
_SEAT_COLUMNS = ", ".join(f"s.{name}" for name in _SEAT.names)
# (No seat column shares a name with a game column, so the join reads each by its own.)
GAME_AND_SEAT_COLUMNS = f"{_GAME_COLUMNS}, {_SEAT_COLUMNS}"
"""What ``read_game`` reads, from ``games g`` joined with ``seats s``."""


def read_game(rows: Sequence[Row]) -> Game:
    """A game from its row joined with each of its seats' (one row, seatless, for a game
    without seats), every value checked: what does not fit makes the game broken."""
    game, damage = checked(_GAME, rows[0])
    seats = []
    for row in rows:
        if row["seat"] is not None:
            seat, seat_damage = checked(_SEAT, row)
            level = seat["bot_level"]
            seats.append(
                Seat(
                    **seat
                    | {
                        "bot_level": None if level is None else Level(level),
                        "away_stand_in": bool(seat["away_stand_in"]),
                    }
                )
            )
            damage = damage or (seat_damage and f"a seat: {seat_damage}")
    kind, first_seat, end_reason = game["kind"], game["first_seat"], game["end_reason"]
    status = GameStatus(game["status"])
    broken = damage
    try:
        form: StoredForm | None = form_for(kind)
    except UnknownGame as e:
        form, broken = None, broken or str(e)
    options, why = read_options(form, game["options"])
    setup, why_setup = read_json_object(game["setup"], "setup")
    state = None
    if form is not None:
        state, why_state = _read_state(form, kind, game["id"], game["state"])
        broken = broken or why or why_setup or why_state
        broken = broken or _misfit(form, status, state, tuple(seats), options, first_seat)
    if end_reason is not None and end_reason not in tuple(EndReason):
        broken, end_reason = broken or f"the reason it ended, {end_reason!r}, is unknown", None
    turn_timeout = game["turn_timeout"]
    # The game's columns are its fields, by the same names; these are the values read
    # from their stored form (and what only the seats' rows or the checks above say).
    read = {
        "status": status,
        "options": options,
        "turn_timeout": GuildSettings.turn_timeout if turn_timeout is None else turn_timeout,
        "seats": tuple(seats),
        # A position that does not fit the game is never handed on: code that indexes
        # the seats by its turn would fail far from here.
        "state": None if broken else state,
        "end_reason": None if end_reason is None else EndReason(end_reason),
        "broken": broken,
        "setup": setup,
        "language": supported(game["language"]),
        "pinged": _user_ids(game["pinged"]),
    }
    return Game(**game | read)


def _user_ids(text: str | None) -> tuple[int, ...]:
    """Users kept as ``1,2``; what isn't one (a damaged row) is left out."""
    if not text:
        return ()
    return tuple(int(part) for part in text.split(",") if part.isdigit())


KEPT_POSITIONS = 4096
"""Games whose last position is kept read, the least recently read dropped first."""
_POSITIONS: OrderedDict[int, tuple[str, str, Any]] = OrderedDict()
"""Per game, its position as last written or read here: its kind, its JSON text and the
position itself. Every move reads the game, and the text alone says whether it is still
the same position (positions never change in place), so it is made from its JSON once."""


_POSITIONS_LOCK = threading.Lock()
"""The database's threads read and write games side by side."""


def remember_position(game_id: int, kind: str, text: str, state: Any) -> None:
    """``state`` was written as ``text`` for the game: read back, it is this."""
    with _POSITIONS_LOCK:
        _POSITIONS[game_id] = (kind, text, state)
        _POSITIONS.move_to_end(game_id)
        while len(_POSITIONS) > KEPT_POSITIONS:
            _POSITIONS.popitem(last=False)


def forget_position(game_id: int) -> None:
    """The game is over: its position is made from its JSON again if ever read."""
    with _POSITIONS_LOCK:
        _POSITIONS.pop(game_id, None)


def _read_state(
    form: StoredForm, kind: str, game_id: int, text: str | None
) -> tuple[Any, str | None]:
    """The stored position, or why it cannot be read (a broken game, not a crash)."""
    if text is None:
        return None, None
    with _POSITIONS_LOCK:
        kept = _POSITIONS.get(game_id)
        if kept is not None and kept[0] == kind and kept[1] == text:
            _POSITIONS.move_to_end(game_id)
            return kept[2], None
    try:
        state = form.state_from_json(json.loads(text))
        remember_position(game_id, kind, text, state)
        return state, None
    except json.JSONDecodeError as e:
        return None, f"the saved position is not valid JSON ({e.msg})"
    except ValueError as e:
        return None, f"the saved position is impossible: {e}"


def read_options(form: StoredForm | None, text: str) -> tuple[Options, str | None]:
    """The game's options, each checked against the game's own (unknown ones are a
    damaged row, missing ones take the game's default)."""
    value, why = read_json_object(text, "rule options")
    if value is None or form is None:
        return NO_OPTIONS, why
    known = {option.name: option for option in form.options}
    options: dict[str, Any] = {option.name: option.default for option in form.options}
    for name, given in value.items():
        option = known.get(name)
        try:
            if option is None:
                raise ValueError(f"{form.name} has no option {name!r}")
            options[name] = option.check(given)
        except ValueError as e:
            return NO_OPTIONS, f"the saved rule options are impossible: {e}"
    return MappingProxyType(options), None


def _misfit(
    form: StoredForm,
    status: GameStatus,
    state: Any,
    seats: tuple[Seat, ...],
    options: Options,
    first_seat: int | None,
) -> str | None:
    """Why a readable position does not fit the rest of the game's row, if it does not."""
    if [s.seat for s in seats] != list(range(len(seats))):
        return "its seats are not numbered 1 to " + str(len(seats))
    if status is GameStatus.LOBBY or (state is None and status is GameStatus.CANCELLED):
        return None
    if state is None:
        return "a game that started has no saved position"
    misfit = form.misfit(state, len(seats), options)
    if misfit is not None:
        return misfit
    if first_seat is None or not 0 <= first_seat < len(seats):
        return "the first player's seat is missing or not one of its seats"
    return None
