"""A replay shared in its channel once, however many press **Share** at once."""

from __future__ import annotations

import asyncio

from bot.features.replays.service import ReplayService
from bot.service import GameService
from bot.service.shares import POSTED_UNASKED_FOR
from bot.storage import Database
from bot.storage.shards import Shards
from tests.bot.fixtures import Clock, started_game


async def test_a_replay_is_shared_once_however_many_press_at_once(
    database: Database, service: GameService
) -> None:
    """Share pressed by many at once (in any process: the claim is the database's): one
    press posts; the others see that share. A share given up frees it, as does its
    message deleted; one being posted holds it however long its post takes (a stop's
    included: it is owed, and posted again under its nonce), and is listed as owed for a
    day."""
    game = await started_game(service, 2)
    clock = Clock()
    replays = GameService(database, clock=clock).part(ReplayService)
    claims = await asyncio.gather(*(replays.claim_share(game.id, 5, user) for user in range(30)))
    mine = [share for share, ours in claims if ours]
    assert len(mine) == 1
    assert {share for share, _ in claims} == {mine[0]}
    (share,) = mine
    busy, ours = await replays.claim_share(game.id, 6, 99)
    assert not ours and busy == share and busy.message_id is None
    await replays.shared(game.id, share, None)
    retry, ours = await replays.claim_share(game.id, 6, 99)
    assert ours and retry.user_id == 99
    await replays.shared(game.id, retry, 1234)
    done, ours = await replays.claim_share(game.id, 7, 100)
    assert not ours and (done.channel_id, done.message_id, done.user_id) == (6, 1234, 99)
    again, ours = await replays.claim_share(game.id, 7, 100, gone=1234)
    assert ours and again.user_id == 100
    clock.now += 3600.0
    held, ours = await replays.claim_share(game.id, 8, 101)
    assert not ours and held == again
    assert await replays.unposted(Shards.every()) == [(game.id, again)]
    # Cut short long ago, it is posted at the next press, not out of the blue.
    clock.now += POSTED_UNASKED_FOR
    held, ours = await replays.claim_share(game.id, 8, 101)
    assert not ours and held == again
    assert await replays.unposted(Shards.every()) == []
