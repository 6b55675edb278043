"""A rematch offered, answered or started while the bot is killed: the offer is posted once,
shows the answers given since, and links to the game it started
(the scenes: ``tests/e2e/test_owed_message_kills.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.features.rematch.service import RematchService
from bot.service import Actor, GameService
from tests.e2e.test_owed_message_kills import POST, WAIT, WHEN, finished_at, scene
from tests.e2e.world import describe, started

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]


CALLBACK = "POST /interactions/{id}/{token}/callback"


async def test_a_rematch_that_started_as_the_bot_was_killed_says_so_and_links_to_it(
    tmp_path: Path,
) -> None:
    """Bo's yes, the last, started the new game; the bot was killed before it could answer
    him or show the offer: started again, the new game has its one table, and the offer
    says it started and links to it, its buttons gone."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            await finished_at(GameService(database), here, shown=False)
        await here.start()
        result = await here.message(lambda m: "game over" in describe(m))
        await here.act(here.emulator.click(here.people["Ann"], result, "Rematch"))
        offer = await here.message(lambda m: "wants a rematch" in describe(m))
        bo = here.people["Bo"]
        here.kill_at(CALLBACK, lambda request: True, made=False)
        await here.emulator.click(bo, offer, "Yes, again")
        await here.killed_and_back()
        table = await here.message(lambda m: "Claim It! #2" in describe(m) and started(m))
        await here.emulator.wait_until(lambda: f"/{table.id})" in describe(offer), WAIT)
        assert "The rematch of Claim It! #1 has started: [Claim It! #2](" in describe(offer)
        assert offer.button_labels() == []
        tables = [m for m in here.channel.visible() if "Claim It! #2" in describe(m)]
        assert [m for m in tables if started(m)] == [table]


@pytest.mark.parametrize("when", WHEN)
async def test_a_rematch_offer_is_posted_once(tmp_path: Path, when: str) -> None:
    """Ann presses Rematch under the result, and the bot is killed as the offer goes out;
    started again, the offer is there once, and Bo's yes on it starts the game."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            await finished_at(GameService(database), here, shown=False)
        await here.start()
        result = await here.message(lambda m: "game over" in describe(m))
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.emulator.click(here.people["Ann"], result, "Rematch")
        await here.killed_and_back()
        await here.all_sent("rematch-offer:", 1)
        (offer,) = [m for m in here.channel.visible() if "wants a rematch" in describe(m)]
        assert f"<@{here.people['Bo'].id}>" in describe(offer)
        await here.act(here.emulator.click(here.people["Bo"], offer, "Yes, again"))
        await here.message(lambda m: "Claim It! #2" in describe(m) and started(m))


async def test_an_offer_made_before_a_kill_and_answered_since_shows_the_answer(
    tmp_path: Path,
) -> None:
    """The offer's message was made but the bot was killed before recording it, and Bo's
    yes (the last) came before the restart. Posted again under its nonce, Discord gives
    back the message made before, which still reads "1 of 2 said yes": it is edited to
    say the rematch started, linking to the new table, rather than taken as current."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            await finished_at(GameService(database), here, shown=False)
        await here.start()
        result = await here.message(lambda m: "game over" in describe(m))
        here.kill_at(POST, here.into(here.channel), made=True)
        await here.emulator.click(here.people["Ann"], result, "Rematch")
        await here.bot.exited()
        (offer,) = [m for m in here.channel.visible() if "wants a rematch" in describe(m)]
        assert "1 of 2 said yes" in describe(offer)
        async with here.opened() as database:
            service = GameService(database)
            over = await service.current_game(here.channel.id)
            game_id = over.id if over is not None else 1
            bo = Actor(here.people["Bo"].id)
            rematch = await service.part(RematchService).answer_rematch(game_id, bo, True)
            assert rematch.started is not None
        await here.start()
        table = await here.message(lambda m: "Claim It! #2" in describe(m) and started(m))
        await here.emulator.wait_until(lambda: f"/{table.id})" in describe(offer), WAIT)
        assert "The rematch of Claim It! #1 has started" in describe(offer)
        assert offer.button_labels() == []
