"""Hints in friendly games. A host may open a game with hints (where the server allows
them); such a game is never rated, and keeps them from its lobby to its end, whatever
the server's setting says meanwhile. In it, the player to act may ask for a hint: each
of their options weighed by the game's judge from their own view alone (Claim: their
seat's cards, never the cards it has not seen).

The judge runs off the event loop, outside any transaction and without holding the
game: moves go on meanwhile, and a hint is of the position its button showed. Each
position's hint is kept once (the first kept stands, in any process), so a second press
is a read; and the positions a seat asked a hint in are what its result counts.

A hint is the judges' most urgent work, shared fairly between the members asking
(``bot.features.analysis.fair_share``: it waits for the pieces being judged as it
comes, its asker's other hint, and at most one piece of each other member asking). A
member may have two hints being weighed at once, one in a game; past that they are told
so at once (``TooManyHints``, ``HintStillWeighing``) and nothing is queued. Presses of
one position share its one weighing, and count once.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.features.hints import queries as hint_queries
from bot.features.hints.errors import (
    HintStillWeighing,
    NoHints,
    NoHintsForComputers,
    NothingToWeigh,
    NotYourHint,
    TooManyHints,
)
from bot.games.analysis import Weighed
from bot.service.errors import NotInGame
from bot.service.feature_service import FeatureService
from bot.service.game_checks import check_version, playing
from bot.service.game_loading import Actor, game_rules, load_for
from bot.service.game_reports import Asker, QueueFull, Urgency
from bot.storage.connection import Connection
from bot.storage.records import Game

if TYPE_CHECKING:
    from bot.service.game_changes import GameChanges


KEPT_FLAGS = 10_000
"""Games whose having hints or not is kept in memory (it never changes once a lobby is
made, and every show of a table asks), the least recently asked dropped first."""
KEPT_HINTS = 1_000
"""Hints kept in memory once weighed and stored, the oldest dropped first: a press whose
read began before its position's hint was stored finds it here, not weighed again."""


Key = tuple[int, int, int]
"""A position's hint: its game, the game's version, and the seat to act."""


@dataclass(frozen=True)
class HintsAsked:
    """What a host asks of hints as their lobby is made (``/<game> new hints:``)."""

    on: bool


@dataclass(frozen=True)
class Hint:
    """A hint as its player is shown it: the game as its button showed it, the seat to
    act, and its options weighed (the best first)."""

    game: Game
    seat: int
    weighed: Weighed


@dataclass(frozen=True)
class HintAsked:
    """Where a hint was asked: the game at the version pressed, and whether the judge
    has weighed that position already."""

    game: Game
    seat: int
    kept: hint_queries.KeptHint | None


class HintService(FeatureService):
    """Hints, asked and kept."""

    def __init__(self, core: GameChanges) -> None:
        super().__init__(core)
        self._flags: OrderedDict[int, bool] = OrderedDict()
        self._weighing: dict[Key, asyncio.Task[hint_queries.KeptHint]] = {}
        self._kept: OrderedDict[Key, hint_queries.KeptHint] = OrderedDict()

    async def hints_on(self, game_id: int) -> bool:
        """Whether the game was opened with hints (kept in memory once known: it never
        changes)."""
        flag = self._flags.get(game_id)
        if flag is None:
            flag = await self._db.read(
                lambda connection: hint_queries.has_hints(connection, game_id)
            )
        self._flags[game_id] = flag
        self._flags.move_to_end(game_id)
        while len(self._flags) > KEPT_FLAGS:
            self._flags.popitem(last=False)
        return flag

    async def hint(
        self, game_id: int, actor: Actor, version: int | None = None, read: Game | None = None
    ) -> Hint:
        """``actor``'s hint in the position the game stood in at ``version`` (what their
        button showed; ``None``: as it stands): refused in a game without hints, to
        anyone not to act there, once the game moved past it, and while they have as
        many hints being weighed as they may. Counted once per position. ``read``: the
        game as the asker's board read it for ``actor`` already, taken as it stands."""
        if actor.user_id is None:
            raise NoHintsForComputers()
        user = actor.user_id

        async def asking(connection: Connection) -> HintAsked:
            game = read if read is not None else await load_for(connection, game_id, actor)
            state = playing(game)
            if not await hint_queries.has_hints(connection, game_id):
                raise NoHints()
            check_version(game, version)
            seat = game.seat_of(user)
            if seat is None:
                raise NotInGame()
            if seat.is_bot:
                raise NoHintsForComputers()
            if seat.seat not in game_rules(game).to_act(state):
                raise NotYourHint()
            found = await hint_queries.kept(connection, game_id, game.version, seat.seat)
            return HintAsked(game, seat.seat, found)

        asked = await self._db.read(asking)
        game = asked.game
        key = (game.id, game.version, asked.seat)
        kept = asked.kept or self._kept.get(key)
        if kept is None:
            try:
                kept = await self._weighed(key, game, Asker(user, game.id, Urgency.HINT))
            except QueueFull as full:
                raise (HintStillWeighing() if full.in_game else TooManyHints(full.most)) from None
        if kept.weighed is None:
            raise NothingToWeigh()
        return Hint(game, asked.seat, kept.weighed)

    async def _weighed(self, key: Key, game: Game, asker: Asker) -> hint_queries.KeptHint:
        """The hint of ``key``'s seat in ``game`` as it stands, weighed for ``asker`` and
        kept: presses of one position at once in this process share the one weighing,
        which goes on to be kept should the presser who began it go, and is remembered
        here once kept."""
        weighing = self._weighing.get(key)
        if weighing is None:
            weighing = asyncio.create_task(self._weigh(key, game, asker))
            self._weighing[key] = weighing
            weighing.add_done_callback(lambda _: self._weighing.pop(key, None))
        return await asyncio.shield(weighing)

    async def _weigh(self, key: Key, game: Game, asker: Asker) -> hint_queries.KeptHint:
        """The judge's weighing where games are judged (a process of its own), off the
        event loop and outside any transaction, in its turn among the members asking
        (``QueueFull`` at once past ``asker``'s bound), then kept (the first kept, in
        any process, is the one shown)."""
        _, _, seat = key
        (weighed,) = await self.core.reports.weighed(game.kind, [(game.state, seat)], asker)
        now = self._clock()
        kept = await self._db.write(
            lambda connection: hint_queries.keep(
                connection, game.id, game.version, seat, weighed, now
            )
        )
        self._kept[key] = kept
        while len(self._kept) > KEPT_HINTS:
            self._kept.popitem(last=False)
        return kept

    async def hints_asked(self, game_id: int) -> dict[int, int]:
        """How many positions each seat asked a hint in, by seat."""
        return await self._db.read(lambda connection: hint_queries.asked(connection, game_id))
