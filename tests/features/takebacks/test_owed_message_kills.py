"""A take-back's request is posted once though the bot is killed as it posts it
(``tests/e2e/test_owed_message_kills.py`` makes the kill)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import Actor, GameService, GuildSettingsService, Player
from bot.storage.records import PingMode
from tests.e2e.test_owed_message_kills import POST, WAIT, WHEN, scene
from tests.e2e.world import describe, started

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]


@pytest.mark.parametrize("when", WHEN)
async def test_a_takeback_request_is_posted_once(tmp_path: Path, when: str) -> None:
    """Ann's and Bo's game, its first roll made: the roller presses Take back, and the bot
    is killed as the request goes out; started again, the request is there once, and the
    other player's Agree takes the roll back."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            # Pinged at once: the ping is out before the request is asked for.
            await GuildSettingsService(database).change(
                here.channel.guild_id, ping_mode=PingMode.ALWAYS, declared={"takebacks": "always"}
            )
            service = GameService(database)
            ann, bo = (Player(here.people[n].id, n) for n in ("Ann", "Bo"))
            game = await service.create_lobby(
                kind="claimit", guild_id=here.channel.guild_id, channel_id=here.channel.id, host=ann
            )
            game = await service.join(game.id, bo, game.version)
            game = await service.start(game.id, Actor(ann.user_id), game.version)
            assert game.state is not None
            roller = game.seats[game.state.turn].user_id
            assert roller is not None
            await service.turns.act(game.id, Actor(roller), None, "roll")
        (asker,) = (user for user in here.people.values() if user.id == roller)
        other = here.people["Bo" if asker.name == "Ann" else "Ann"]
        await here.start()
        table = await here.message(started)
        await here.message(lambda m: bool(m.mentions))
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.emulator.click(asker, table, "Take back")
        await here.killed_and_back()
        await here.all_sent("takeback:", 1)
        (request,) = [m for m in here.channel.visible() if "asks to take back" in describe(m)]
        assert f"<@{other.id}>" in describe(request)
        await here.act(here.emulator.click(other, request, "Agree"))
        await here.emulator.wait_until(lambda: request.deleted, WAIT)
