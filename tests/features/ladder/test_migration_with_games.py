"""Every earlier schema version upgrades without loss, with real Claim It! games inside.

For each version before the latest, a latest database is filled by playing through the
service (finished games in two servers with people and computer players, a running game
in the middle of a turn, a lobby, closed games, the variant, and from version 2 on
leavers, time-outs, a thread and server settings). Its rows are written into a database
of that version as its release made it (``released_schema``), in the shape that version
had (the migrations since, run backwards); opening it upgrades it, the bot counts its old
games as on start, and every game, move log, replay and ladder reads back as on the
original.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

import aiosqlite
import pytest
import pytest_asyncio

from bot.features.ladder.service import LadderService
from bot.service import Actor, GameService, GuildSettingsService, Player
from bot.storage import (
    Database,
    EndReason,
    Game,
    GameStatus,
    GuildSettings,
)
from bot.storage.opening import open_database
from bot.storage.records import MINUTE
from bot.storage.sqlite import schema_version
from engine.claimit import Phase
from tests.bot.fixtures import ANN, BO, CY, DEE, EVE, Clock, play_to_the_end, random_press
from tests.bot.part_by_part import assert_same_parts
from tests.bot.released_schema import make_sqlite
from tests.bot.schema_catalogs import sqlite_catalog
from tests.bot.tables import Table
from tests.bot.two_servers import AWAY, HOME, Ladders, Reading, read_everything, read_ladders

AWAY_CHANNELS = (301, 302)
"""From version 2 on, the only channels games may run in on ``AWAY``."""
THREAD = 6001
SEED = 2027
KINDS = ("claimit",)
"""The history's games: Claim It!'s alone."""


# The games, played through the service on a latest database -----------------------


@dataclass(frozen=True)
class Played:
    """What the history holds, by game id."""

    finished: list[int]
    active: int
    timed: int
    """Also running, with a turn timeout its host chose."""
    lobby: int
    cancelled: int
    variant: int
    leaver: int | None
    thread: int | None


class ClaimItTable(Table):
    """Random presses by whoever is to move (people and computer players)."""

    async def press_until(self, game: Game, done: Callable[[Game], bool]) -> Game:
        """Random presses until ``done``."""
        while not done(game):
            assert game.status is GameStatus.ACTIVE
            game = (await random_press(self.service, game, self.rng)).game
        return game

    async def end(self, game: Game) -> Game:
        game = await play_to_the_end(self.service, game, self.rng)
        assert game.status is GameStatus.FINISHED
        await self.show(game, "turn_message_id")
        return game


def mid_turn(presses: int) -> Callable[[Game], bool]:
    """At least ``presses`` in, in the middle of a turn: something placed, and the dice
    rolled again waiting to be placed."""
    counter = {"presses": 0}

    def done(game: Game) -> bool:
        counter["presses"] += 1
        state = game.state
        return (
            counter["presses"] > presses and state.phase is Phase.PLACE and state.placed_this_turn
        )

    return done


def turn_starts_for(player: Player) -> Callable[[Game], bool]:
    def done(game: Game) -> bool:
        state = game.state
        return (
            game.seats[state.turn].user_id == player.user_id
            and state.phase is Phase.ROLL
            and not state.placed_this_turn
        )

    return done


async def play_the_history(database: Database, *, since_version_2: bool) -> Played:
    """Games of every kind a Claim It! database holds; ``since_version_2`` adds what only
    version 2 on could hold (leavers, time-outs, a thread, server settings)."""
    clock = Clock()
    service = GameService(database, dice=random.Random(SEED), clock=clock)
    table = ClaimItTable(service, clock, random.Random(SEED + 1))
    away = AWAY_CHANNELS
    if since_version_2:
        settings = GuildSettingsService(database)
        await settings.change(
            HOME, kind="claimit", options={"variant": True}, turn_timeout=900, threads=True
        )
        # Set, then taken back: the server's default says "no variant" in so many words.
        await settings.change(AWAY, kind="claimit", options={"variant": True}, lobby_timeout=3600)
        await settings.change(AWAY, kind="claimit", options={"variant": False})
        for channel in away:
            await settings.change(AWAY, allow_channel=channel)
    plain = {"variant": False}
    finished = [
        await table.finished("claimit", HOME, 201, [ANN, BO, CY], options=plain),
        await table.finished("claimit", AWAY, away[0], [ANN, DEE], bots=1),
        await table.finished("claimit", HOME, 201, [BO, CY], bots=2, options=plain),
        await table.finished(
            "claimit", HOME, 202, [EVE], bots=2, options=plain
        ),  # unrated: one person
        await table.finished("claimit", AWAY, away[1], [DEE, EVE, CY, BO, ANN]),
        await table.finished("claimit", HOME, 203, [CY, DEE, EVE, ANN], options=plain),
    ]
    variant = await table.finished(
        "claimit", AWAY, away[0], [EVE, ANN, BO], options={"variant": True}
    )
    finished.append(variant)
    leaver = thread = None
    if since_version_2:
        # Bo leaves, Cy goes quiet twice: computer players finish both seats for them.
        game = await table.started("claimit", HOME, 204, [ANN, BO, CY], bots=1)
        game = await table.press_until(game, mid_turn(6))
        game = await service.leave(game.id, Actor(BO.user_id), game.version)
        for _ in range(2):
            game = await table.press_until(game, turn_starts_for(CY))
            game = await table.time_out(game)
        assert {s.left_user_id for s in game.seats} == {None, BO.user_id, CY.user_id}
        leaver = await table.end(game)
        # Played in a thread of its own (the server's setting), with the server's variant.
        game = await table.started("claimit", HOME, 205, [DEE, ANN], bots=1)
        await service.messages.set_thread(game.id, THREAD)
        thread = await table.end(await service.game(game.id))
        finished += [leaver, thread]
        # A lobby nobody started, and a game everybody left.
        expired = await table.lobby("claimit", HOME, 206, [EVE])
        table.clock.now = expired.deadline or 0
        await service.expire_lobby(expired.id, expired.version)
        game = await table.started("claimit", AWAY, away[1], [BO, CY], bots=1)
        game = await table.press_until(game, mid_turn(4))
        game = await service.leave(game.id, Actor(BO.user_id), game.version)
        game = await service.leave(game.id, Actor(CY.user_id), game.version)
        assert game.end_reason is EndReason.ABANDONED
    cancelled = await table.started("claimit", HOME, 207, [CY, EVE], options=plain)
    cancelled = await table.press_until(cancelled, mid_turn(5))
    cancelled = await service.cancel(cancelled.id, Actor(CY.user_id), cancelled.version)
    lobby = await table.lobby("claimit", AWAY, away[0], [BO, ANN], bots=1)
    # A game in the middle of a turn, whose last move no message shows yet.
    active = await table.started("claimit", HOME, 208, [DEE, BO], bots=1)
    if since_version_2:
        active = await table.press_until(active, turn_starts_for(DEE))
        active = await table.time_out(active)
    active = await table.press_until(active, mid_turn(9))
    assert [s.timeouts for s in active.seats] == [int(since_version_2), 0, 0]
    await table.show(active, "turn_message_id", active.version - 1)
    timed = await table.started("claimit", AWAY, away[1], [CY, EVE], turn_timeout=5 * MINUTE)
    timed = await table.press_until(timed, mid_turn(3))
    await table.show(timed, "turn_message_id")
    return Played(
        finished=[g.id for g in finished],
        active=active.id,
        timed=timed.id,
        lobby=lobby.id,
        cancelled=cancelled.id,
        variant=variant.id,
        leaver=None if leaver is None else leaver.id,
        thread=None if thread is None else thread.id,
    )


# The rows, written in an earlier version's shape ------------------------------------

Columns = dict[str, str]
"""An old table's columns, each with the expression (over the latest row) that fills it."""


def same(*names: str) -> Columns:
    return {name: name for name in names}


def figure(name: str) -> str:
    return f"json_extract(figures, '$.{name}')"


def games_shape(version: int) -> Columns:
    columns = same(
        "id", "guild_id", "channel_id", "lobby_message_id", "turn_message_id", "host_id",
        "status", "turn_timeout", "first_seat", "state", "version", "created_at", "updated_at",
        "started_at", "finished_at",
    )  # fmt: skip
    # Before 5: Claim It!'s one option was a column.
    columns["variant"] = "json_extract(options, '$.variant')"
    if version < 2:
        columns |= version_1_clocks()
    else:
        columns["deadline"] = "deadline"
        columns |= same("thread_id", "end_reason")
    if version >= 3:
        columns |= same("rated")
    if version >= 4:
        columns |= same("finish_seq", "shown_version", "moved_version")
    return columns


DEFAULT_TURN_TIMEOUT = GuildSettings.turn_timeout


def version_1_clocks() -> Columns:
    """Version 1 had no lobby deadlines, and a turn timeout only when the host chose one
    (here: any but the default, which migration 2 gives the others)."""
    chosen = f"turn_timeout != {DEFAULT_TURN_TIMEOUT}"
    return {
        "turn_timeout": f"CASE WHEN {chosen} THEN turn_timeout END",
        "turn_deadline": f"CASE WHEN status = 'active' AND {chosen} THEN deadline END",
    }


def seats_shape(version: int) -> Columns:
    columns = same("game_id", "seat", "user_id", "bot_level", "display_name", "color", "joined_at")
    if version >= 2:
        columns |= same("timeouts", "left_user_id")
    return columns


def old_dice(action: str) -> str | None:
    """Before 5 a roll's dice were also a column of their own (``json.dumps``: "[3, 1, 6]")."""
    roll = json.loads(action).get("roll")
    return None if roll is None else json.dumps(roll)


def moves_shape(version: int) -> Columns:
    return same("game_id", "seq", "seat", "action", "at") | {"dice": "old_dice(action)"}


def results_shape(version: int) -> Columns:
    """Before 5 a result's figures were columns, and it had no place (migration 5 works it
    out by Claim It!'s order)."""
    columns = same("game_id", "seat", "bot_level", "won")
    columns |= {name: figure(name) for name in ("largest_mine", "claims", "spaces")}
    if version >= 3:
        columns |= same("user_id", "display_name", "left_game")
        columns |= {name: figure(name) for name in ("turns", "busts", "best_turn")}
    else:
        # Version 2 wrote the seat as it ended: a seat a computer player took over had
        # no user (migration 3 gives it back to the one who left, from the seat).
        columns["user_id"] = "CASE WHEN left_game THEN NULL ELSE user_id END"
    return columns


def every_row(version: int) -> str:
    return ""


def claimit_rows(version: int) -> str:
    return "WHERE kind = 'claimit'"


RECORD_FIGURES = ("best_mine", "claims")
LADDER_FIGURES = ("mine_total", "turns", "busts", "best_turn")


def player_records_shape(version: int) -> Columns:
    """Before 5 the figures were columns and there was no kind (everything was Claim It!)."""
    columns = same("guild_id", "user_id", "display_name", "wins", "last_played")
    columns |= {name: figure(name) for name in RECORD_FIGURES}
    if version >= 3:
        columns |= same("games", "left_games", "mu", "sigma", "rating", "rated_games")
        columns |= {name: figure(name) for name in LADDER_FIGURES}
    else:
        # Before the ladder a game someone left did not count for them at all. (The
        # upgrade counts every server's ladder again from its games, so these only need
        # to be as plausible as the last_played of someone whose last game they left.)
        columns["games"] = "games - left_games"
    return columns


def player_records_rows(version: int) -> str:
    if version < 3:
        # Before the ladder someone who only ever left games had no record.
        return "WHERE kind = 'claimit' AND games > left_games"
    return claimit_rows(version)


def rating_changes_shape(version: int) -> Columns:
    columns = same(
        "game_id", "user_id", "guild_id", "at", "mu_before", "sigma_before", "mu_after",
        "sigma_after",
    )  # fmt: skip
    if version >= 4:
        columns |= same("finish_seq")
    return columns


def guild_settings_shape(version: int) -> Columns:
    """Before 5 a server's default options were Claim It!'s variant, in its settings."""
    columns = same("guild_id", "turn_timeout", "lobby_timeout", "threads", "bots_allowed")
    columns["variant"] = (
        "COALESCE((SELECT json_extract(d.options, '$.variant') FROM latest.game_defaults d "
        "WHERE d.guild_id = settings.guild_id AND d.kind = 'claimit'), 0)"
    )
    return columns


@dataclass(frozen=True)
class OldTable:
    name: str
    since: int
    """The version that made it."""
    shape: Callable[[int], Columns]
    rows: Callable[[int], str] = every_row
    """Which of the latest rows it held (a ``WHERE`` clause)."""
    alias: str = ""
    """The latest table's name in ``shape``'s expressions."""


OLD_TABLES = (
    OldTable("games", 1, games_shape, claimit_rows),
    OldTable("seats", 1, seats_shape),
    OldTable("moves", 1, moves_shape),
    OldTable("results", 1, results_shape),
    OldTable("player_records", 1, player_records_shape, player_records_rows),
    OldTable("rating_changes", 3, rating_changes_shape, claimit_rows),
    OldTable("guild_settings", 2, guild_settings_shape, alias="settings"),
    OldTable("game_channels", 2, lambda _: same("guild_id", "channel_id")),
)


def write_as_version(source: Path, old: Path, version: int) -> None:
    """Writes every row of the latest database ``source`` into ``old`` (a database made
    at ``version``) as that version kept it."""
    with closing(sqlite3.connect(old)) as connection:
        connection.create_function("old_dice", 1, old_dice, deterministic=True)
        connection.execute("ATTACH DATABASE ? AS latest", (str(source),))
        with connection:
            for table in OLD_TABLES:
                if version < table.since:
                    continue
                columns = table.shape(version)
                connection.execute(
                    f"INSERT INTO main.{table.name} ({', '.join(columns)}) "
                    f"SELECT {', '.join(columns.values())} FROM latest.{table.name} "
                    f"{table.alias} {table.rows(version)}"
                )
        connection.execute("DETACH DATABASE latest")


def check_it_fits(source: Path, version: int) -> None:
    """The history holds nothing ``version`` had no place for (else the test would be
    testing a loss that no real database of that version could have)."""
    with closing(sqlite3.connect(source)) as connection:

        def count(query: str) -> int:
            return int(connection.execute(query).fetchone()[0])

        assert count("SELECT COUNT(*) FROM games WHERE kind != 'claimit'") == 0
        assert count("SELECT COUNT(*) FROM games WHERE setup IS NOT NULL") == 0
        if version < 2:
            assert count("SELECT COUNT(*) FROM games WHERE thread_id IS NOT NULL") == 0
            assert count("SELECT COUNT(*) FROM seats WHERE timeouts OR left_user_id") == 0
            assert count("SELECT COUNT(*) FROM guild_settings") == 0
            assert count("SELECT COUNT(*) FROM game_defaults") == 0


def check_it_covers(before: Reading, played: Played, version: int) -> None:
    """The history holds what it was played to hold, so that the comparison covers it."""
    assert before.games[played.variant].options["variant"] is True
    assert before.games[played.cancelled].status is GameStatus.CANCELLED
    assert before.games[played.lobby].status is GameStatus.LOBBY
    assert before.last_outcomes[played.active] is not None
    assert before.replays[played.active].phase is Phase.PLACE
    assert before.replays[played.active].placed_this_turn
    assert before.games[played.timed].turn_timeout == 5 * MINUTE
    assert all(ladder.pages[0].players >= 3 for ladder in before.ladders.per_game.values())
    assert (played.leaver is not None, played.thread is not None) == (version >= 2,) * 2
    if played.leaver is not None:
        assert sum(r.left for r in before.ladders.results[played.leaver]) == 2
    if played.thread is not None:
        assert before.games[played.thread].thread_id == THREAD


# What reads back -----------------------------------------------------------------------


def as_kept_by(version: int, game: Game) -> Game:
    """The game as an upgrade from ``version`` gives it back: what that version had no
    column for is what the migrations since fill in."""
    if version < 2:
        game = replace(game, end_reason=None)
        if game.status is GameStatus.ACTIVE and game.turn_timeout == DEFAULT_TURN_TIMEOUT:
            # A turn without a clock in version 1 gets the default from its last change.
            game = replace(game, deadline=game.updated_at + game.turn_timeout)
    if version < 4:
        # "Everything from before counts as shown"; which version the last move made
        # was not kept.
        game = replace(game, shown_version=game.version, moved_version=None)
    return game


def defaults_kept_before_5(settings: GuildSettings) -> GuildSettings:
    """Before 5 a server's default options were one flag, Claim It!'s variant: on, or
    not set (the game's own default, off, says the same)."""
    if settings.options_for("claimit").get("variant"):
        return settings
    return replace(settings, defaults=MappingProxyType({}))


def expected_after_upgrade(version: int, original: Reading) -> Reading:
    games = {i: as_kept_by(version, g) for i, g in original.games.items()}
    # Before 18 the log kept no mark of a move the clock made.
    moves = {i: [replace(m, by_clock=False) for m in ms] for i, ms in original.moves.items()}
    return replace(
        original,
        games=games,
        moves=moves,
        last_outcomes={
            i: None if o is None else replace(o, game=games[i])
            for i, o in original.last_outcomes.items()
        },
        settings={g: defaults_kept_before_5(s) for g, s in original.settings.items()},
    )


async def play_on(database: Database, game_id: int) -> Ladders:
    """The running game played to its end, the same way on any database; the ladders
    it leaves."""
    service = GameService(database, dice=random.Random(SEED + 2), clock=Clock(1_800_000_000.0))
    game = await play_to_the_end(service, await service.game(game_id), random.Random(SEED + 3))
    assert game.status is GameStatus.FINISHED
    return await read_ladders(database, KINDS)


# The test -------------------------------------------------------------------------------


@dataclass(frozen=True)
class History:
    path: Path
    """A latest database file that holds it."""
    played: Played


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def histories(tmp_path_factory: pytest.TempPathFactory) -> dict[bool, History]:
    """Both histories, played once for every version (each test works on a copy)."""
    built = {}
    for since_version_2 in (False, True):
        path = tmp_path_factory.mktemp("history") / "latest.sqlite3"
        database = await open_database(path)
        try:
            played = await play_the_history(database, since_version_2=since_version_2)
        finally:
            await database.close()
        built[since_version_2] = History(path, played)
    return built


# Version 5 keeps games, results and ladders as the latest does (6 only adds the shards'
# leases); test_database upgrades an empty database from every version.
@pytest.mark.parametrize("version", range(1, 5))
async def test_a_database_of_every_earlier_version_upgrades_with_its_games_and_ladders(
    tmp_path: Path, histories: dict[bool, History], version: int
) -> None:
    source, old, fresh = (tmp_path / f"{name}.sqlite3" for name in ("latest", "old", "fresh"))
    history = histories[version >= 2]
    shutil.copyfile(history.path, source)
    played = history.played
    original = await open_database(source)
    try:
        before = await read_everything(original, KINDS)
    finally:
        await original.close()
    check_it_covers(before, played, version)
    check_it_fits(source, version)
    async with aiosqlite.connect(old, isolation_level=None) as connection:
        await make_sqlite(connection, version)
        assert await schema_version(connection) == version
    write_as_version(source, old, version)

    upgraded = await open_database(old)
    try:
        # Every finished game is counted again, for the figures of luck and dice of
        # version 9 (and from before version 3, for the ladder itself).
        counted = await GameService(upgraded).part(LadderService).count_old_games()
        assert counted == len(played.finished)
        assert await GameService(upgraded).part(LadderService).count_old_games() == 0
        after = await read_everything(upgraded, KINDS)
        assert_same_parts(after, expected_after_upgrade(version, before))
        # The running game plays on to the same end, and the ladders follow alike.
        on_upgraded = await play_on(upgraded, played.active)
    finally:
        await upgraded.close()
    original = await open_database(source)
    try:
        on_original = await play_on(original, played.active)
    finally:
        await original.close()
    assert_same_parts(on_upgraded, on_original)

    await (await open_database(fresh)).close()
    assert sqlite_catalog(old) == sqlite_catalog(fresh)
