"""A feature adds an option to every game's ``/new`` with its folder alone: its Discord
part declares the option, and what its value asks of the feature reaches the feature's
hook inside the lobby's own transaction, where a refusal makes no lobby. The lobby names
no feature; the options players know keep their order."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from discord import app_commands

from bot.discord_ui.command_parts import Option
from bot.discord_ui.commands import all_commands
from bot.discord_ui.new_options import NewOptions
from bot.discord_ui.part import Declaration, Part, features_parts
from bot.discord_ui.part_registry import discovered
from bot.games.faces import face_for
from bot.games.registry import GAMES
from tests.e2e.world import ephemeral_answer, make_world
from tests.features_beside import features_beside

NAME = "throwaway_cheering"
LOBBY_COMMANDS = importlib.import_module("bot.discord_ui.core.lobby.commands")
"""The module that builds ``new`` (its package names its ``commands`` function so)."""

DECLARED = '''"""A throwaway feature: a lobby opened with cheers, heard inside its making."""

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service import ServiceError
from bot.service.feature_registry import DiscordPart, Feature
from bot.service.game_hooks import GameHooks
from bot.storage.connection import Connection
from bot.storage.records import Game
from i18n import Message

HEARD: list[tuple[int, int | None, bool]] = []
"""Each lobby's cheers as the hook heard them, and whether its game was there to see."""


@dataclass(frozen=True)
class Cheered:
    cheers: int | None


class CheeringHooks(GameHooks):
    async def lobby_opened(
        self, connection: Connection, game: Game, asked: Sequence[object], now: float
    ) -> None:
        for ask in asked:
            if isinstance(ask, Cheered):
                if ask.cheers == 13:
                    raise ServiceError(Message("Thirteen cheers bring bad luck."))
                rows = await connection.fetch("SELECT id FROM games WHERE id = ?", (game.id,))
                HEARD.append((game.id, ask.cheers, len(rows) == 1))


FEATURE = Feature(hooks=CheeringHooks(), moments=("lobby_opened",), discord=DiscordPart())
'''

PART = '''"""Its Discord part: ``cheers:`` on every game's ``/new``."""

from discord import app_commands

from bot.discord_ui.command_parts import Option
from bot.discord_ui.new_options import NewOptions
from bot.discord_ui.part import Declaration, Part
from bot.features.throwaway_cheering import Cheered
from i18n import N_


class Cheering(Part):
    """Nothing but its option."""


PART = Declaration(
    Cheering,
    new_options=NewOptions(
        (Option(N_("cheers"), app_commands.Range[int, 0, 20] | None, N_("Cheers to open with")),),
        asks=lambda given: (Cheered(given["cheers"]),),
    ),
)
'''


@pytest.fixture
def throwaway(tmp_path: Path) -> Iterator[None]:
    """The feature's folder, found beside the bot's own features."""
    files = {"__init__.py": DECLARED, "discord/__init__.py": PART}
    with features_beside(tmp_path / "features", {NAME: files}):
        yield


def options_of_new() -> dict[str, list[tuple[str, str]]]:
    """Each game's ``new``: its options' names and descriptions, in order."""
    found = {}
    for group in all_commands():
        for command in group.walk_commands():
            if isinstance(command, app_commands.Command) and command.name == "new":
                found[group.name] = [(o.name, o.description) for o in command.parameters]
    return found


LAST = [
    ("bot_level", "How well they play"),
    ("turn_timeout", "Minutes a turn may take, up to 10080 (a week; server default if unset)"),
    ("reliability", "The reliability in percent a player needs to join (0-100; 0: none)"),
    ("invite", "A private table: invite this player (more from the lobby)"),
    ("private", "A private table: only those you invite can join"),
    ("voice", "Game night: invite everyone in your voice channel (type it in its chat)"),
    ("hints", "A friendly game with hints for the player to act (never rated)"),
]
"""The last options of every game's ``new``, after its rule options and ``bots``: as
players have known them since before the features declared theirs, then ``voice`` (a
private table's third way) and ``hints``."""


def test_new_keeps_its_options_in_their_order() -> None:
    found = options_of_new()
    assert set(found) == {"claimit", "nuggets", "claim"}
    for options in found.values():
        assert options[-len(LAST) - 1][0] == "bots"
        assert options[-len(LAST) :] == LAST


@pytest.mark.parametrize("name", ["bots", "variant", "reliability"])
def test_an_option_of_new_named_twice_is_a_features_mistake(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord would take one for the other: the lobby refuses to build ``new``."""
    twice = Declaration(Part, new_options=NewOptions((Option(name, bool | None, "Twice"),)))
    monkeypatch.setattr(LOBBY_COMMANDS, "features_parts", lambda: (*features_parts(), twice))
    with pytest.raises(TypeError, match="share a name"):
        LOBBY_COMMANDS.commands(GAMES["claimit"], face_for("claimit"))


async def test_a_feature_adds_an_option_to_new_with_its_folder_alone(
    throwaway: None, tmp_path: Path
) -> None:
    assert any(d.part.__name__ == "Cheering" for d in discovered())
    for options in options_of_new().values():
        assert options[-len(LAST) - 1 :] == [*LAST, ("cheers", "Cheers to open with")]
    heard = sys.modules[f"bot.features.{NAME}"].HEARD
    world = await make_world(tmp_path, players=2)
    await world.start_bot()
    try:
        ann = world.players[0]
        refused = await world.command(ann, "claimit new", cheers=13)
        assert ephemeral_answer(refused) == "Thirteen cheers bring bad luck."
        assert heard == []
        # Refused inside the lobby's making: no lobby holds the channel, nor its number.
        lobby = (await world.command(ann, "claimit new", cheers=3)).response_message
        assert lobby is not None and not lobby.ephemeral
        [(game_id, cheers, seen)] = heard
        assert (cheers, seen) == (3, True)
        game = await world.bots[0].service.game(game_id)
        assert (game.host_id, game.kind, game.number) == (ann.id, "claimit", 1)
        await world.click(ann, lobby, "Cancel")
        await world.command(ann, "nuggets new")
        assert [(cheers, seen) for _, cheers, seen in heard] == [(3, True), (None, True)]
    finally:
        await world.stop_bots()
        await world.discord.close()
