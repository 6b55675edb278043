"""A live hand's edits land in the order they were decided: an edit of the hands' lane
already under way finishes before the seat's own answer is shown, so that an older state
(offering a turn that has passed) never lands on top of the answer's newer one."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from typing import Any, cast

from bot.discord_ui.card_layout import Card
from bot.discord_ui.live_hands import LiveHands
from bot.discord_ui.part_registry import controls_drawn
from bot.games.outcome import Outcome
from bot.storage import Game, Hand, Seat
from i18n import Language
from tests.clock import ManualClock
from tests.games.stored import stored

BO = 12


class Lane(LiveHands):
    """Live hands whose edits wait at a gate and note when they land."""

    def __init__(self) -> None:
        super().__init__(
            cast(Any, None), cast(Any, None), ManualClock(), cast(Any, None), bool, controls_drawn()
        )
        self.landed: list[str] = []
        self.gate = asyncio.Event()
        self.editing = asyncio.Event()

    async def card(
        self, game: Game, seat: int, lang: Language, last: Outcome | None
    ) -> tuple[Card, Hashable]:
        return Card(title=None, text=f"version {game.version}"), game.version

    async def _edit(self, hand: Hand, card: Card) -> bool:
        self.editing.set()
        await self.gate.wait()
        self.landed.append(card.text)
        return True


async def test_the_seats_own_answer_lands_after_an_edit_of_the_lane_under_way() -> None:
    lane = Lane()
    seats = (Seat(0, 11, None, "Ann", 0), Seat(1, BO, None, "Bo", 1))
    older = stored("claim", None, seats, over=False, version=4)
    hand = Hand(older.id, 1, BO, 99, "token", "en", lane.clock.now())
    following = asyncio.create_task(lane._follow(older, hand, None))
    await lane.editing.wait()

    async def answer() -> None:
        async with lane.showing(older.id, 1):
            lane.landed.append("version 5, the seat's own answer")

    answering = asyncio.create_task(answer())
    await asyncio.sleep(0)
    assert lane.landed == [], "the answer waits for the edit under way"
    lane.gate.set()
    await asyncio.gather(following, answering)
    assert lane.landed == ["version 4", "version 5, the seat's own answer"]
