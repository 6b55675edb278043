"""A new feature with only a Discord part is one folder: put beside the others, it is
found, its commands join every game's group, its button's presses and Discord's events
reach it, it adds a button under every finished game's result and hears when a game
ends, the one error handler answers its refusals and failures, and its words go to the
platform's catalog by the usual extraction. Nothing else is edited."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.discord_ui.interactions import SOMETHING_WENT_WRONG
from bot.discord_ui.part_registry import discovered
from tests.e2e.world import ephemeral_answer, make_world
from tests.features_beside import features_beside

ROOT = Path(__file__).resolve().parents[2]
NAME = "throwaway_greeting"

DECLARED = '''"""A throwaway feature with nothing but its Discord part."""

from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    discord=DiscordPart(
        slots=("result_rows",), events=("game_ended",), listens=("raw_message_delete",)
    )
)
'''

PART = '''"""A throwaway feature: ``/<game> greet``, a Wave button, Cheers under every result,
deletions and ended games noted."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_ui.card_layout import Rows
from bot.discord_ui.command_parts import Command, command
from bot.discord_ui.components import GAME, KIND, Pressable
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.part import Declaration, Part
from bot.discord_ui.game_events import GameEnded
from bot.discord_ui.interactions import reader
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from bot.service import ServiceError
from bot.storage import Game
from i18n import N_, Language, Message


class WaveButton(
    Pressable["Greeting"], discord.ui.DynamicItem[discord.ui.Button[Any]], template=f"{KIND}:wave"
):
    def __init__(self, kind: str) -> None:
        super().__init__(discord.ui.Button(label="Wave", custom_id=f"{kind}:wave"))
        self.kind = kind

    async def pressed(self, interaction: discord.Interaction, feature: Greeting) -> None:
        raise ServiceError(Message("No waving in {game} today.", game=self.kind))


class CheersButton(
    Pressable["Greeting"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:cheers:{GAME}",
):
    def __init__(self, kind: str, game: int, *, label: str = "Cheers") -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=f"{kind}:cheers:{game}"))
        self.kind, self.game = kind, game

    async def pressed(self, interaction: discord.Interaction, feature: Greeting) -> None:
        await feature.cheer(interaction, self.game)


class Greeting(Part, Adds):
    controls = (WaveButton, CheersButton)

    async def greet(self, interaction: discord.Interaction, kind: str) -> None:
        view = discord.ui.View()
        view.add_item(WaveButton(kind))
        hello = reader(interaction)._("Hello from a feature nobody else knows of.")
        await interaction.response.send_message(hello, view=view, ephemeral=True)

    async def cheer(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.service.game(game_id)
        cheers = reader(interaction)._("Cheers to game {number}!", number=game.number)
        await interaction.response.send_message(cheers, ephemeral=True)

    async def result_rows(self, game: Game, lang: Language) -> Rows:
        return ((CheersButton(game.kind, game.id, label=lang._("Cheers")),),)

    async def game_ended(self, ended: GameEnded) -> None:
        how = "played to the end" if ended.finished else "closed"
        await self.context.places.post(ended.game, content=f"Noted: game {ended.game.id} {how}.")

    async def on_raw_message_delete(self, event: discord.RawMessageDeleteEvent) -> None:
        channel = self.context.client.get_partial_messageable(event.channel_id)
        await channel.send(f"Noted: message {event.message_id} is gone.")


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    async def greet(interaction: discord.Interaction) -> None:
        await Greeting.of(interaction).greet(interaction, rules.kind)

    async def broken(interaction: discord.Interaction) -> None:
        raise RuntimeError("this feature's own bug")

    return [
        command(N_("greet"), N_("Say hello"), greet),
        command(N_("broken"), N_("Fails"), broken),
    ]


PART = Declaration(Greeting, commands=commands)
'''


FILES = {"__init__.py": DECLARED, "discord/__init__.py": PART}
"""The feature's folder: its declaration, and its Discord part."""


def written(folder: Path) -> None:
    """The feature's folder written at ``folder``."""
    for where, text in FILES.items():
        (folder / where).parent.mkdir(parents=True, exist_ok=True)
        (folder / where).write_text(text, encoding="utf-8")


@pytest.fixture
def throwaway(tmp_path: Path) -> Iterator[Path]:
    """The feature's package, found beside the bot's own features."""
    with features_beside(tmp_path / "features", {NAME: FILES}) as beside:
        yield beside / NAME


async def test_a_new_feature_is_one_package(throwaway: Path, tmp_path: Path) -> None:
    assert any(d.part.__name__ == "Greeting" for d in discovered())
    world = await make_world(tmp_path, players=2)
    await world.start_bot()
    try:
        ann = world.players[0]
        for group in ("claimit", "nuggets", "claim"):
            greeted = await world.command(ann, f"{group} greet")
            assert ephemeral_answer(greeted) == "Hello from a feature nobody else knows of."
            hello = greeted.response_message
            assert hello is not None
            waved = await world.click(ann, hello, "Wave")
            assert ephemeral_answer(waved) == f"No waving in {group} today."
        failed = await world.command(ann, "claimit broken")
        assert ephemeral_answer(failed) == str(SOMETHING_WENT_WRONG)
        table = await world.start_game(2)
        await world.discord.delete_message(table)
        noted = f"Noted: message {table.id} is gone."
        await world.discord.wait_for_message(world.channel, lambda m: m.content == noted)
        result = await world.result()
        assert "Cheers" in result.button_labels() and "Replay" in result.button_labels()
        cheered = await world.click(ann, result, "Cheers")
        game = await world.bots[0].service.game(
            int(result.button("Cheers")["custom_id"].split(":")[2])
        )
        assert ephemeral_answer(cheered) == f"Cheers to game {game.number}!"
        ended = f"Noted: game {game.id} played to the end."
        await world.discord.wait_for_message(world.channel, lambda m: m.content == ended)
    finally:
        await world.stop_bots()
        await world.discord.close()


def test_a_new_features_words_go_to_the_platform_catalog(tmp_path: Path) -> None:
    """The platform's catalog is extracted from the Discord layer as a whole: a feature's
    package placed among the others brings its words along."""
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "bot", copy / "bot", ignore=shutil.ignore_patterns("__pycache__"))
    for part in ("render", "scripts", "i18n", "babel.cfg", ".venv"):
        (copy / part).symlink_to(ROOT / part)
    written(copy / "bot" / "features" / NAME)
    template = tmp_path / "platform.pot"
    subprocess.run(
        ["bash", "scripts/catalogs.sh", "template", "platform", str(template)],
        cwd=copy,
        check=True,
    )
    words = template.read_text(encoding="utf-8")
    for said in (
        "Hello from a feature nobody else knows of.",
        "No waving in {game} today.",
        "Cheers to game {number}!",
    ):
        assert f'msgid "{said}"' in words
    assert "Say hello" in words
