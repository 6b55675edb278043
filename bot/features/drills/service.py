"""Drills: a player's own mistakes from their finished games, asked again until they know
them.

Each finished game's drills are made once (``making``): every decision of a player's
own that its report of what decided it graded a mistake or a blunder (an inaccuracy too,
as the player chose, ``DRILLS_FROM``) is a position to answer again, its options weighed
from the player's seat alone. A drill is the position, not the game: the same position
met in a later game joins it, and, a mistake made again, lapses (due at once). A new
drill is due at once; each answer is a review of its FSRS card (``schedule``): a right
answer (the best option, or one as good) spaces it out further, the less when the
options' costs were shown first (``hint``), and a wrong one brings it back soon, the
next day at the soonest. Drills from before FSRS are carried over, with their history,
at the service's first read (``queries.carried_cards``).

Judging a game and weighing its positions take CPU seconds: they are done where games
are judged (``GameService.reports``: processes of their own), before and never inside
the write that keeps the drills, which holds no game. A game is made when it ends (once
``start`` was called: the bot's Discord part does, where the judges run apart from the
bot's process), and, for any game that missed it (a stop between its end and its
making, a game from before drills, a bot judging in a thread), when its player asks
for their drills.

A decision becomes a drill only where one of its options is clearly the best
(``making.clearly_best``): a near tie, where a player can't be told they were wrong,
stays in the report alone.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, replace
from fractions import Fraction

from bot.features.drills import making, queries, schedule, themes
from bot.features.drills.daily import DailyPositions
from bot.features.drills.drill import Answered, Drill
from bot.features.drills.errors import (
    DrillAlreadyAnswered,
    DrillGameGone,
    NoSuchDrill,
    NotAnOption,
)
from bot.features.drills.queries import KeptDrill
from bot.games.analysis import Analysis, Weighed, graded_by
from bot.games.registry import REGISTERED, REGISTRATIONS, analyst_for, rules_for
from bot.service.feature_service import FeatureService
from bot.service.game_changes import GameChanges
from bot.service.game_service import GameService
from bot.storage.connection import Connection
from bot.storage.records import Game, GameStatus

log = logging.getLogger(__name__)

SESSION = 5
"""The drills a session asks at most."""
OWED_AT_ONCE = 5
"""The games not yet made that an ask for drills makes at most, the latest ended first:
a player with a long history before drills waits for five games' judging, not all of
theirs (the rest come at their next asks)."""
CARRIED_AT_ONCE = 500
"""The ladder's drills one write carries over to FSRS at most: their cards are made off
the event loop, and no write holds the database for all of a large server's drills."""
COMPARED = 20
"""The finished games progress compares: a player's first so many, and their last, once
they have twice as many judged (apart, neither window shares a game with the other)."""


@dataclass(frozen=True)
class Progress:
    """A player's drills of one game, and how their decisions in it went."""

    kind: str
    due: int
    learning: int
    """Not due, and not yet known."""
    known: int
    """Not due, and known (``schedule.KNOWN``): asked again weeks from now, or later."""
    judged: int
    """Their finished games of this kind that were judged: a game nobody asked a report
    or drills of is not judged, so not counted."""
    cost: Fraction | None
    """What their decisions cost, per decision, on the scale every unit shares
    (``Thresholds.scale``), over every judged game (``None``: none, or no decision of
    theirs in any)."""
    first_cost: Fraction | None = None
    """The same over their first ``COMPARED`` judged games, once they have ``2 *
    COMPARED`` (``None`` before: the first and the last would share games)."""
    recent_cost: Fraction | None = None
    """The same over their last ``COMPARED``, beside ``first_cost``."""


class DrillService(FeatureService):
    """Each player's drills: made from their finished games, served when due, spaced by
    their answers."""

    def __init__(self, core: GameChanges) -> None:
        super().__init__(core)
        self._making: dict[int, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self._carried: asyncio.Task[None] | None = None
        self.daily = DailyPositions(self._db, self._clock)
        """Each server's position of the day: posted by the Discord part, answered there
        and on the board alike."""

    def start(self) -> None:
        """Makes each game's drills in the background as it ends, from now until
        ``stop``."""
        if self._watched not in self.core.watchers:
            self.core.watchers.append(self._watched)

    async def stop(self) -> None:
        """Stops making drills at games' ends, and returns once the makings under way
        have ended (cut short: a game not made is made at its player's next ask)."""
        if self._watched in self.core.watchers:
            self.core.watchers.remove(self._watched)
        going = [*self._making.values(), *self._background]
        for task in going:
            task.cancel()
        await asyncio.gather(*going, return_exceptions=True)

    async def settled(self) -> None:
        """Returns once the drills being made now are (a bench's, a test's wait)."""
        while self._making or self._background:
            await asyncio.gather(*self._making.values(), *self._background, return_exceptions=True)

    async def due(
        self, user_id: int, kind: str | None = None, limit: int = SESSION, theme: str | None = None
    ) -> list[Drill]:
        """The player's drills due now (of the game ``kind``, or of every game; of its
        ``theme`` too, where given), the earliest due first, at most ``limit``; first made
        from their finished games not yet made (``OWED_AT_ONCE`` of them), and the themes
        of their drills made before themes worked out."""
        await self._carried_over()
        kinds = [game.kind for game in REGISTERED if kind in (None, game.kind)]
        owed = await self._db.read(lambda c: queries.owed_games(c, user_id, kinds))
        for game_id in owed[:OWED_AT_ONCE]:
            await self._made_quietly(game_id)
        await self._themed(user_id)
        now = self._clock()
        kept = await self._db.read(
            lambda c: queries.due_drills(c, user_id, kind, now, limit, theme)
        )
        return [_drill(each) for each in kept]

    async def weak_themes(self, user_id: int) -> list[themes.ThemeCost]:
        """The player's weakest themes (``themes.weakest``), their drills' themes worked
        out first."""
        await self._carried_over()
        await self._themed(user_id)
        found = await self._db.read(lambda c: queries.themed(c, user_id, worked_out=True))
        # Every drill's options are read and weighed: hundreds for a keen player.
        return await asyncio.to_thread(themes.weakest, found)

    async def _themed(self, user_id: int) -> None:
        """Works out the themes of the player's drills made before themes, and keeps
        them (once: a drill whose theme is kept is read no more)."""
        unthemed = await self._db.read(lambda c: queries.themed(c, user_id, worked_out=False))
        if unthemed:
            found = await asyncio.to_thread(themes.worked_out, unthemed)
            await self._db.write(lambda c: queries.set_themes(c, found))

    async def drill(self, user_id: int, drill_id: int) -> Drill:
        """The player's drill ``drill_id``, refused where it is none of theirs
        (``NoSuchDrill``: the same words for another member's as for none) or its game is
        no longer kept (``DrillGameGone``)."""
        await self._carried_over()
        kept = await self._db.read(lambda c: queries.kept_drill(c, user_id, drill_id))
        return _drill(_askable(kept))

    async def answer(self, user_id: int, drill_id: int, version: int, option: str) -> Answered:
        """The player's answer ``option`` to the drill as it stood at ``version``: a
        review of its card (``schedule.rating``), in one write that checks the version,
        so that of two answers to one version one counts and the other is refused
        (``DrillAlreadyAnswered``); refused also as ``drill`` refuses and for an option it
        did not have (``NotAnOption``), nothing changed."""
        seen = await self.drill(user_id, drill_id)
        if option not in dict(seen.weighed.worths):
            raise NotAnOption()
        if seen.version != version:
            raise DrillAlreadyAnswered()
        cost = seen.weighed.cost(option)
        right = cost == 0
        now = self._clock()

        async def answering(connection: Connection) -> KeptDrill:
            kept = _askable(await queries.kept_drill(connection, user_id, drill_id))
            if kept.version != version:
                raise DrillAlreadyAnswered()
            rated = schedule.rating(right, kept.hinted_version == version)
            card = schedule.answered(kept.card, rated, now)
            if not await queries.answered(connection, kept, card):
                raise DrillAlreadyAnswered()
            return replace(kept, card=card, version=kept.version + 1)

        written = await self._db.write(answering)
        return Answered(
            _drill(written), option, seen.weighed.best, cost, right, written.card.due_at
        )

    async def hint(self, user_id: int, drill_id: int, version: int) -> Drill:
        """The player's drill as it stood at ``version``, its options' costs now shown:
        noted in one write that checks the version, so that a right answer to it is
        rated Hard whatever the answer's press says (shown again, the same); refused as
        ``drill`` refuses, and where it was answered since (``DrillAlreadyAnswered``),
        nothing changed."""
        seen = await self.drill(user_id, drill_id)
        if seen.version != version:
            raise DrillAlreadyAnswered()

        async def hinting(connection: Connection) -> KeptDrill:
            kept = _askable(await queries.kept_drill(connection, user_id, drill_id))
            if kept.version != version or not await queries.hinted(connection, kept):
                raise DrillAlreadyAnswered()
            return replace(kept, hinted_version=version)

        return _drill(await self._db.write(hinting))

    async def due_count(
        self, user_id: int, kind: str | None = None, theme: str | None = None
    ) -> int:
        """How many of the player's drills are due now, of the game ``kind`` or of every
        game (of its ``theme`` too, where given; nothing made)."""
        await self._carried_over()
        now = self._clock()
        return await self._db.read(lambda c: queries.due_count(c, user_id, kind, now, theme))

    async def progress(self, user_id: int) -> list[Progress]:
        """The player's drills of each game they have drills or finished games of, in the
        games' order, beside what their decisions cost in their judged games of it, and in
        their first and last ``COMPARED`` once they have twice as many (games nobody
        judged count in none)."""
        await self._carried_over()
        now = self._clock()

        async def reading(
            connection: Connection,
        ) -> tuple[list[queries.Counts], list[queries.Judged]]:
            return (
                await queries.counts(connection, user_id, now),
                await queries.finished_games(connection, user_id),
            )

        counts, games = await self._db.read(reading)
        counted = {each.kind: each for each in counts}
        found = []
        for registered in REGISTERED:
            kind = registered.kind
            played = [game for game in games if game.kind == kind]
            standing = counted.get(kind)
            if standing is None and not played:
                continue
            judged = [game for game in played if game.report is not None]
            apart = len(judged) >= 2 * COMPARED
            found.append(
                Progress(
                    kind,
                    standing.due if standing else 0,
                    standing.learning if standing else 0,
                    standing.known if standing else 0,
                    len(judged),
                    making.cost_per_decision(kind, judged),
                    making.cost_per_decision(kind, judged[:COMPARED]) if apart else None,
                    making.cost_per_decision(kind, judged[-COMPARED:]) if apart else None,
                )
            )
        return found

    async def made(self, game_id: int) -> None:
        """Makes the finished game's drills, unless they are made (once, for every asker
        meanwhile; once across processes and restarts too: the write that keeps them
        notes the game as made, and a game noted writes nothing)."""
        making_it = self._making.get(game_id)
        if making_it is None:
            making_it = asyncio.create_task(self._make(game_id))
            self._making[game_id] = making_it
            making_it.add_done_callback(lambda _: self._making.pop(game_id, None))
        # One asker giving up leaves the making to go on for the others.
        await asyncio.shield(making_it)

    async def _make(self, game_id: int) -> None:
        if await self._db.read(lambda c: queries.is_made(c, game_id)):
            return
        game = await self.core.game(game_id)
        if game.status is not GameStatus.FINISHED or game.kind not in REGISTRATIONS:
            return
        analysis = await self.core.reports.analysis(game)
        met = await self._met(game, analysis)
        await self._carried_over()
        now = self._clock()
        if await self._db.write(lambda c: queries.make(c, game.id, met, now)):
            log.info("game %s made %d drills", game.id, len(met))

    async def _met(self, game: Game, analysis: Analysis) -> list[queries.Met]:
        """The game's decisions that become its players' drills, weighed where games are
        judged."""
        outcomes = await self.core.history.outcomes(game.id)
        moves = await self.core.history.moves(game.id)
        least = {}
        for seat in game.seats:
            if seat.user_id is not None:
                settings = await self._core().players.get(seat.user_id)
                least[seat.seat] = making.least_grade(settings)
        analyst = analyst_for(game.kind)
        grade = graded_by(analyst.chance_thresholds, analyst.thresholds)
        chosen = [
            decision
            for decision in analysis.decisions
            if decision.seat in least
            and moves[decision.move].own
            and grade(decision) >= least[decision.seat]
        ]
        positions = [(outcomes[decision.move].before, decision.seat) for decision in chosen]
        weighed = zip(
            making.keys(game.kind, positions),
            await self.core.reports.weighed(game.kind, positions),
            strict=True,
        )
        rules = rules_for(game.kind)
        assert game.finished_at is not None
        met: dict[tuple[int, str], queries.Met] = {}
        for decision, (position, found) in zip(chosen, weighed, strict=True):
            if found is None or not making.clearly_best(game.kind, found):
                # Nothing to decide, or a near tie: the report keeps it, no drill does.
                continue
            user_id = game.seats[decision.seat].user_id
            assert user_id is not None
            # A position met twice in one game is one drill, where it was met last.
            met[user_id, position] = queries.Met(
                user_id,
                game.kind,
                position,
                decision.seat,
                rules.state_to_json(outcomes[decision.move].before),
                found.to_json(),
                decision.chosen,
                game.id,
                game.guild_id,
                decision.move,
                game.finished_at,
                themes.theme_of(game.kind, outcomes[decision.move].before, decision.seat, found),
            )
        return list(met.values())

    def _watched(self, game_id: int, game: Game | None) -> None:
        """A change committed: a game that just ended has its drills made."""
        if game is None or game.status is not GameStatus.FINISHED:
            return
        task = asyncio.get_running_loop().create_task(self._made_quietly(game_id))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _made_quietly(self, game_id: int) -> None:
        """Makes the game's drills; a failure (a game whose data is damaged) is logged,
        the game left to be made at its player's next ask, and their drills served
        meanwhile."""
        try:
            await self.made(game_id)
        except Exception:
            log.exception("the drills of game %d were not made", game_id)

    async def _carried_over(self) -> None:
        """Carries the drills the ladder kept over to FSRS, once a process, before its
        first read of them (a drill carried over by another process meanwhile is left as
        it made it); one that failed is tried again at the next read."""
        carrying = self._carried
        if carrying is None or (
            carrying.done() and (carrying.cancelled() or carrying.exception() is not None)
        ):
            carrying = self._carried = asyncio.create_task(self._carry_over())
        await asyncio.shield(carrying)

    async def _carry_over(self) -> None:
        carried = 0
        while ladder := await self._db.read(lambda c: queries.on_the_ladder(c, CARRIED_AT_ONCE)):
            carried += await self._carry(ladder)
        if carried:
            log.info("%d drills carried over from the ladder to FSRS", carried)

    async def _carry(self, ladder: list[queries.OnTheLadder]) -> int:
        """Carries ``ladder`` over, its cards made off the event loop: how many."""
        cards = await asyncio.to_thread(queries.carried_cards, ladder)
        await self._db.write(lambda c: queries.carried(c, cards))
        return len(cards)

    def _core(self) -> GameService:
        core = self.core
        assert isinstance(core, GameService)
        return core


def _askable(kept: KeptDrill | None) -> KeptDrill:
    if kept is None:
        raise NoSuchDrill()
    if kept.game_id is None:
        raise DrillGameGone()
    return kept


def _drill(kept: KeptDrill) -> Drill:
    assert kept.game_id is not None
    return Drill(
        kept.id,
        kept.user_id,
        kept.kind,
        kept.seat,
        rules_for(kept.kind).state_from_json(kept.state),
        Weighed.from_json(kept.weighed),
        kept.chosen,
        kept.game_id,
        kept.guild_id,
        kept.move,
        schedule.card_of(kept.card),
        kept.card.due_at,
        kept.version,
        kept.hinted_version == kept.version,
    )
