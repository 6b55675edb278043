"""What each feature adds, and to what, read from its ``FEATURE`` alone: the features ×
slots matrix (the moments of the core's changes, the slots of its messages, the game
events, Discord's events), and the start-up check that holds each declaration against
its classes, refusing a slot implemented but not named, named but not implemented,
misspelt, or taking other parameters."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import discord
import pytest

from bot import command_line
from bot.declared_slots import Misdeclared
from bot.discord_ui.card_layout import Line, Rows
from bot.discord_ui.game_events import EVENTS, GameEnded
from bot.discord_ui.message_hooks import SLOTS, Adds
from bot.discord_ui.part import Declaration, Part, check_part, check_parts, features_parts
from bot.discovery import declared
from bot.feature_folders import FOLDER, ORDER
from bot.service.feature_registry import DiscordPart, Feature, check_hooks, discovered
from bot.service.game_hooks import MOMENTS, GameHooks
from bot.storage import Game
from bot.storage.connection import Connection
from bot.storage.records import FinishedTable
from i18n import Language
from tests.features_beside import features_beside

LISTENS = "Discord events"


def columns(features: dict[str, Feature]) -> list[str]:
    """The matrix's columns: every moment, slot and event, then Discord's events the
    features name."""
    listened = sorted({each for f in features.values() if f.discord for each in f.discord.listens})
    return [*MOMENTS, *SLOTS, *EVENTS, *(f"on_{each}" for each in listened)]


def named(feature: Feature) -> set[str]:
    """What ``feature`` says it adds to, as the matrix's columns name it."""
    part = feature.discord or DiscordPart()
    return {
        *feature.moments,
        *part.slots,
        *part.events,
        *(f"on_{each}" for each in part.listens),
    }


def matrix(features: dict[str, Feature]) -> str:
    """The features × slots matrix, a line a slot some feature names, an ``x`` where a
    feature names it."""
    shown = [
        column for column in columns(features) if any(column in named(f) for f in features.values())
    ]
    width = max(map(len, shown))
    lines = [" " * width + " " + " ".join(name[:4].ljust(4) for name in features)]
    for column in shown:
        cells = ("x" if column in named(f) else "." for f in features.values())
        lines.append(column.ljust(width) + " " + " ".join(cell.ljust(4) for cell in cells).rstrip())
    return "\n".join(lines)


def test_the_matrix_is_read_from_the_declarations_alone() -> None:
    features = declared(FOLDER, "FEATURE", Feature, ORDER)
    printed = matrix(features)
    print(printed)
    rows = {line.split()[0]: line.split()[1:] for line in printed.splitlines()[1:]}
    names = list(features)
    assert rows["results_written"][names.index("ladder")] == "x"
    assert rows["leaderboard_view"][names.index("seasons")] == "x"
    assert rows["on_guild_join"][names.index("welcome")] == "x"
    assert rows["game_ended"].count("x") == 5
    # Every slot a feature adds to is a column: none of the features' is left out.
    assert all(named(f) <= set(columns(features)) for f in features.values())


def test_every_feature_names_what_its_classes_implement() -> None:
    features = declared(FOLDER, "FEATURE", Feature, ORDER)
    check_hooks(features)
    check_parts()
    assert len(features_parts()) == len([f for f in features.values() if f.discord])


class Counting(GameHooks):
    async def results_written(self, connection: Connection, table: FinishedTable) -> None:
        pass


class Misnamed(GameHooks):
    async def finished(self, connection: Connection, game: Game, when: float) -> None:
        pass


def test_hooks_named_and_implemented_must_be_the_same() -> None:
    check_hooks({"counting": Feature(hooks=Counting(), moments=("results_written",))})
    cases = {
        "Counting implements moments it doesn't name: results_written": Feature(hooks=Counting()),
        "names moments but has no GameHooks of its own": Feature(moments=("finished",)),
        "names moments that don't exist: finishd": Feature(moments=("finishd",)),
        "Misnamed.finished isn't made as the slot is (an async def, its parameters)": Feature(
            hooks=Misnamed(), moments=("finished",)
        ),
    }
    for problem, feature in cases.items():
        with pytest.raises(Misdeclared) as refused:
            check_hooks({"counting": feature})
        assert str(refused.value) == f"the features can't start: counting {problem}"


class Tables(Part, Adds):
    async def table_rows(self, game: Game, lang: Language) -> Rows:
        return ()

    async def game_ended(self, ended: GameEnded) -> None:
        pass

    async def on_guild_join(self, guild: discord.Guild) -> None:
        pass


class OtherLines(Part, Adds):
    async def table_lines(self, game: Game, language: Language) -> Sequence[Line]:
        return ()


class NotAdds(Part):
    async def table_rows(self, game: Game, lang: Language) -> Rows:
        return ()

    def game_ended(self, ended: GameEnded) -> None:
        """Not awaitable: the core would await what it returns."""

    @property
    def game_shown(self) -> None:
        """Not a method at all."""


def test_a_discord_part_named_and_implemented_must_be_the_same() -> None:
    right = DiscordPart(slots=("table_rows",), events=("game_ended",), listens=("guild_join",))
    assert check_part(right, Declaration(Tables)) == []
    assert check_part(None, None) == []
    cases = [
        (DiscordPart(events=("game_ended",), listens=("guild_join",)), Tables),
        (DiscordPart(slots=("table_rows", "result_rows"), events=("game_ended",)), Tables),
        (DiscordPart(slots=("tabel_rows",)), Part),
        (DiscordPart(slots=("table_lines",)), OtherLines),
        (DiscordPart(slots=("table_rows",), events=("game_shown", "game_ended")), NotAdds),
    ]
    problems = [check_part(named, Declaration(part)) for named, part in cases]
    assert problems == [
        ["Tables implements slots it doesn't name: table_rows"],
        [
            "names slots Tables doesn't implement: result_rows",
            "Tables handles Discord's events guild_join, not those named: none",
        ],
        ["Part isn't Adds", "names slots that don't exist: tabel_rows"],
        ["OtherLines.table_lines isn't made as the slot is (an async def, its parameters)"],
        [
            "NotAdds isn't Adds",
            "NotAdds.game_shown isn't made as the slot is (an async def, its parameters)",
            "NotAdds.game_ended isn't made as the slot is (an async def, its parameters)",
        ],
    ]
    assert check_part(None, Declaration(Part)) == [
        "has a Discord part its FEATURE doesn't name (discord=DiscordPart(...))"
    ]
    assert check_part(DiscordPart(), None) == [
        "names a Discord part (discord=...) but has no discord package declaring PART"
    ]


MISNAMED = {
    "__init__.py": (
        "from bot.service.feature_registry import DiscordPart, Feature\n\n"
        "FEATURE = Feature(discord=DiscordPart(slots=('table_rows',)))\n"
    ),
    "discord/__init__.py": (
        "from bot.discord_ui.message_hooks import Adds\n"
        "from bot.discord_ui.part import Declaration, Part\n\n"
        "class Quiet(Part, Adds):\n"
        "    pass\n\n"
        "PART = Declaration(Quiet)\n"
    ),
}


def test_the_bot_refuses_to_start_with_a_slot_named_and_not_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Neither the bot nor the sandbox gets as far as its settings.
    monkeypatch.setattr(command_line, "Settings", None)
    with features_beside(tmp_path, {"quiet": MISNAMED}):
        assert len(discovered()) == len(ORDER) + 1
        assert command_line.main(["--sandbox"]) == 1
    assert capsys.readouterr().err == (
        "claimit: the features can't start: quiet names slots Quiet doesn't implement: table_rows\n"
    )
