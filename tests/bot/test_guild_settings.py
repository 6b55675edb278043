"""Server settings: defaults, checked changes, per-server storage, and what they govern."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import Actor, GameService, GuildSettingsService
from bot.service.errors import BadSetting, BotsNotAllowed, ChannelNotAllowed
from bot.service.guild_settings import SHARED_FRESH_FOR
from bot.storage import Database, GuildSettings
from tests.bot.fixtures import ANN, PLAYERS


@pytest.fixture
def settings(database: Database) -> GuildSettingsService:
    return GuildSettingsService(database)


async def test_a_server_that_changed_nothing_has_the_defaults(
    settings: GuildSettingsService,
) -> None:
    assert await settings.get(1) == GuildSettings()
    assert GuildSettings().turn_timeout == 600 and GuildSettings().lobby_timeout == 1800
    assert GuildSettings().allows(12345)


async def test_changes_are_stored_per_server_and_unnamed_values_are_kept(
    settings: GuildSettingsService,
) -> None:
    changed = await settings.change(
        1, kind="claimit", options={"variant": True}, turn_timeout=120, threads=True
    )
    assert changed == GuildSettings(
        defaults={"claimit": {"variant": True}}, turn_timeout=120, threads=True
    )
    again = await settings.change(1, bots_allowed=False, lobby_timeout=300, allow_channel=7)
    assert again == GuildSettings(
        defaults={"claimit": {"variant": True}},
        turn_timeout=120,
        lobby_timeout=300,
        threads=True,
        bots_allowed=False,
        channels=frozenset({7}),
    )
    assert await settings.get(1) == again
    assert await settings.get(2) == GuildSettings()


async def test_the_channel_list(settings: GuildSettingsService) -> None:
    await settings.change(1, allow_channel=7)
    listed = await settings.change(1, allow_channel=8)
    assert listed.channels == {7, 8}
    assert listed.allows(7) and not listed.allows(9)
    assert (await settings.change(1, disallow_channel=7)).channels == {8}
    with pytest.raises(BadSetting, match="not on the list"):
        await settings.change(1, disallow_channel=7)
    assert (await settings.change(1, all_channels=True)).channels == frozenset()


@pytest.mark.parametrize(
    "change",
    [
        {"turn_timeout": 59},
        {"turn_timeout": 7 * 24 * 3600 + 1},
        {"lobby_timeout": 0},
        {"all_channels": True, "allow_channel": 5},
        {"all_channels": True, "disallow_channel": 5},
        {"allow_channel": 5, "disallow_channel": 5},
        {"kind": "claimit", "options": {"variant": True}, "turn_timeout": 30},
        {"kind": "claimit", "options": {"no_such_option": True}},
        {"kind": "claimit", "options": {"variant": "yes"}},
        {"declared": {"season_dates": "1 January 2026"}},
        {"declared": {"season_dates": "2026-04-15, 2026-01-01"}},
        {"declared": {"season_dates": "2026-01-01, 2026-01-01"}},
        {
            "declared": {
                "season_dates": ", ".join(f"{2026 + m // 12}-{m % 12 + 1:02}-01" for m in range(25))
            }
        },
        {"declared": {"season_dates": "2019-12-01, 2026-01-01"}},
        {"declared": {"seasons": "dates"}},
        {"declared": {"seasons": "monthly", "season_dates": "2026-13-01"}},
    ],
)
async def test_a_bad_value_is_refused_in_plain_words_and_changes_nothing(
    settings: GuildSettingsService, change: dict[str, object]
) -> None:
    await settings.change(1, turn_timeout=300)
    with pytest.raises(BadSetting) as refusal:
        await settings.change(1, **change)  # type: ignore[arg-type]
    assert "Nothing was changed" in str(refusal.value)
    assert await settings.get(1) == GuildSettings(turn_timeout=300)


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("1 January 2026", "season dates are written like 2026-01-01, 2026-04-15"),
        ("2026-04-15, 2026-01-01", "2026-01-01 comes after 2026-04-15"),
        ("2019-12-01", "a season can start in 2020 at the earliest"),
        (", ".join(f"{2026 + m // 12}-{m % 12 + 1:02}-01" for m in range(25)), "at most 24"),
    ],
)
async def test_season_dates_are_refused_in_plain_words(
    settings: GuildSettingsService, typed: str, words: str
) -> None:
    with pytest.raises(BadSetting, match=words):
        await settings.change(1, declared={"season_dates": typed})


async def test_new_lobbies_follow_the_settings(
    settings: GuildSettingsService, service: GameService
) -> None:
    await settings.change(
        10,
        kind="claimit",
        options={"variant": True},
        turn_timeout=90,
        lobby_timeout=120,
        allow_channel=5,
    )
    with pytest.raises(ChannelNotAllowed, match="<#5>"):
        await service.create_lobby(kind="claimit", guild_id=10, channel_id=6, host=ANN)
    game = await service.create_lobby(kind="claimit", guild_id=10, channel_id=5, host=ANN)
    assert game.options["variant"] and game.turn_timeout == 90
    assert game.deadline == pytest.approx(game.created_at + 120)
    own = await service.create_lobby(
        kind="claimit", guild_id=11, channel_id=6, host=ANN, options={"variant": False}
    )
    assert not own.options["variant"] and own.turn_timeout == 600
    chosen = await service.create_lobby(
        kind="claimit", guild_id=11, channel_id=7, host=PLAYERS[1], turn_timeout=300
    )
    assert chosen.turn_timeout == 300
    with pytest.raises(BadSetting):
        await service.create_lobby(
            kind="claimit", guild_id=11, channel_id=8, host=ANN, turn_timeout=10
        )


async def test_bots_can_be_turned_off(settings: GuildSettingsService, service: GameService) -> None:
    game = await service.create_lobby(kind="claimit", guild_id=10, channel_id=1, host=ANN)
    await settings.change(10, bots_allowed=False)
    with pytest.raises(BotsNotAllowed):
        await service.add_bot(game.id, Actor(ANN.user_id), None)
    assert len((await service.game(game.id)).seats) == 1


async def test_settings_are_read_once_and_a_change_made_here_is_seen_at_once(
    database: Database,
) -> None:
    settings = GuildSettingsService(database)
    other = GuildSettingsService(database)  # as another process would be
    assert await settings.get(1) == GuildSettings()
    await other.change(1, turn_timeout=120)
    if not database.shared:
        # Nothing else writes a file only this process has: what it read stays true.
        assert await settings.get(1) == GuildSettings()
    changed = await settings.change(1, lobby_timeout=300)
    assert changed.turn_timeout == 120  # the change starts from what is stored
    assert await settings.get(1) == changed


async def test_with_a_shared_database_another_process_s_change_is_seen_soon(
    database: Database,
) -> None:
    now = [0.0]
    settings = GuildSettingsService(database, clock=lambda: now[0])
    other = GuildSettingsService(database)
    assert await settings.get(1) == GuildSettings()
    changed = await other.change(1, threads=True)
    now[0] += SHARED_FRESH_FOR
    if database.shared:
        assert await settings.get(1) == changed
    else:
        assert await settings.get(1) == GuildSettings()


async def test_a_read_overtaken_by_a_change_is_not_kept(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = GuildSettingsService(database)
    read = database.read

    async def overtaken(body: Any) -> Any:
        # The change lands while this read is under way: after its statements, before
        # the service sees what they read (a body awaits nothing but its statements).
        monkeypatch.setattr(database, "read", read)
        found = await read(body)
        await settings.change(1, threads=True)
        return found

    monkeypatch.setattr(database, "read", overtaken)
    assert await settings.get(1) == GuildSettings()
    assert (await settings.get(1)).threads
