"""A feature with state is one folder and one migration step: Cheers keeps a table of
each player's cheers and finished games, a server setting turns it off, its lobby shows
a line of who cheered how often, and a game's end is counted inside the game's own
transaction. Put into a copy of the bot (its folder under ``bot/features/``, its step
added to ``STEPS``), it works with nothing else of the bot edited, which the test
checks file by file before it plays it there."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

from bot.storage.migrations import LATEST

ROOT = Path(__file__).resolve().parents[2]
NEXT = LATEST + 1
"""The version Cheers' step makes: the bot's next."""

INIT = '''"""Cheers: a button under every finished game's result, and each player's cheers and
finished games counted per server."""

from bot.features.cheers import schema as schema
from bot.features.cheers.hooks import CheersHooks
from bot.features.cheers.service import SETTINGS, CheersService
from bot.service.feature_registry import Feature

FEATURE = Feature(hooks=CheersHooks(), service=CheersService, settings=SETTINGS)
'''

SCHEMA = '''"""Each player's cheers and finished games in a server."""

from sqlalchemy import Column, Integer, Table, text

from bot.storage.schema.columns import SCHEMA, Id, since

cheers = Table(
    "cheers",
    SCHEMA,
    Column("guild_id", Id, primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("cheers", Integer, nullable=False, server_default=text("0")),
    Column("games", Integer, nullable=False, server_default=text("0")),
    info=since(NEXT_VERSION),
)
'''

SERVICE = '''"""Cheers counted, read, and the server setting that turns them off."""

from collections.abc import Iterable

from bot.service.declared_settings import FeatureSettings, ServerSetting
from bot.service.feature_service import FeatureService
from bot.storage.connection import Connection
from bot.storage.records import GuildSettings
from i18n import N_, Language


def _read(kept: object) -> bool:
    if not isinstance(kept, bool):
        raise TypeError(kept)
    return kept


CHEERS_ON = ServerSetting[bool](
    name=N_("cheers"),
    description=N_("Whether Cheers shows under results"),
    default=True,
    given=bool,
    kept=bool,
    read=_read,
    kind=bool,
)


def _lines(settings: GuildSettings, lang: Language, now: float | None) -> list[tuple[str, str]]:
    return [(lang._("Cheers"), lang._("on") if CHEERS_ON.of(settings) else lang._("off"))]


SETTINGS = FeatureSettings((CHEERS_ON,), lines=_lines)


async def count(connection: Connection, guild_id: int, user_id: int, column: str) -> None:
    await connection.execute(
        f"INSERT INTO cheers (guild_id, user_id, {column}) VALUES (?, ?, 1) "
        f"ON CONFLICT (guild_id, user_id) DO UPDATE SET {column} = cheers.{column} + 1",
        (guild_id, user_id),
    )


class CheersService(FeatureService):
    async def cheer(self, guild_id: int, user_id: int) -> int:
        async def cheering(connection: Connection) -> int:
            await count(connection, guild_id, user_id, "cheers")
            return (await self.counts(guild_id, [user_id], connection))[user_id][0]

        return await self._db.write(cheering)

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
'''

HOOKS = '''"""A finished game counts for each person seated, in the game's own transaction."""

from bot.features.cheers.service import CHEERS_ON, count
from bot.service.game_hooks import GameHooks
from bot.storage import settings_queries
from bot.storage.connection import Connection
from bot.storage.records import Game


class CheersHooks(GameHooks):
    async def finished(self, connection: Connection, game: Game, now: float) -> None:
        if not CHEERS_ON.of(await settings_queries.guild_settings(connection, game.guild_id)):
            return
        for seat in game.seats:
            if seat.user_id is not None:
                await count(connection, game.guild_id, seat.user_id, "games")
'''

DISCORD = '''"""Cheers under every finished game's result, who cheered how often in a lobby."""

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord_ui.card_layout import Line, Rows
from bot.discord_ui.components import GAME, KIND, Pressable
from bot.discord_ui.context import Context
from bot.discord_ui.part import Declaration, Part
from bot.discord_ui.interactions import reader
from bot.features.cheers.service import CHEERS_ON, CheersService
from bot.storage import Game
from i18n import Language


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


class Cheers(Part):
    controls = (CheersButton,)

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


PART = Declaration(Cheers)
'''

STEP = """    # NEXT_VERSION: each player's cheers and finished games (the Cheers feature).
    NEXT_VERSION: Step(),
"""

PLAYED = '''"""Played inside the copy of the bot that holds Cheers."""

import sqlite3
from contextlib import closing
from pathlib import Path

import bot
from bot.storage.migrations import LATEST
from tests.e2e.world import ephemeral_answer, line_value, make_world


def counts(path: str) -> dict[str, tuple[int, int]]:
    with closing(sqlite3.connect(path)) as database:
        rows = database.execute("SELECT user_id, cheers, games FROM cheers").fetchall()
    return {str(user): (cheers, games) for user, cheers, games in rows}


async def test_cheers_keeps_its_counts_inside_the_games_transaction(tmp_path: Path) -> None:
    assert Path(bot.__file__).parent == Path(__file__).parents[2] / "bot"
    assert LATEST == NEXT_VERSION
    world = await make_world(tmp_path, players=2)
    await world.start_bot()
    try:
        ann, bo = world.players[:2]
        lobby = (await world.command(ann, "claimit new")).response_message
        assert lobby is not None
        assert line_value(lobby, "Cheers") == f"<@{ann.id}> 🥂 0 · 0"
        await world.click(ann, lobby, "Cancel")
        await world.start_game(2)
        result = await world.result()
        assert "Cheers" in result.button_labels()
        assert counts(world.database) == {str(ann.id): (0, 1), str(bo.id): (0, 1)}
        cheered = await world.click(bo, result, "Cheers")
        assert ephemeral_answer(cheered) == "Cheers! You have cheered 1 times here."
        assert counts(world.database)[str(bo.id)] == (1, 1)
        lobby = (await world.command(bo, "claimit new")).response_message
        assert lobby is not None
        assert line_value(lobby, "Cheers") == f"<@{bo.id}> 🥂 1 · 1"
        await world.click(bo, lobby, "Cancel")

        turned = await world.command(ann, "server settings", cheers=False)
        assert "Cheers" in ephemeral_answer(turned)
        lobby = (await world.command(ann, "claimit new")).response_message
        assert lobby is not None and "Cheers" not in str(lobby.text_displays())
        await world.click(ann, lobby, "Cancel")
        await world.start_game(2)
        result = await world.result()
        assert "Cheers" not in result.button_labels()
        assert counts(world.database) == {str(ann.id): (0, 1), str(bo.id): (1, 1)}
    finally:
        await world.stop_bots()
        await world.discord.close()
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
    """The folder, and the one migration step."""
    folder = target / "bot" / "features" / "cheers"
    for name, text in FOLDER.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(numbered(text), encoding="utf-8")
    migrations = target / "bot" / "storage" / "migrations.py"
    source = migrations.read_text(encoding="utf-8")
    end = source.index("\n}\n", source.index("STEPS = {"))
    step = numbered(STEP)
    migrations.write_text(source[: end + 1] + step + source[end + 1 :], encoding="utf-8")


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


def test_a_stateful_feature_is_its_folder_and_one_migration_step(tmp_path: Path) -> None:
    copy = tmp_path / "repo"
    copy_of_the_bot(copy)
    add_cheers(copy)
    assert edited(ROOT, copy) == [
        "bot/features/cheers/__init__.py",
        "bot/features/cheers/discord/__init__.py",
        "bot/features/cheers/hooks.py",
        "bot/features/cheers/schema.py",
        "bot/features/cheers/service.py",
        "bot/storage/migrations.py",
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
