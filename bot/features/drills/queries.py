"""Each player's drills as kept, the games whose drills are made, and what progress reads
of the player's finished games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.features.drills import schedule
from bot.features.drills.schedule import KNOWN, Kept
from bot.storage.connection import Connection, Row, marks
from bot.storage.game_values import JSON
from bot.storage.row_records import read_row


@dataclass(frozen=True)
class KeptDrill:
    """A drill as kept: its position and options as JSON, its game ``None`` once that is
    no longer kept."""

    id: int
    user_id: int
    kind: str
    seat: int
    state: JSON
    weighed: JSON
    chosen: str
    game_id: int | None
    guild_id: int
    move: int
    card: Kept
    """When it is due, and its FSRS card (``schedule``)."""
    version: int
    hinted_version: int | None
    """The version its options' costs were last shown at: an answer to that version is
    rated as helped."""
    theme: str | None = None
    """What kind of decision it is; ``None`` in a drill made before themes, not yet
    worked out (``set_themes``)."""


@dataclass(frozen=True)
class Met:
    """A drill as a finished game meets it: a player's decision there, to make a drill of
    or to join the drill of the same position."""

    user_id: int
    kind: str
    position: str
    """The position as the seat saw it, hashed (``schema.drills``)."""
    seat: int
    state: JSON
    weighed: JSON
    chosen: str
    game_id: int
    guild_id: int
    move: int
    met_at: float
    """When the game ended."""
    theme: str | None = None
    """What kind of decision it is (``Analyst.theme``); ``None``: worked out when first
    read (``unthemed``)."""


CARD = "stability, difficulty, card_state, card_step, reviewed_at, due_at"
COLUMNS = (
    "id, user_id, kind, seat, state, weighed, chosen, game_id, guild_id, move, "
    f"{CARD}, version, hinted_version, theme"
)


def _kept(row: Row) -> KeptDrill:
    return read_row(KeptDrill, row, card=read_row(Kept, row))


def _text(data: JSON) -> str:
    return json.dumps(data, separators=(",", ":"))


async def kept_drill(connection: Connection, user_id: int, drill_id: int) -> KeptDrill | None:
    """The player's drill ``drill_id``; ``None`` where it is none of theirs."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM drills WHERE id = ? AND user_id = ?", (drill_id, user_id)
    )
    return _kept(rows[0]) if rows else None


async def due_drills(
    connection: Connection,
    user_id: int,
    kind: str | None,
    now: float,
    limit: int,
    theme: str | None = None,
) -> list[KeptDrill]:
    """The player's drills due at ``now`` (of ``kind``, or of every game; of ``theme``
    too, where given) whose game is kept, the earliest due first."""
    of_kind, values = _of(kind, theme)
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM drills WHERE user_id = ? AND retired_at IS NULL "
        f"AND due_at <= ? AND game_id IS NOT NULL{of_kind} ORDER BY due_at, id LIMIT ?",
        (user_id, now, *values, limit),
    )
    return [_kept(row) for row in rows]


async def due_count(
    connection: Connection, user_id: int, kind: str | None, now: float, theme: str | None = None
) -> int:
    """How many of the player's drills are due at ``now``, of ``kind`` or of every game
    (of ``theme`` too, where given)."""
    of_kind, values = _of(kind, theme)
    found = await connection.ints(
        "SELECT COUNT(*) FROM drills WHERE user_id = ? AND retired_at IS NULL "
        f"AND due_at <= ? AND game_id IS NOT NULL{of_kind}",
        (user_id, now, *values),
    )
    return found[0]


def _of(kind: str | None, theme: str | None) -> tuple[str, tuple[str, ...]]:
    """The condition on a drill's game and theme, and its values."""
    if kind is None:
        return "", ()
    if theme is None:
        return " AND kind = ?", (kind,)
    return " AND kind = ? AND theme = ?", (kind, theme)


async def themed(connection: Connection, user_id: int, *, worked_out: bool) -> list[KeptDrill]:
    """The player's drills whose theme is worked out and whose game is kept (what the
    themes' figures count), or, not ``worked_out``, those made before themes whose theme
    is not yet."""
    which = "game_id IS NOT NULL AND theme IS NOT NULL" if worked_out else "theme IS NULL"
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM drills WHERE user_id = ? AND {which} ORDER BY id", (user_id,)
    )
    return [_kept(row) for row in rows]


async def set_themes(connection: Connection, themes: Sequence[tuple[int, str]]) -> None:
    """Each drill's theme as worked out, where none is kept yet (written once)."""
    await connection.executemany(
        "UPDATE drills SET theme = ? WHERE id = ? AND theme IS NULL",
        [(theme, drill_id) for drill_id, theme in themes],
    )


async def answered(connection: Connection, drill: KeptDrill, card: Kept) -> bool:
    """Keeps the drill's card as an answer left it, if it still stands at the version the
    answer saw and its game is kept: whether it did."""
    return (
        await connection.execute(
            "UPDATE drills SET stability = ?, difficulty = ?, card_state = ?, card_step = ?, "
            "reviewed_at = ?, due_at = ?, version = version + 1 "
            "WHERE id = ? AND user_id = ? AND version = ? AND game_id IS NOT NULL",
            (*_card(card), drill.id, drill.user_id, drill.version),
        )
        > 0
    )


async def hinted(connection: Connection, drill: KeptDrill) -> bool:
    """Notes the drill's options' costs shown at its version, if it still stands there
    and its game is kept: whether it did."""
    return (
        await connection.execute(
            "UPDATE drills SET hinted_version = version "
            "WHERE id = ? AND user_id = ? AND version = ? AND game_id IS NOT NULL",
            (drill.id, drill.user_id, drill.version),
        )
        > 0
    )


def _card(card: Kept) -> tuple[float | int | None, ...]:
    return (
        card.stability,
        card.difficulty,
        card.card_state,
        card.card_step,
        card.reviewed_at,
        card.due_at,
    )


@dataclass(frozen=True)
class OnTheLadder:
    """What the ladder kept of a drill (before FSRS), to make its card from."""

    id: int
    rung: int
    due_at: float
    retired_at: float | None
    version: int
    made_at: float | None
    """When the game it was last met in was made (``None``: that game is no longer
    kept)."""


async def on_the_ladder(connection: Connection, most: int) -> list[OnTheLadder]:
    """Drills the ladder kept (no card yet), at most ``most``."""
    rows = await connection.fetch(
        "SELECT d.id, d.rung, d.due_at, d.retired_at, d.version, m.made_at "
        "FROM drills AS d LEFT JOIN drill_games AS m ON m.game_id = d.game_id "
        "WHERE d.card_state IS NULL ORDER BY d.id LIMIT ?",
        (most,),
    )
    return [read_row(OnTheLadder, row) for row in rows]


def carried_cards(drills: Sequence[OnTheLadder]) -> list[tuple[int, Kept]]:
    """Each drill the ladder kept with its card (``schedule.carried_over``). A drill back
    at the ladder's foot was answered wrong the day before it is due, unless a game's
    making put it there: due when that game was made (a later game met it as a mistake
    again, or none has since it was made)."""
    return [
        (
            drill.id,
            schedule.kept(
                schedule.carried_over(
                    drill.rung,
                    drill.due_at,
                    drill.retired_at,
                    drill.version > 0 and drill.due_at != drill.made_at,
                )
            ),
        )
        for drill in drills
    ]


async def carried(connection: Connection, cards: Sequence[tuple[int, Kept]]) -> None:
    """Keeps each drill's card, no longer retired, where no other process kept one
    meanwhile."""
    await connection.executemany(
        "UPDATE drills SET stability = ?, difficulty = ?, card_state = ?, card_step = ?, "
        "reviewed_at = ?, due_at = ?, retired_at = NULL WHERE id = ? AND card_state IS NULL",
        [(*_card(card), drill_id) for drill_id, card in cards],
    )


async def owed_games(connection: Connection, user_id: int, kinds: Sequence[str]) -> list[int]:
    """The player's finished games of ``kinds`` whose drills are not made, the latest
    ended first."""
    if not kinds:
        return []
    return await connection.ints(
        "SELECT g.id FROM games AS g JOIN seats AS s ON s.game_id = g.id "
        "WHERE s.user_id = ? AND g.status = 'finished' "
        f"AND g.kind IN ({marks(kinds)}) "
        "AND NOT EXISTS (SELECT 1 FROM drill_games AS m WHERE m.game_id = g.id) "
        "ORDER BY g.finished_at DESC, g.id DESC",
        (user_id, *kinds),
    )


async def is_made(connection: Connection, game_id: int) -> bool:
    """Whether the game's drills are made."""
    return await connection.found("SELECT 1 FROM drill_games WHERE game_id = ?", (game_id,))


async def make(connection: Connection, game_id: int, met: Sequence[Met], now: float) -> bool:
    """Makes the game's drills, new ones due at once, those of a position already a drill
    joining it: met again in a game that ended later, the mistake is made again, so its
    card lapses at that game's end (``schedule.met_again``: due at once; its version one
    on, so that an answer to it as it stood counts nowhere) and where it was met moves to
    that game; a game that ended earlier changes nothing of it. ``False``, writing
    nothing, where they were made already."""
    # A game another process is making waits here for its commit, then finds it made.
    if not await connection.execute(
        "INSERT INTO drill_games (game_id, drills, made_at) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO NOTHING",
        (game_id, len(met), now),
    ):
        return False
    if not met:
        return True
    cards = [await _card_met(connection, m, now) for m in met]
    await connection.executemany(
        "INSERT INTO drills (user_id, kind, position, seat, state, weighed, chosen, game_id, "
        "guild_id, move, met_at, stability, difficulty, card_state, card_step, reviewed_at, "
        "due_at, version, made_at, theme) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) "
        "ON CONFLICT (user_id, kind, position) DO UPDATE SET seat = excluded.seat, "
        "state = excluded.state, weighed = excluded.weighed, chosen = excluded.chosen, "
        "game_id = excluded.game_id, guild_id = excluded.guild_id, move = excluded.move, "
        "met_at = excluded.met_at, stability = excluded.stability, "
        "difficulty = excluded.difficulty, card_state = excluded.card_state, "
        "card_step = excluded.card_step, reviewed_at = excluded.reviewed_at, "
        "due_at = excluded.due_at, theme = excluded.theme, retired_at = NULL, "
        "version = drills.version + 1 "
        "WHERE drills.met_at <= excluded.met_at",
        [
            (
                m.user_id,
                m.kind,
                m.position,
                m.seat,
                _text(m.state),
                _text(m.weighed),
                m.chosen,
                m.game_id,
                m.guild_id,
                m.move,
                m.met_at,
                *_card(card),
                now,
                m.theme,
            )
            for m, card in zip(met, cards, strict=True)
        ],
    )
    return True


async def _card_met(connection: Connection, met: Met, now: float) -> Kept:
    """The card of the drill ``met`` makes or joins: a new one due at ``now``, else the
    kept one's lapsed at the game's end (where the game ended earlier than the drill was
    last met, the upsert leaves it). Drills the ladder kept are carried over first
    (``carry_over``)."""
    rows = await connection.fetch(
        f"SELECT {CARD} FROM drills WHERE user_id = ? AND kind = ? AND position = ?",
        (met.user_id, met.kind, met.position),
    )
    if rows:
        card = schedule.met_again(schedule.card_of(read_row(Kept, rows[0])), met.met_at, now)
    else:
        card = schedule.new_card(now)
    # Due at ``now`` itself: the card's datetime keeps microseconds, the clock more.
    return replace(schedule.kept(card), due_at=now)


@dataclass(frozen=True)
class Counts:
    """A player's drills of one game, counted by where they stand: due now, or, not yet
    due, known (``schedule.KNOWN``) or still being learned."""

    kind: str
    due: int
    learning: int
    known: int


async def counts(connection: Connection, user_id: int, now: float) -> list[Counts]:
    """The player's drills of each game they have some of, counted (those whose game is
    no longer kept, never asked again, count nowhere)."""
    rows = await connection.fetch(
        "SELECT kind, "
        "SUM(CASE WHEN due_at <= ? THEN 1 ELSE 0 END) AS due, "
        "SUM(CASE WHEN due_at > ? AND COALESCE(stability, 0) < ? THEN 1 ELSE 0 END) "
        "AS learning, "
        "SUM(CASE WHEN due_at > ? AND stability >= ? THEN 1 ELSE 0 END) AS known "
        "FROM drills WHERE user_id = ? AND game_id IS NOT NULL GROUP BY kind",
        (now, now, KNOWN, now, KNOWN, user_id),
    )
    return [
        Counts(row["kind"], row["due"] or 0, row["learning"] or 0, row["known"] or 0)
        for row in rows
    ]


@dataclass(frozen=True)
class Judged:
    """One of the player's finished games, with its report where it was judged."""

    kind: str
    seat: int
    report: str | None


async def finished_games(connection: Connection, user_id: int) -> list[Judged]:
    """The player's finished games (each seat they held to the end), the first ended
    first, each with the report of what decided it where one was made (the analysis
    feature keeps them)."""
    rows = await connection.fetch(
        "SELECT g.kind AS kind, s.seat AS seat, a.report AS report FROM games AS g "
        "JOIN seats AS s ON s.game_id = g.id "
        "LEFT JOIN analyses AS a ON a.game_id = g.id "
        "WHERE s.user_id = ? AND g.status = 'finished' ORDER BY g.finished_at, g.id",
        (user_id,),
    )
    return [Judged(row["kind"], row["seat"], row["report"]) for row in rows]
