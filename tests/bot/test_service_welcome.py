"""The welcome's claims, on both databases: each join of the bot's to a server is
welcomed once, however many deliveries of it claim it at once, and a later join (the
server added the bot again) is welcomed again."""

from __future__ import annotations

import asyncio

from bot.features.welcome.service import WelcomeService
from bot.service import GameService

GUILD = 10


async def test_a_join_is_welcomed_once_and_a_new_join_again(service: GameService) -> None:
    welcomes = service.part(WelcomeService)
    claims = await asyncio.gather(*(welcomes.claim(GUILD, 1000.5) for _ in range(5)))
    assert sorted(claims) == [False, False, False, False, True]
    assert not await welcomes.claim(GUILD, 1000.5)
    assert await welcomes.claim(GUILD + 1, 1000.5), "another server's join is its own"
    assert await welcomes.claim(GUILD, 2000.25)
    assert not await welcomes.claim(GUILD, 2000.25)
