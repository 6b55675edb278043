"""The deadline watch's sweep for games whose messages are behind leaves alone a game
whose change or show is under way in this process: the database can't tell it from one
left behind, and the reconciler's catch-up would hold the game (every move on it waiting)
for as long as that show waits on the channel."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from bot.background.deadlines import DeadlineWatch
from bot.background.reconciler import MessageReconciler
from bot.service import GameService
from bot.service.deadline_reads import DeadlineLook
from bot.service.shard_leases import ShardLeases
from bot.storage.records import DueGames
from tests.clock import ManualClock

BEING_SHOWN = 2


class _Reads:
    """The database's answers: games 1 to 3 behind, game 3 also past its deadline."""

    async def deadline_look(self, shards: Any) -> DeadlineLook:
        return DeadlineLook(
            now=0.0,
            found=DueGames(due=[(3, 5)], unshown=frozenset({BEING_SHOWN, 3}), damaged=[]),
            reminders=[],
            returns=[],
            next_deadline=None,
            next_reminder=None,
            next_away_over=None,
        )

    async def damaged_games(self, shards: Any) -> list[tuple[int, str]]:
        return []

    async def games_not_shown(self, shards: Any) -> list[int]:
        return [1, BEING_SHOWN, 3]


class _Table:
    """The live table as the watch sees it: game 2's show is under way here."""

    def __init__(self, reconciler: MessageReconciler) -> None:
        reads = _Reads()
        self.service = cast(
            GameService, type("Service", (), {"deadlines": reads, "messages": reads})
        )
        self.leases = cast(ShardLeases, type("Leases", (), {"shards": None}))
        self.reconciler = reconciler

    async def game_broken(self, game_id: int) -> None:
        raise AssertionError("no game is damaged")

    def showing(self, game_id: int) -> bool:
        return game_id == BEING_SHOWN


async def test_the_sweep_hands_over_only_the_games_no_show_here_is_bringing_up() -> None:
    caught_up: list[int] = []

    async def catch_up(game_id: int) -> None:
        caught_up.append(game_id)

    clock = ManualClock()
    reconciler = MessageReconciler(catch_up, clock, lambda error: False)
    passed: list[int] = []

    async def deadline_passed(game_id: int, version: int) -> None:
        passed.append(game_id)

    async def nothing(*_: object) -> None:
        raise AssertionError("nothing else is due")

    watch = DeadlineWatch(_Table(reconciler), deadline_passed, nothing, nothing, clock)
    reconciler.start()
    try:
        await watch.handle_due()
        await asyncio.wait_for(reconciler.idle.wait(), 5)
    finally:
        await reconciler.stop()
    assert sorted(caught_up) == [1, 3], "game 2's own show brings it up, not the reconciler"
    assert passed == [], "a deadline whose turn nobody was shown waits for its show"
