"""The player settings the features declare: a choice checked with its declaration and
kept by name beside the player's other settings, a value no longer among the choices (or
no longer JSON) read as the default, and the card's lines in the features' order."""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType

import pytest

from bot.service.declared_player_settings import CardLine, DeclaredPlayerSettings, player_choice
from bot.service.feature_registry import discovered, player_settings_of
from bot.service.player_settings import PlayerSettingsService
from bot.storage import Database, PlayerSettings
from bot.storage.connection import Connection
from i18n import english, language

ANN, BO = 21, 22


class Shade(StrEnum):
    LIGHT = "light"
    DARK = "dark"


SHADE = player_choice(
    "shade",
    "The shade of your cards",
    "Shade",
    {Shade.LIGHT: ("light", "light cards"), Shade.DARK: ("dark", "dark cards")},
)
"""A setting of no feature's: the core needs none to keep and check one."""


@pytest.fixture
def players(database: Database) -> PlayerSettingsService:
    return PlayerSettingsService(database, lambda: 1000.0, DeclaredPlayerSettings((SHADE,)))


def test_the_features_declare_invitations_following_then_drills() -> None:
    declared = player_settings_of(discovered())
    names = ["invitations", "following", "drills", "drill_reminders", "daily_named"]
    assert [setting.name for setting in declared.settings] == names
    lines = declared.lines(PlayerSettings(), english())
    assert lines == [
        CardLine("Invitations to private tables", "a ping where the table is", True),
        CardLine("Games you follow", "you hear of their end", False),
        CardLine("Drills from", "your mistakes and blunders", True),
        CardLine("Drill reminders", "none: you open your drills yourself", True),
        CardLine("Position of the day", "never names you", True),
    ]
    chosen = PlayerSettings(declared=MappingProxyType({"following": "rounds"}))
    assert declared.lines(chosen, language("de"))[1] == CardLine(
        "Spiele, denen du folgst", "du erfährst von ihrem Ende und vom Ende jeder Runde", False
    )


def test_a_value_is_read_by_its_declaration_and_anything_else_is_the_default() -> None:
    assert (SHADE.default, SHADE.choice(Shade.DARK).shown) == (Shade.LIGHT, "dark cards")
    for kept, read in (
        ("dark", Shade.DARK),
        ("light", Shade.LIGHT),
        ("grey", Shade.LIGHT),
        (7, Shade.LIGHT),
        (["dark"], Shade.LIGHT),
        (None, Shade.LIGHT),
    ):
        settings = PlayerSettings(declared=MappingProxyType({"shade": kept}))
        assert SHADE.of(settings) is read, kept
    assert SHADE.of(PlayerSettings()) is Shade.LIGHT
    assert SHADE.kept_as("dark") is Shade.DARK


def test_a_choice_is_checked_with_its_declaration() -> None:
    declared = DeclaredPlayerSettings((SHADE,))
    assert declared.changed({"shade": "dark"}) == {"shade": "dark"}
    assert declared.changed({"shade": None}) == {}, "None keeps it"
    with pytest.raises(ValueError, match="'grey' is none of the choices of shade"):
        declared.changed({"shade": "grey"})
    with pytest.raises(KeyError, match="no feature declares a player setting 'font'"):
        declared.changed({"font": "serif"})


async def test_a_choice_is_kept_by_name_beside_the_players_other_settings(
    database: Database, players: PlayerSettingsService
) -> None:
    assert SHADE.of(await players.get(ANN)) is Shade.LIGHT
    chosen = await players.choose(
        ANN, "en-US", time_zone="Europe/Berlin", declared={"shade": "dark"}
    )
    assert SHADE.of(chosen) is Shade.DARK and chosen.time_zone == "Europe/Berlin"
    again = PlayerSettingsService(database, lambda: 1000.0, players.declared)
    assert await again.get(ANN) == chosen
    kept = await players.choose(ANN, "en-US", declared={"shade": None}, summary_hour=9)
    assert SHADE.of(kept) is Shade.DARK and kept.summary_hour == 9
    assert SHADE.of(await players.get(BO)) is Shade.LIGHT, "each player's own"
    with pytest.raises(ValueError):
        await players.choose(ANN, "en-US", declared={"shade": "grey"})
    assert SHADE.of(await again.get(ANN)) is Shade.DARK


async def test_a_damaged_value_reads_as_the_default(
    database: Database, players: PlayerSettingsService
) -> None:
    async def damaging(connection: Connection) -> None:
        await connection.execute(
            "INSERT INTO declared_player_settings (user_id, name, value) VALUES (?, ?, ?)",
            (BO, "shade", "{not json"),
        )

    await database.write(damaging)
    assert SHADE.of(await players.get(BO)) is Shade.LIGHT
    await players.choose(BO, "en-US", declared={"shade": "dark"})
    again = PlayerSettingsService(database, lambda: 1000.0, players.declared)
    assert SHADE.of(await again.get(BO)) is Shade.DARK, "a choice mends it"
