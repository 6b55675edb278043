"""Reads and writes of games, seats, moves, results, player records and server settings.

Every function runs on a connection inside a transaction that its caller (the
game service) opened, so several of them commit or roll back together.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from bot.storage.connection import Connection, Row
from bot.storage.game_forms import StoredForm, UnknownGame, form_for
from bot.storage.game_values import Level, Options
from bot.storage.records import (
    NO_OPTIONS,
    DueGames,
    EndReason,
    Game,
    GameStatus,
    GuildSettings,
    Hand,
    Move,
    PingMode,
    Result,
    Seat,
)
from bot.storage.row_checks import (
    Column,
    checked,
    level_or_none,
    number,
    number_or_none,
    text,
    text_or_none,
    whole,
    whole_or_none,
)
from bot.storage.shards import Shards
from i18n import supported

_FINITE = "{0} BETWEEN -1e18 AND 1e18"
"""True for a finite number (on SQLite also: a number at all)."""
DAMAGED_VERSION = -1
"""Stands in for a game's damaged version: no click names it, and only a cancel (which
writes a new one) changes such a game."""
STATUSES = frozenset(str(status) for status in GameStatus)
_GAME: tuple[Column, ...] = (
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
)
_SEAT: tuple[Column, ...] = (
    ("seat", whole, 0),
    ("user_id", whole_or_none, None),
    ("bot_level", level_or_none, None),
    ("display_name", text, ""),
    ("color", whole, 0),
    ("timeouts", whole, 0),
    ("left_user_id", whole_or_none, None),
)
_GAME_COLUMNS = ", ".join(f"g.{name}" for name, _, _ in _GAME)
_SEAT_COLUMNS = ", ".join(f"s.{name}" for name, _, _ in _SEAT)
# (No seat column shares a name with a game column, so the join reads each by its own.)

# Every call through aiosqlite is a hop to its thread (and through asyncpg a round
# trip), so each query here is one fetch: the game and its seats come back in a
# single join.


async def load_game(connection: Connection, game_id: int) -> Game | None:
    rows = list(
        await connection.fetch(
            f"SELECT {_GAME_COLUMNS}, {_SEAT_COLUMNS} FROM games g "
            f"LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat"
            f"{connection.for_update}",
            (game_id,),
        )
    )
    if not rows:
        return None
    game, damage = checked(_GAME, rows[0])
    seats = []
    for row in rows:
        if row["seat"] is not None:
            seat, seat_damage = checked(_SEAT, row)
            level = seat["bot_level"]
            seats.append(Seat(**seat | {"bot_level": None if level is None else Level(level)}))
            damage = damage or (seat_damage and f"a seat: {seat_damage}")
    kind, first_seat, end_reason = game["kind"], game["first_seat"], game["end_reason"]
    status = GameStatus(game["status"])
    broken = damage
    try:
        rules: StoredForm | None = form_for(kind)
    except UnknownGame as e:
        rules, broken = None, broken or str(e)
    options, why = _read_options(rules, game["options"])
    setup, why_setup = _read_json_object(game["setup"], "setup")
    state = None
    if rules is not None:
        state, why_state = _read_state(rules, game["state"])
        broken = broken or why or why_setup or why_state
        broken = broken or _misfit(rules, status, state, tuple(seats), options, first_seat)
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


def _read_state(rules: StoredForm, text: str | None) -> tuple[Any, str | None]:
    """The stored position, or why it cannot be read (a broken game, not a crash)."""
    if text is None:
        return None, None
    try:
        return rules.state_from_json(json.loads(text)), None
    except json.JSONDecodeError as e:
        return None, f"the saved position is not valid JSON ({e.msg})"
    except ValueError as e:
        return None, f"the saved position is impossible: {e}"


def _read_json_object(text: str | None, what: str) -> tuple[dict[str, Any] | None, str | None]:
    if text is None:
        return None, None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        return None, f"the saved {what} is not valid JSON ({e.msg})"
    if not isinstance(value, dict):
        return None, f"the saved {what} is not a JSON object"
    return value, None


def _read_options(rules: StoredForm | None, text: str) -> tuple[Options, str | None]:
    """The game's options, each checked against the game's own (unknown ones are a
    damaged row, missing ones take the game's default)."""
    value, why = _read_json_object(text, "rule options")
    if value is None or rules is None:
        return NO_OPTIONS, why
    known = {option.name: option for option in rules.options}
    options: dict[str, Any] = {option.name: option.default for option in rules.options}
    for name, given in value.items():
        option = known.get(name)
        try:
            if option is None:
                raise ValueError(f"{rules.name} has no option {name!r}")
            options[name] = option.check(given)
        except ValueError as e:
            return NO_OPTIONS, f"the saved rule options are impossible: {e}"
    return MappingProxyType(options), None


def _misfit(
    rules: StoredForm,
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
    misfit = rules.misfit(state, len(seats), options)
    if misfit is not None:
        return misfit
    if first_seat is None or not 0 <= first_seat < len(seats):
        return "the first player's seat is missing or not one of its seats"
    return None


async def game_stamp(connection: Connection, game_id: int) -> tuple[object, object]:
    """A game's version and when it last changed, as stored (unchecked: they are compared
    with what a change wrote)."""
    rows = list(
        await connection.fetch("SELECT version, updated_at FROM games WHERE id = ?", (game_id,))
    )
    return (rows[0]["version"], rows[0]["updated_at"]) if rows else (None, None)


async def open_games_here(
    connection: Connection, channel_id: int, kind: str | None = None
) -> list[tuple[int, int | None]]:
    """The open games (of ``kind``, or any) played in this channel or thread or started
    from this channel into their own threads, as (id, thread), oldest first."""
    rows = await connection.fetch(
        "SELECT id, thread_id FROM games WHERE (channel_id = ? OR thread_id = ?) "
        "AND status IN ('lobby', 'active') AND (CAST(? AS TEXT) IS NULL OR kind = ?) ORDER BY id",
        (channel_id, channel_id, kind, kind),
    )
    return [(int(row["id"]), row["thread_id"]) for row in rows]


async def games_showing(connection: Connection, place_id: int, message_id: int) -> list[int]:
    """The open games whose lobby, table or ping in this channel or thread is
    ``message_id``, by id."""
    rows = await connection.fetch(
        "SELECT id FROM games WHERE (channel_id = ? OR thread_id = ?) "
        "AND status IN ('lobby', 'active') "
        "AND (lobby_message_id = ? OR turn_message_id = ? OR ping_message_id = ?) ORDER BY id",
        (place_id, place_id, message_id, message_id, message_id),
    )
    return [int(row["id"]) for row in rows]


async def channel_taken(connection: Connection, channel_id: int) -> bool:
    """Whether an open game plays in this channel itself (or this thread), rather than
    in a thread of its own."""
    rows = list(
        await connection.fetch(
            "SELECT 1 FROM games WHERE channel_id = ? AND thread_id IS NULL "
            "AND status IN ('lobby', 'active') "
            "UNION ALL SELECT 1 FROM games WHERE thread_id = ? AND status IN ('lobby', 'active')",
            (channel_id, channel_id),
        )
    )
    return bool(rows)


_DUE: tuple[Column, ...] = (
    ("id", whole, 0),
    ("version", whole, DAMAGED_VERSION),
    ("shown_version", whole_or_none, None),
    ("deadline", number, 0.0),
)
_CLEAN = (
    "version >= 0 AND CAST(version AS INTEGER) = version "
    "AND (shown_version IS NULL OR (shown_version >= 0 "
    "AND CAST(shown_version AS INTEGER) = shown_version)) "
    f"AND (deadline IS NULL OR {_FINITE.format('deadline')})"
)
"""True for a game whose values the deadline scan reads are what they must be, on either
database (SQLite orders text above every number, and a NaN or infinity is no finite
number)."""


async def due_games(connection: Connection, now: float, shards: Shards) -> DueGames:
    """Open games of these shards whose deadline has passed, the most overdue first, each
    row checked: one with a damaged value is set aside rather than read."""
    where, params = shards.where()
    rows = await connection.fetch(
        "SELECT id, version, shown_version, deadline FROM games "
        f"WHERE status IN ('lobby', 'active') AND deadline <= ? AND {where} ORDER BY deadline",
        (now, *params),
    )
    due: list[tuple[int, int]] = []
    unshown: set[int] = set()
    damaged: list[tuple[int, str]] = []
    for row in rows:
        values, damage = checked(_DUE, row)
        game_id, version = values["id"], values["version"]
        if damage is not None:
            damaged.append((game_id, damage))
            continue
        due.append((game_id, version))
        if values["shown_version"] != version:
            unshown.add(game_id)
    return DueGames(due, frozenset(unshown), damaged)


async def next_deadline(connection: Connection, after: float, shards: Shards) -> float | None:
    """The earliest deadline still to come, among those that are numbers at all."""
    where, params = shards.where()
    rows = list(
        await connection.fetch(
            "SELECT MIN(deadline) AS earliest FROM games WHERE status IN ('lobby', 'active') "
            f"AND deadline > ? AND {_FINITE.format('deadline')} AND {where}",
            (after, *params),
        )
    )
    earliest = rows[0]["earliest"]
    return None if earliest is None else float(earliest)


async def damaged_games(connection: Connection, shards: Shards) -> list[tuple[int, str]]:
    """Open games of these shards with a value the deadline scan reads damaged (a
    deadline that is no number is never due, so the scan alone would never find it), as
    (id, what is damaged)."""
    where, params = shards.where()
    rows = await connection.fetch(
        "SELECT id, version, shown_version, deadline FROM games "
        f"WHERE status IN ('lobby', 'active') AND {where} AND NOT ({_CLEAN})",
        params,
    )
    found = []
    for row in rows:
        _, damage = checked(_DUE, row)
        found.append((int(row["id"]), damage or "its values are damaged"))
    return found


async def games_of_member(connection: Connection, guild_id: int, user_id: int) -> list[int]:
    """The open games in this server where this user holds a seat."""
    rows = await connection.fetch(
        "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
        "WHERE s.user_id = ? AND g.guild_id = ? AND g.status IN ('lobby', 'active')",
        (user_id, guild_id),
    )
    return [int(row["id"]) for row in rows]


async def active_game_ids(connection: Connection, shards: Shards) -> list[int]:
    where, params = shards.where()
    rows = await connection.fetch(
        f"SELECT id FROM games WHERE status = 'active' AND {where}", params
    )
    return [int(row["id"]) for row in rows]


async def insert_game(
    connection: Connection,
    *,
    kind: str,
    guild_id: int,
    channel_id: int,
    host_id: int,
    options: Options,
    turn_timeout: int,
    deadline: float,
    now: float,
    language: str | None = None,
) -> int:
    """A new lobby, numbered after the server's games of its kind (the caller holds the
    ``game number`` lock of the server and kind, so that two lobbies never share one)."""
    rows = await connection.fetch(
        "INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, turn_timeout, "
        "deadline, created_at, updated_at, language, number) "
        "SELECT CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), "
        "'lobby', CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS DOUBLE PRECISION), "
        "CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION), CAST(? AS TEXT), "
        "COALESCE(MAX(number), 0) + 1 FROM games WHERE guild_id = ? AND kind = ? "
        "RETURNING id",
        (
            kind,
            guild_id,
            channel_id,
            host_id,
            _json(options),
            turn_timeout,
            deadline,
            now,
            now,
            language,
            guild_id,
            kind,
        ),
    )
    return int(rows[0]["id"])


async def replace_seats(
    connection: Connection, game_id: int, seats: Iterable[Seat], now: float
) -> None:
    """Writes the lobby's seat list, numbered in order (colors follow seats)."""
    await connection.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    await connection.executemany(
        "INSERT INTO seats (game_id, seat, user_id, bot_level, display_name, color, joined_at, "
        "timeouts, left_user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                index,
                s.user_id,
                s.bot_level,
                s.display_name,
                index,
                now,
                s.timeouts,
                s.left_user_id,
            )
            for index, s in enumerate(seats)
        ],
    )


async def update_seat(connection: Connection, game_id: int, seat: Seat) -> None:
    """Writes who plays a running game's seat, and its time-outs in a row."""
    await connection.execute(
        "UPDATE seats SET user_id = ?, bot_level = ?, display_name = ?, timeouts = ?, "
        "left_user_id = ? WHERE game_id = ? AND seat = ?",
        (
            seat.user_id,
            seat.bot_level,
            seat.display_name,
            seat.timeouts,
            seat.left_user_id,
            game_id,
            seat.seat,
        ),
    )


async def update_game(connection: Connection, game: Game, now: float, **changes: Any) -> bool:
    """Compare-and-set: applies ``changes`` only if the game is still at ``game.version``."""
    changes = {column: _column_value(game, column, value) for column, value in changes.items()}
    assignments = "".join(f", {column} = ?" for column in changes)
    if game.version == DAMAGED_VERSION:
        # Equal to no number: the change (a cancel) writes a whole version in its place.
        changed = await connection.execute(
            f"UPDATE games SET version = 1, updated_at = ?{assignments} WHERE id = ? "
            "AND NOT (version >= 0 AND CAST(version AS INTEGER) = version)",
            (now, *changes.values(), game.id),
        )
        return changed == 1
    changed = await connection.execute(
        f"UPDATE games SET version = version + 1, updated_at = ?{assignments} "
        "WHERE id = ? AND version = ?",
        (now, *changes.values(), game.id, game.version),
    )
    return changed == 1


def _column_value(game: Game, column: str, value: Any) -> Any:
    if column == "state":
        return None if value is None else _json(form_for(game.kind).state_to_json(value))
    if column == "setup":
        return None if value is None else _json(value)
    if isinstance(value, GameStatus | EndReason):
        return str(value)
    return value


def _json(value: Any) -> str:
    return json.dumps(dict(value), separators=(",", ":"))


async def set_message(
    connection: Connection, game_id: int, column: str, message_id: int | None
) -> None:
    """Records where the game's messages (or thread) are; bookkeeping, so the version stays."""
    _check_message_column(column)
    await connection.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (message_id, game_id))


def _check_message_column(column: str) -> None:
    if column not in ("lobby_message_id", "turn_message_id", "thread_id", "ping_message_id"):
        raise ValueError(f"{column} is not a message column")


async def mark_unshown(connection: Connection, game_id: int) -> None:
    """Records that the game's messages show none of its versions (they are gone), so that
    it is shown afresh, by the reconciler if need be; bookkeeping, so the version stays."""
    await connection.execute("UPDATE games SET shown_version = NULL WHERE id = ?", (game_id,))


async def clear_deadline(connection: Connection, game_id: int) -> bool:
    """Stops the game's clock; ``False`` if it was stopped already."""
    changed = await connection.execute(
        "UPDATE games SET deadline = NULL WHERE id = ? AND deadline IS NOT NULL", (game_id,)
    )
    return changed == 1


async def next_finish_seq(connection: Connection) -> int:
    """The next number in the order games finish in; inside the finishing (write)
    transaction, which holds the number until it ends, so no two games get the same one."""
    await connection.lock("finish order")
    rows = list(
        await connection.fetch(
            "SELECT COALESCE(MAX(finish_seq), 0) + 1 AS next_seq FROM games "
            "WHERE finish_seq IS NOT NULL"
        )
    )
    return int(rows[0]["next_seq"])


async def mark_shown(
    connection: Connection,
    game_id: int,
    version: int,
    message_ids: dict[str, int | None],
    clock_from: float | None = None,
) -> float | None:
    """Records that the game's messages show ``version`` (never moving backwards), and
    where those messages are; bookkeeping, so the game's version stays. ``clock_from``
    starts the turn's clock again from then, if the game is still at ``version``.
    Returns the game's deadline."""
    for column in message_ids:
        _check_message_column(column)
    assignments = "".join(f", {column} = ?" for column in message_ids)
    clock = ""
    if clock_from is not None:
        clock = ", deadline = CASE WHEN status = 'active' AND version = ? "
        clock += "THEN CAST(? AS DOUBLE PRECISION) + turn_timeout "
        clock += "ELSE deadline END"
    rows = list(
        await connection.fetch(
            "UPDATE games SET shown_version = "
            f"{connection.greatest('COALESCE(shown_version, -1)', 'CAST(? AS INTEGER)')}"
            f"{assignments}"
            f"{clock} WHERE id = ? RETURNING deadline",
            (
                version,
                *message_ids.values(),
                *(() if clock_from is None else (version, clock_from)),
                game_id,
            ),
        )
    )
    return rows[0]["deadline"] if rows else None


async def games_not_shown(connection: Connection, shards: Shards) -> list[int]:
    """Games of these shards whose messages are behind their last change (searched
    through the ``games_not_shown`` partial index)."""
    where, params = shards.where()
    rows = await connection.fetch(
        f"SELECT id FROM games WHERE {connection.differs('shown_version', 'version')} "
        f"AND {where} ORDER BY id",
        params,
    )
    return [int(row["id"]) for row in rows]


async def append_move(
    connection: Connection,
    game_id: int,
    seat: int,
    action: dict[str, Any],
    now: float,
) -> int:
    rows = await connection.fetch(
        "INSERT INTO moves (game_id, seq, seat, action, at) "
        "SELECT CAST(? AS BIGINT), COALESCE(MAX(seq), 0) + 1, CAST(? AS INTEGER), "
        "CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION) FROM moves WHERE game_id = ? "
        "RETURNING seq",
        (game_id, seat, _json(action), now, game_id),
    )
    return int(next(iter(rows))["seq"])


async def load_moves(connection: Connection, game_id: int) -> list[Move]:
    rows = await connection.fetch(
        "SELECT seq, seat, action, at FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    return [Move(row["seq"], row["seat"], row["action"], row["at"]) for row in rows]


async def write_results(connection: Connection, game: Game, results: list[Result]) -> None:
    """The final table; the ladder counts it separately."""
    await connection.executemany(
        "INSERT INTO results (game_id, seat, user_id, bot_level, display_name, won, place, "
        "left_game, figures) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game.id,
                r.seat,
                r.user_id,
                game.seats[r.seat].bot_level,
                r.display_name,
                int(r.won),
                r.place,
                int(r.left),
                _json(r.figures),
            )
            for r in results
        ],
    )


_RESULT_COLUMNS = ("seat", "user_id", "display_name", "won", "place", "left_game", "figures")


def result_columns(table: str = "") -> str:
    """The columns ``read_result`` reads, qualified by ``table`` when a query joins."""
    return ", ".join(f"{table}.{c}" if table else c for c in _RESULT_COLUMNS)


def read_result(row: Row) -> Result:
    """A seat's result from a row with the columns ``result_columns`` names."""
    return Result(
        seat=row["seat"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        won=bool(row["won"]),
        place=row["place"],
        left=bool(row["left_game"]),
        figures=read_figures(row["figures"]),
    )


def read_figures(text: str) -> Mapping[str, int]:
    """A game's figures; whatever isn't a whole number (a damaged row) is left out."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return MappingProxyType({})
    if not isinstance(value, dict):
        return MappingProxyType({})
    return MappingProxyType(
        {k: v for k, v in value.items() if isinstance(v, int) and not isinstance(v, bool)}
    )


async def load_results(connection: Connection, game_id: int) -> list[Result]:
    rows = await connection.fetch(
        f"SELECT {result_columns()} FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [read_result(row) for row in rows]


async def guild_settings(connection: Connection, guild_id: int) -> GuildSettings:
    rows = list(
        await connection.fetch(
            "SELECT turn_timeout, lobby_timeout, threads, bots_allowed, language, "
            "move_table, ping_mode, ping_delay FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
    )
    channels = frozenset(
        int(row["channel_id"])
        for row in await connection.fetch(
            "SELECT channel_id FROM game_channels WHERE guild_id = ?", (guild_id,)
        )
    )
    defaults: dict[str, Options] = {}
    for row in await connection.fetch(
        "SELECT kind, options FROM game_defaults WHERE guild_id = ?", (guild_id,)
    ):
        kind = row["kind"]
        try:
            rules = form_for(kind)
        except UnknownGame:
            continue
        options, why = _read_options(rules, row["options"])
        if why is None:
            defaults[kind] = options
    if not rows:
        return GuildSettings(channels=channels, defaults=MappingProxyType(defaults))
    row = rows[0]
    return GuildSettings(
        turn_timeout=row["turn_timeout"],
        lobby_timeout=row["lobby_timeout"],
        threads=bool(row["threads"]),
        bots_allowed=bool(row["bots_allowed"]),
        channels=channels,
        defaults=MappingProxyType(defaults),
        language=supported(row["language"]),
        move_table=bool(row["move_table"]),
        ping_mode=_ping_mode(row["ping_mode"]),
        ping_delay=int(row["ping_delay"]),
    )


def _ping_mode(value: str) -> PingMode:
    try:
        return PingMode(value)
    except ValueError:
        return GuildSettings.ping_mode


async def save_guild_settings(
    connection: Connection, guild_id: int, settings: GuildSettings
) -> None:
    await connection.execute(
        "INSERT INTO guild_settings "
        "(guild_id, turn_timeout, lobby_timeout, threads, bots_allowed, language, "
        "move_table, ping_mode, ping_delay) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
        "turn_timeout = excluded.turn_timeout, "
        "lobby_timeout = excluded.lobby_timeout, threads = excluded.threads, "
        "bots_allowed = excluded.bots_allowed, language = excluded.language, "
        "move_table = excluded.move_table, ping_mode = excluded.ping_mode, "
        "ping_delay = excluded.ping_delay",
        (
            guild_id,
            settings.turn_timeout,
            settings.lobby_timeout,
            int(settings.threads),
            int(settings.bots_allowed),
            settings.language,
            int(settings.move_table),
            str(settings.ping_mode),
            settings.ping_delay,
        ),
    )
    await connection.execute("DELETE FROM game_channels WHERE guild_id = ?", (guild_id,))
    await connection.executemany(
        "INSERT INTO game_channels (guild_id, channel_id) VALUES (?, ?)",
        [(guild_id, channel_id) for channel_id in sorted(settings.channels)],
    )
    await connection.execute("DELETE FROM game_defaults WHERE guild_id = ?", (guild_id,))
    await connection.executemany(
        "INSERT INTO game_defaults (guild_id, kind, options) VALUES (?, ?, ?)",
        [(guild_id, kind, _json(options)) for kind, options in sorted(settings.defaults.items())],
    )


async def set_ping(
    connection: Connection, game_id: int, message_id: int | None, users: Iterable[int]
) -> None:
    """Records the message pinging ``users`` (``None``: there is none); bookkeeping."""
    pinged = ",".join(str(user) for user in users) or None
    await connection.execute(
        "UPDATE games SET ping_message_id = ?, pinged = ? WHERE id = ?",
        (message_id, pinged, game_id),
    )


async def last_moved(connection: Connection, game_id: int) -> dict[int, float]:
    """When each seat last moved in the game."""
    rows = await connection.fetch(
        "SELECT seat, MAX(at) AS at FROM moves WHERE game_id = ? GROUP BY seat", (game_id,)
    )
    return {int(row["seat"]): float(row["at"]) for row in rows}


class Secret(str):
    """A value written as it is but shown as ``[token]``: the database drivers log their
    statements' parameters at DEBUG, and an interaction's token lets whoever reads it
    answer as the bot."""

    def __repr__(self) -> str:
        return "'[token]'"


_HAND_COLUMNS = "game_id, seat, user_id, message_id, token, locale, opened_at"


async def hands(connection: Connection, game_id: int) -> list[Hand]:
    rows = await connection.fetch(
        f"SELECT {_HAND_COLUMNS} FROM hands WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [_hand(row) for row in rows]


async def renew_hand(connection: Connection, hand: Hand) -> bool:
    """Gives the seat's live hand the token of a newer interaction on the same message;
    False if that message is not the seat's live hand."""
    changed = await connection.execute(
        "UPDATE hands SET user_id = ?, token = ?, locale = ?, opened_at = ? "
        "WHERE game_id = ? AND seat = ? AND message_id = ?",
        (
            hand.user_id,
            Secret(hand.token),
            hand.locale,
            hand.opened_at,
            hand.game_id,
            hand.seat,
            hand.message_id,
        ),
    )
    return changed > 0


async def keep_hand(connection: Connection, hand: Hand) -> Hand | None:
    """Records ``hand`` as its seat's live one; returns the one it replaces, if any."""
    rows = list(
        await connection.fetch(
            f"DELETE FROM hands WHERE game_id = ? AND seat = ? RETURNING {_HAND_COLUMNS}",
            (hand.game_id, hand.seat),
        )
    )
    await connection.execute(
        f"INSERT INTO hands ({_HAND_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            hand.game_id,
            hand.seat,
            hand.user_id,
            hand.message_id,
            Secret(hand.token),
            hand.locale,
            hand.opened_at,
        ),
    )
    if not rows:
        return None
    return _hand(rows[0])


def _hand(row: Row) -> Hand:
    return Hand(
        int(row["game_id"]),
        int(row["seat"]),
        int(row["user_id"]),
        int(row["message_id"]),
        str(row["token"]),
        str(row["locale"]),
        float(row["opened_at"]),
    )


async def drop_hand(connection: Connection, game_id: int, seat: int, token: str) -> None:
    """Forgets a seat's live hand, unless a newer one replaced it meanwhile."""
    await connection.execute(
        "DELETE FROM hands WHERE game_id = ? AND seat = ? AND token = ?",
        (game_id, seat, Secret(token)),
    )
