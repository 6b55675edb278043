"""``/my settings`` through the real bot refuses a value none of an option's choices offer
(which a hand-made interaction can carry), and changes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.features.reliability.settings import MIN_RELIABILITY
from tests.e2e.test_my_settings import no_tracebacks, typed_in
from tests.e2e.world import World, ephemeral_answer

pytestmark = pytest.mark.e2e


async def test_a_value_none_of_the_choices_offer_is_refused_and_changes_nothing(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    ann = world.players[0]
    players = world.bots[0].service.players
    before = await players.get(ann.id)
    for option, value in (
        ("summary_at", "abc"),
        ("summary_at", "24"),
        ("quiet_from", "abc"),
        ("quiet_until", "-1"),
        ("notify", "telepathy"),
        ("language", "xx-klingon"),
        ("language", "de "),
        ("invitations", "fax"),
        ("following", "sometimes"),
    ):
        answer = await typed_in(world, ann, "my settings", option, value)
        assert answer == (
            f"{value!r} isn't one of the choices of {option}, so nothing changed: pick one of "
            "those offered."
        ), (option, value)
    # Nothing chosen changed (the language her Discord is in is noted at any interaction).
    assert replace(await players.get(ann.id), locale=before.locale) == before
    # A server's settings too (Manage Server), and a new game's options.
    for command, option in (
        ("server settings", "pings"),
        ("server settings", "away"),
        ("server settings", "language"),
        ("claimit new", "bot_level"),
    ):
        answer = await typed_in(world, ann, command, option, "xyz")
        assert f"'xyz' isn't one of the choices of {option}" in answer, command
    # A number option given no such number: refused in words, the value never saved.
    given: tuple[tuple[str, str, object, str], ...] = (
        ("nuggets new", "reliability", "abc", "is a whole number from 0 to 100, and 'abc'"),
        ("nuggets new", "reliability", 50.5, "is a whole number from 0 to 100, and '50.5'"),
        ("nuggets new", "bots", 9, "is a whole number from 0 to 4, and '9'"),
        ("server settings", "reliability", True, "is a whole number from 0 to 100, and 'True'"),
        ("server settings", "ping_delay", "5s", "is a whole number from 5 to 600, and '5s'"),
    )
    for command, option, number, said in given:
        asked = await world.discord.slash(ann, world.channel, command, **{option: number})
        answer = ephemeral_answer(await world.discord.answer(asked))
        assert f"{option} {said} isn't, so nothing changed." == answer, (command, option)
    assert await world.bots[0].service.current_game(world.channel.id) is None
    assert MIN_RELIABILITY.of(await world.bots[0].table.settings.get(world.guild.id)) is None
    no_tracebacks(caplog)
