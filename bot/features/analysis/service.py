"""Reports of what decided finished games: which game a command means, each game judged
once (``judging``) and its report kept with each seat's figures (judged again at the
first ask once the report's make has changed), and where each was shared (once per
game). A report a member asks for is judged before those nobody waits for, and a member
waits for at most ``BOUNDS[Urgency.ASKED]`` reports at once (``TooManyReports``)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from typing import Any

from bot.features.analysis.errors import (
    EndedEarly,
    NoSuchGameToAnalyse,
    NothingToAnalyse,
    StillPlaying,
    TooManyReports,
)
from bot.features.analysis.fair_share import Job
from bot.features.analysis.judging import PROCESSES, Judging
from bot.features.analysis.queries import SeatRow, keep_report, stored_report
from bot.games import shared_words
from bot.games.analysis import Analysis, Played, Weighed
from bot.games.ledgers import results, won_by_seat
from bot.games.painters import PAINTERS
from bot.games.registry import registration_for, rules_for
from bot.service.feature_service import FeatureService
from bot.service.game_changes import GameChanges
from bot.service.game_reports import NOBODY, Asker, QueueFull, Urgency
from bot.service.shares import Shares
from bot.storage import Game, GameStatus, Result, SharedReplay
from bot.storage.past_game_queries import begun_game_id, last_finished_here
from bot.storage.shards import Shards

log = logging.getLogger(__name__)


class AnalysisService(FeatureService):
    """Finished games judged, each once, whoever asks and however many at once."""

    def __init__(self, core: GameChanges) -> None:
        super().__init__(core)
        # Where pictures have processes of their own, so do judges; where pictures are
        # drawn in threads (tests starting many bots), games are judged in one too.
        self.judging = Judging(PROCESSES if PAINTERS.processes else 0)
        """Where games are judged, for this feature and for those that need its reports
        (hints, drills)."""
        self._shares = Shares(core.database, core.clock, "shared_analyses")
        self._making: dict[int, tuple[asyncio.Task[Analysis], Job]] = {}

    async def which(self, guild_id: int, kind: str, channel_id: int, number: int | None) -> Game:
        """The server's game of ``kind`` numbered ``number``, or the last one finished in
        this channel; refused, in plain words, unless it was played to its end."""
        game = registration_for(kind)
        if number is None:
            found = await self._db.read(
                lambda connection: last_finished_here(connection, guild_id, kind, channel_id)
            )
            if found is None:
                raise NothingToAnalyse(game.name, game.command)
        else:
            found = await self._db.read(
                lambda connection: begun_game_id(connection, guild_id, kind, number)
            )
            if found is None:
                raise NoSuchGameToAnalyse(game.name, number, game.command)
        return self.finished(await self.core.game(found))

    @staticmethod
    def finished(game: Game) -> Game:
        """``game``, refused unless it was played to its end."""
        if game.status is GameStatus.FINISHED:
            return game
        name = shared_words.game_name(registration_for(game.kind).name, game)
        if game.status is GameStatus.CANCELLED:
            raise EndedEarly(name)
        raise StillPlaying(name)

    async def weighed(
        self, kind: str, positions: Sequence[tuple[Any, int]], asker: Asker = NOBODY
    ) -> list[Weighed | None]:
        """Each position's options weighed where games are judged, for ``asker``
        (``GameReports.weighed``)."""
        return await self.judging.weighed(kind, positions, asker)

    @property
    def judged_apart(self) -> bool:
        """Whether the judges run in processes of their own (``GameReports``)."""
        return self.judging.apart

    async def stop(self) -> None:
        """Ends the judging under way (a game cut short is judged at its next ask), so
        that none writes its report once the bot has stopped, then the judges."""
        making = [task for task, _ in self._making.values()]
        for task in making:
            task.cancel()
        await asyncio.gather(*making, return_exceptions=True)
        await self.judging.stop()

    async def stored(self, game_id: int) -> Analysis | None:
        """The game's report, if it was made."""
        kept = await self._db.read(lambda connection: stored_report(connection, game_id))
        return None if kept is None else Analysis.from_json(json.loads(kept))

    async def analysis(self, game: Game, asker: Asker | None = None) -> Analysis:
        """The finished game's report: kept, or judged now (once, for everybody asking
        meanwhile) for ``asker`` (``None``: nobody waits) and kept; one kept by an older
        make of the report is judged again. ``TooManyReports`` at once past the
        member's bound."""
        kept = await self.stored(game.id)
        if kept is not None and kept.current:
            return kept
        # One asker giving up leaves the judging to go on for the others.
        return await asyncio.shield(self.judged(game, asker))

    def judged(self, game: Game, asker: Asker | None = None) -> asyncio.Task[Analysis]:
        """The finished game's judging, begun for ``asker`` (``None``: nobody waits) or
        under way already (then judged sooner, should they want it sooner and have room):
        refused at once, in plain words, when it would be one more report than the
        member may wait for at once."""
        asker = Asker(None, game.id, Urgency.BACKGROUND) if asker is None else asker
        making = self._making.get(game.id)
        if making is not None:
            task, job = making
            self.judging.raised(job, asker)
            return task
        try:
            job = self.judging.opened(asker)
        except QueueFull as full:
            raise TooManyReports(full.most) from None
        task = asyncio.create_task(self._made(game, job))
        self._making[game.id] = task, job
        task.add_done_callback(lambda _: self._ended(game.id, job))
        return task

    def _ended(self, game_id: int, job: Job) -> None:
        job.close()
        self._making.pop(game_id, None)

    async def _made(self, game: Game, job: Job) -> Analysis:
        kept = await self.stored(game.id)
        if kept is not None and kept.current:
            return kept  # made since its asker read it
        outcomes = await self.core.history.outcomes(game.id)
        moves = await self.core.history.moves(game.id)
        played = [
            Played(outcome.before, outcome.seat, outcome.action, own=move.own)
            for outcome, move in zip(outcomes, moves, strict=True)
        ]
        # Seeded by the game: a report judged again (another process) is the same.
        analysis = await self.judging.analysis(game.kind, len(game.seats), played, game.id, job)
        log.info(
            "game %s judged: %d decisions in %.2f s of CPU",
            game.id,
            len(analysis.decisions),
            analysis.seconds,
        )
        report = json.dumps(analysis.to_json())
        seats = seat_rows(game, await self.core.history.results(game.id), analysis)
        now = self._clock()
        await self._db.write(
            lambda connection: keep_report(connection, game.id, report, now, seats)
        )
        return analysis

    async def claim_share(
        self, game_id: int, channel_id: int, user_id: int, gone: int | None = None
    ) -> tuple[SharedReplay, bool]:
        """Claims the sharing of the game's report for one press (``Shares.claim``)."""
        return await self._shares.claim(game_id, channel_id, user_id, gone)

    async def shared(self, game_id: int, share: SharedReplay, message_id: int | None) -> None:
        """The share claimed was posted as ``message_id``, or (``None``) was not posted."""
        await self._shares.posted(game_id, share, message_id)

    async def share(self, game_id: int) -> SharedReplay | None:
        """The game's report's share as it stands, if it has one."""
        return await self._shares.share(game_id)

    async def unposted(self, shards: Shards) -> list[tuple[int, SharedReplay]]:
        """The reports of ``shards``' games whose share a stop cut short."""
        return await self._shares.unposted(shards)


def seat_rows(game: Game, standings: Sequence[Result], analysis: Analysis) -> list[SeatRow]:
    """Each seat's figures from the game's report: whose seat it was (the human it counts
    for, also one a computer player took over from; else the computer player's level),
    its judged decisions and what they cost, its luck, and its result."""
    result = results(
        won_by_seat(standings, len(game.seats)), rules_for(game.kind).teams(len(game.seats))
    )
    rows = []
    for seat in game.seats:
        mine = [d for d in analysis.decisions if d.seat == seat.seat]
        user_id = seat.user_id if seat.user_id is not None else seat.left_user_id
        level = seat.bot_level if user_id is None else None
        rows.append(
            SeatRow(
                seat.seat,
                user_id,
                None if level is None else level.value,
                len(mine),
                float(sum(d.chance_cost for d in mine)),
                float(analysis.luck(seat.seat)),
                float(result[seat.seat]),
            )
        )
    return rows
