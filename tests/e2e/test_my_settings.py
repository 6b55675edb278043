"""``/my settings`` and ``/my away`` as a player types, through the real bot: time zones
offered by city in their language with the time there, in a server and in a DM with the
bot; the days away offered up to the server's limit (in a DM, to the longest any may
allow); a zone or day typed by hand that means nothing refused plainly, and so is a value
none of an option's choices offer (which a hand-made interaction can carry)."""

from __future__ import annotations

import datetime as dt
import logging

import pytest

from emulator import User
from tests.e2e.world import World, ephemeral_answer

HUGE = "9" * 20
"""A year no date holds."""


async def typed_in(world: World, user: User, command: str, option: str, value: str) -> str:
    """What ``user`` is told for ``command`` with ``option`` typed as ``value``."""
    asked = await world.discord.slash(user, world.channel, command, **{option: value})
    return ephemeral_answer(await world.discord.answer(asked))


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    traced = [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert traced == []


async def test_time_zones_are_offered_as_a_player_types_their_city(world: World) -> None:
    ann, cy = world.players[0], world.players[2]
    offered = await world.discord.autocomplete(
        ann, world.channel, "my settings", "time_zone", "Ber"
    )
    berlin = next(c for c in offered if c["value"] == "Europe/Berlin")
    assert berlin["name"].startswith("Europe/Berlin · ")
    assert len(offered) <= 25
    # In German, by the German name of the city; in the bot's DM too.
    cy.locale = "de"
    dm = world.discord.dm_with(cy)
    vienna = await world.discord.autocomplete(cy, dm, "meine einstellungen", "zeitzone", "Wien")
    assert vienna[0]["value"] == "Europe/Vienna" and vienna[0]["name"].startswith("Wien · ")
    # Before anything is typed: the zones of the country the player's language suggests.
    home = await world.discord.autocomplete(cy, dm, "meine einstellungen", "zeitzone", "")
    assert "Europe/Berlin" in [c["value"] for c in home]
    chosen = ephemeral_answer(await world.command(ann, "my settings", time_zone="Europe/Berlin"))
    assert "**Time zone** Europe/Berlin (it's" in chosen
    wrong = ephemeral_answer(await world.command(ann, "my settings", time_zone="Berlin"))
    assert "'Berlin' is no time zone I know" in wrong and "Nothing was changed" in wrong


async def test_days_away_are_offered_up_to_the_servers_limit(world: World) -> None:
    ann = world.players[0]
    await world.command(ann, "server settings", away_days=5)
    here = await world.discord.autocomplete(ann, world.channel, "my away", "until", "")
    assert len(here) == 6, "today and five days more"
    assert here[0]["name"].endswith("(today)") and here[-1]["name"].endswith("(5 days)")
    today = dt.datetime.fromtimestamp(world.clock.now(), dt.UTC).date()
    assert here[-1]["value"] == (today + dt.timedelta(days=5)).isoformat()
    anywhere = await world.discord.autocomplete(
        ann, world.discord.dm_with(ann), "my away", "until", ""
    )
    assert len(anywhere) == 25


async def test_a_day_of_any_year_typed_by_hand_is_refused_plainly(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    ann, cy = world.players[0], world.players[2]
    cy.locale = "de"
    for user, typed in (
        (ann, f"1/1/{HUGE}"),
        (ann, f"{HUGE}-01-01"),
        (ann, f"1/{HUGE}/1"),
        (cy, f"1.1.{HUGE}"),
    ):
        command = "my away" if user is ann else "meine abwesend"
        option = "until" if user is ann else "bis"
        answer = await typed_in(world, user, command, option, typed)
        assert typed in answer and "Something went wrong" not in answer, typed
        assert "Nothing was changed" in answer or "Es wurde nichts geändert" in answer, answer
    for user in (ann, cy):
        assert (await world.bots[0].service.players.get(user.id)).away is None
    no_tracebacks(caplog)
