"""A feature with state is one folder, its migration step in it: Cheers keeps a table of
each player's cheers and finished games, a server setting turns it off, its lobby shows
a line of who cheered how often, a game's end is counted inside the game's own
transaction, ``/new`` takes ``cheers:`` (the host's toasts, counted as the lobby opens),
the board offers 👏 to a game's players (counted inside the game's transaction) and the
leaderboard gains a line of the cheers given. Put into a copy of the bot (its folder
under ``bot/features/``, its migration step declared in its schema beside its table), it
works with nothing else of the bot edited, which the test checks file by file before it
plays it there, through the real bot, the emulated Discord and the board's socket."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

from bot.storage.migrations import latest

ROOT = Path(__file__).resolve().parents[2]
NEXT = latest() + 1
"""The version Cheers' step makes: the bot's next."""

INIT = '''"""Cheers: a button under every finished game's result, and each player's cheers and
finished games counted per server."""

from bot.features.cheers.hooks import CheersHooks
from bot.features.cheers.service import CHEER, SETTINGS, CheersService
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    hooks=CheersHooks(),
    moments=("lobby_opened", "finished"),
    service=CheersService,
    settings=SETTINGS,
    board_actions=(CHEER,),
    discord=DiscordPart(slots=("lobby_lines", "result_rows", "leaderboard_lines")),
)
'''

SCHEMA = '''"""Each player's cheers and finished games in a server."""

from bot.storage.migrations import Step, feature_step
from bot.storage.schema.columns import a_count, key, table

cheers = table(
    "cheers",
    key("guild_id"),
    key("user_id"),
    a_count("cheers"),
    a_count("games"),
    since=NEXT_VERSION,
)

# NEXT_VERSION: each player's cheers and finished games.
feature_step(NEXT_VERSION, Step())
'''

SERVICE = '''"""Cheers counted, read, and the server setting that turns them off."""

from collections.abc import Iterable
from dataclasses import dataclass

from bot.service.board_actions import Asked, BoardAction, Offered
from bot.service.declared_settings import FeatureSettings, switch
from bot.service.feature_service import FeatureService
from bot.service.game_loading import load_for
from bot.service.game_writes import Written
from bot.storage.connection import Connection
from bot.storage.records import Game, GameStatus, GuildSettings
from i18n import N_, Language, Message


CHEERS_ON = switch(N_("cheers"), N_("Whether Cheers shows under results"), default=True)


def _lines(settings: GuildSettings, lang: Language, now: float | None) -> list[tuple[str, str]]:
    return [(lang._("Cheers"), lang._("on") if CHEERS_ON.of(settings) else lang._("off"))]


SETTINGS = FeatureSettings((CHEERS_ON,), lines=_lines)


async def count(
    connection: Connection, guild_id: int, user_id: int, column: str, by: int = 1
) -> None:
    await connection.execute(
        f"INSERT INTO cheers (guild_id, user_id, {column}) VALUES (?, ?, ?) "
        f"ON CONFLICT (guild_id, user_id) DO UPDATE SET {column} = cheers.{column} + ?",
        (guild_id, user_id, by, by),
    )


@dataclass(frozen=True)
class Toasts:
    """What ``/new cheers:`` asks of Cheers: the host's toasts to open the lobby with."""

    given: int | None


class CheersService(FeatureService):
    async def cheer(self, guild_id: int, user_id: int) -> int:
        async def cheering(connection: Connection) -> int:
            await count(connection, guild_id, user_id, "cheers")
            return (await self.counts(guild_id, [user_id], connection))[user_id][0]

        return await self._db.write(cheering)

    async def offered(self, game: Game, user_id: int) -> Offered:
        playing = game.status in (GameStatus.ACTIVE, GameStatus.FINISHED)
        return Offered.ENABLED if playing and game.seat_of(user_id) is not None else Offered.NOT

    async def cheer_on_board(self, asked: Asked) -> int:
        async def cheering(connection: Connection, written: Written) -> int:
            game = await load_for(connection, asked.game_id, asked.actor)
            await count(connection, game.guild_id, asked.actor.user_id, "cheers")
            return (await self.counts(game.guild_id, [asked.actor.user_id], connection))[
                asked.actor.user_id
            ][0]

        return await self._change(cheering)

    async def given(self, guild_id: int) -> int:
        async def summed(connection: Connection) -> int:
            rows = await connection.fetch(
                "SELECT cheers FROM cheers WHERE guild_id = ?", (guild_id,)
            )
            return sum(row["cheers"] for row in rows)

        return await self._db.read(summed)

    async def of(self, guild_id: int, users: Iterable[int]) -> dict[int, tuple[int, int]]:
        wanted = list(users)
        return await self._db.read(lambda connection: self.counts(guild_id, wanted, connection))

    @staticmethod
    async def counts(
        guild_id: int, users: list[int], connection: Connection
    ) -> dict[int, tuple[int, int]]:
        found = {user: (0, 0) for user in users}
        for row in await connection.fetch(
            "SELECT user_id, cheers, games FROM cheers WHERE guild_id = ?", (guild_id,)
        ):
            if row["user_id"] in found:
                found[row["user_id"]] = (row["cheers"], row["games"])
        return found


CHEER = BoardAction(
    name="cheers",
    label=Message("Cheer"),
    service=CheersService,
    offered=CheersService.offered,
    act=CheersService.cheer_on_board,
    icon="👏",
)
'''

HOOKS = '''"""A finished game counts for each person seated, and a lobby opened with toasts
for its host, each in the game's own transaction."""

from collections.abc import Sequence

from bot.features.cheers.service import CHEERS_ON, Toasts, count
from bot.service.game_hooks import GameHooks
from bot.storage import settings_queries
from bot.storage.connection import Connection
from bot.storage.records import Game


class CheersHooks(GameHooks):
    async def lobby_opened(
        self, connection: Connection, game: Game, asked: Sequence[object], now: float
    ) -> None:
        for ask in asked:
            if isinstance(ask, Toasts) and ask.given:
                await count(connection, game.guild_id, game.host_id, "cheers", ask.given)

    async def finished(self, connection: Connection, game: Game, now: float) -> None:
        if not CHEERS_ON.of(await settings_queries.guild_settings(connection, game.guild_id)):
            return
        for seat in game.seats:
            if seat.user_id is not None:
                await count(connection, game.guild_id, seat.user_id, "games")
'''

DISCORD = '''"""Cheers under every finished game's result, who cheered how often in a lobby, a
cheer from the board told in the channel, and the cheers given on the leaderboard."""

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.card_layout import Line, Rows
from bot.discord_ui.command_parts import Option
from bot.discord_ui.components import GAME, KIND, Pressable
from bot.discord_ui.context import Context
from bot.discord_ui.new_options import NewOptions
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.part import Declaration, Part
from bot.discord_ui.interactions import reader
from bot.features.cheers.service import CHEERS_ON, CheersService, Toasts
from bot.storage import Game
from i18n import N_, Language


class CheersButton(
    Pressable["Cheers"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:cheers:{GAME}",
):
    def __init__(self, kind: str, game: int, *, label: str = "Cheers") -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=f"{kind}:cheers:{game}"))
        self.kind, self.game = kind, game

    async def pressed(self, interaction: discord.Interaction, feature: "Cheers") -> None:
        await feature.cheer(interaction)


class Cheers(Part, Adds):
    controls = (CheersButton,)
    board_actions = ("cheers",)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.cheers = context.service.part(CheersService)

    async def _on(self, game: Game) -> bool:
        return CHEERS_ON.of(await self.context.settings.get(game.guild_id))

    async def cheer(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        given = await self.cheers.cheer(interaction.guild_id, interaction.user.id)
        said = reader(interaction)._("Cheers! You have cheered {n} times here.", n=given)
        await interaction.response.send_message(said, ephemeral=True)

    async def lobby_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        if not await self._on(game):
            return ()
        people = [seat.user_id for seat in game.seats if seat.user_id is not None]
        counts = await self.cheers.of(game.guild_id, people)
        shown = ", ".join(
            f"<@{user}> 🥂 {cheers} · {games}" for user, (cheers, games) in counts.items()
        )
        return (Line(lang._("Cheers"), shown),)

    async def result_rows(self, game: Game, lang: Language) -> Rows:
        if not await self._on(game):
            return ()
        return ((CheersButton(game.kind, game.id, label=lang._("Cheers")),),)

    async def board_acted(
        self, action: str, game_id: int, made: Callable[[], Awaitable[object]]
    ) -> None:
        given = await made()
        game = await self.service.game(game_id)
        channel = self.context.client.get_partial_messageable(game.thread_id or game.channel_id)
        await channel.send(f"👏 from the board: {given} cheers given here by one of you")

    async def leaderboard_lines(self, guild_id: int, kind: str, lang: Language) -> Sequence[Line]:
        given = await self.cheers.given(guild_id)
        return (Line(lang._("Cheers"), f"👏 {given} given"),)


TOASTS = Option(N_("cheers"), app_commands.Range[int, 0, 5] | None, N_("Toasts to open with"))

PART = Declaration(
    Cheers,
    new_options=NewOptions((TOASTS,), asks=lambda given: (Toasts(given["cheers"]),)),
)
'''

PLAYED = '''"""Played inside the copy of the bot that holds Cheers."""

import sqlite3
from contextlib import closing
from pathlib import Path

import aiohttp

import bot
from bot.storage.migrations import latest
from tests.e2e.board_viewer import connected, signed_in
from tests.e2e.world import World, ephemeral_answer, line_value, make_world


def counts(path: str) -> dict[str, tuple[int, int]]:
    with closing(sqlite3.connect(path)) as database:
        rows = database.execute("SELECT user_id, cheers, games FROM cheers").fetchall()
    return {str(user): (cheers, games) for user, cheers, games in rows}


async def cheered_on_the_board(world: World, session: aiohttp.ClientSession) -> None:
    """Ann opens the board on the game being played, and cheers there once."""
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    ann, cy = world.players[0], world.players[2]
    await world.click(ann, world.table(), "Open the board")
    await world.discord.launch_activity(world.channel.id, cy.id)
    instance = world.discord.channel_activity(world.channel.id)
    assert instance is not None
    viewers = {}
    for user in (ann, cy):
        token = await signed_in(world.discord, world.boards[0], user, session)
        viewers[user.id] = await connected(world.boards[0], session, token, instance.id)
    frame = await viewers[ann.id].wait_for(lambda f: f["type"] == "game")
    (cheer,) = [a for a in frame["game"]["actions"] if a["name"] == "cheers"]
    assert cheer == {
        "name": "cheers", "label": "Cheer", "icon": "👏", "tone": "secondary", "enabled": True
    }
    await viewers[cy.id].send(type="watch", game=game.id)
    watched = await viewers[cy.id].wait_for(lambda f: f["type"] == "game")
    assert "cheers" not in [a["name"] for a in watched["game"]["actions"]]
    await viewers[ann.id].send(
        type="action", game=game.id, action="cheers", version=frame["game"]["version"]
    )
    told = "👏 from the board: 3 cheers given here by one of you"
    await world.discord.wait_for_message(world.channel, lambda m: m.content == told)
    after = await world.bots[0].service.game(game.id)
    assert after.version == game.version, "a cheer changes no game"
    for viewer in viewers.values():
        await viewer.socket.close()


async def test_cheers_keeps_its_counts_inside_the_games_transaction(tmp_path: Path) -> None:
    assert Path(bot.__file__).parent == Path(__file__).parents[2] / "bot"
    assert latest() == NEXT_VERSION
    world = await make_world(tmp_path, players=3)
    await world.start_bot(board=True)
    async with world, aiohttp.ClientSession() as session:
        ann, bo = world.players[:2]
        lobby = (await world.command(ann, "claimit new", cheers=2)).response_message
        assert lobby is not None
        assert line_value(lobby, "Cheers") == f"<@{ann.id}> 🥂 2 · 0"
        await world.click(ann, lobby, "Cancel")
        refused = await world.command(ann, "claimit new", cheers=9)
        assert refused.response_message is None or refused.response_message.ephemeral
        assert counts(world.database) == {str(ann.id): (2, 0)}

        await world.start_game(2)
        await cheered_on_the_board(world, session)
        assert counts(world.database) == {str(ann.id): (3, 0)}
        result = await world.result()
        assert "Cheers" in result.button_labels()
        assert counts(world.database) == {str(ann.id): (3, 1), str(bo.id): (0, 1)}
        cheered = await world.click(bo, result, "Cheers")
        assert ephemeral_answer(cheered) == "Cheers! You have cheered 1 times here."
        assert counts(world.database)[str(bo.id)] == (1, 1)
        lobby = (await world.command(bo, "claimit new")).response_message
        assert lobby is not None
        assert line_value(lobby, "Cheers") == f"<@{bo.id}> 🥂 1 · 1"
        await world.click(bo, lobby, "Cancel")
        page = (await world.command(ann, "claimit leaderboard")).response_message
        assert page is not None
        assert line_value(page, "Cheers") == "👏 4 given"

        turned = await world.command(ann, "server settings", cheers=False)
        assert "Cheers" in ephemeral_answer(turned)
        lobby = (await world.command(ann, "claimit new")).response_message
        assert lobby is not None and "Cheers" not in str(lobby.text_displays())
        await world.click(ann, lobby, "Cancel")
        await world.start_game(2)
        result = await world.result()
        assert "Cheers" not in result.button_labels()
        assert counts(world.database) == {str(ann.id): (3, 1), str(bo.id): (1, 1)}
'''

FOLDER = {
    "__init__.py": INIT,
    "schema.py": SCHEMA,
    "service.py": SERVICE,
    "hooks.py": HOOKS,
    "discord/__init__.py": DISCORD,
}


def copy_of_the_bot(target: Path) -> None:
    """The repository as it is, with ``bot/`` and ``tests/`` copied (to be added to) and
    the rest linked."""
    # The page's checking tools (130 MB) are not the bot's: its built page is copied.
    ignored = shutil.ignore_patterns("__pycache__", "node_modules")
    for part in ("bot", "tests"):
        shutil.copytree(ROOT / part, target / part, ignore=ignored)
    for entry in ROOT.iterdir():
        if entry.name not in ("bot", "tests", ".git") and not entry.name.startswith("."):
            (target / entry.name).symlink_to(entry)
    (target / ".venv").symlink_to(ROOT / ".venv")


def add_cheers(target: Path) -> None:
    """The folder, its migration step in it."""
    folder = target / "bot" / "features" / "cheers"
    for name, text in FOLDER.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(numbered(text), encoding="utf-8")


def numbered(text: str) -> str:
    """``text`` with the version Cheers' step makes in it."""
    return text.replace("NEXT_VERSION", str(NEXT))


def edited(original: Path, copy: Path) -> list[str]:
    """The files of the bot in ``copy`` that are not as in ``original`` (new ones
    included)."""
    found: list[str] = []
    for path in sorted((copy / "bot").rglob("*")):
        relative = path.relative_to(copy)
        if path.is_dir():
            continue
        if "__pycache__" in relative.parts:
            continue
        if not (original / relative).exists() or not filecmp.cmp(
            original / relative, path, shallow=False
        ):
            found.append(str(relative))
    return found


def test_a_stateful_feature_is_its_folder_its_migration_step_in_it(tmp_path: Path) -> None:
    copy = tmp_path / "repo"
    copy_of_the_bot(copy)
    add_cheers(copy)
    assert edited(ROOT, copy) == [
        "bot/features/cheers/__init__.py",
        "bot/features/cheers/discord/__init__.py",
        "bot/features/cheers/hooks.py",
        "bot/features/cheers/schema.py",
        "bot/features/cheers/service.py",
    ]
    (copy / "tests" / "e2e" / "test_cheers_played.py").write_text(
        numbered(PLAYED), encoding="utf-8"
    )
    environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    played = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-q",
            "-x",
            "tests/e2e/test_cheers_played.py",
        ],
        cwd=copy,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert played.returncode == 0, played.stdout[-4000:] + played.stderr[-4000:]
    assert "1 passed" in played.stdout
